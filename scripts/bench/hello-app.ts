import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, runToEnd } from '../lib/server-process';

/**
 * The bench's yardstick: a bare Remix "hello" app generated into a temporary directory and built
 * with the project's own node_modules (same Remix, React, Express and compression versions, the
 * same future flags and the same patched router), served the way Remix's Express template serves
 * an app: compression, the two static folders, then Remix. Its yardstick route, GET /bench/hello, is
 * a resource route answering "hello", like Leda's app/routes/bench.hello.ts. A second route, GET
 * /bench/page, is the smallest document a Remix page can be (a loader, a heading and one link): it
 * shows what any HTML page costs before the app does anything, the floor under Leda's pages.
 */
export async function buildHelloApp(logFile: string): Promise<{ dir: string; entry: string; remove: () => void }> {
  const { default: config } = (await import(path.join(repoRoot, 'remix.config.js'))) as { default: { future?: Record<string, boolean> } };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-bench-hello-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // Remix reads the server runtime from package.json; the versions are the project's own.
  const own = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const deps = Object.fromEntries(['@remix-run/node', '@remix-run/react', '@remix-run/express', 'express', 'compression', 'react', 'react-dom'].map((d) => [d, own.dependencies[d] ?? '*']));
  write('package.json', JSON.stringify({ name: 'remix-hello', private: true, type: 'module', sideEffects: false, dependencies: deps }));
  write(
    'remix.config.js',
    `export default ${JSON.stringify({ appDirectory: 'app', serverBuildPath: 'build/index.js', assetsBuildDirectory: 'public/build', publicPath: '/build/', serverModuleFormat: 'esm', serverPlatform: 'node', future: config.future ?? {} }, null, 2)};\n`,
  );
  write(
    'app/root.jsx',
    `import { Links, Meta, Outlet, Scripts } from '@remix-run/react';
export default function App() {
  return (<html lang="en"><head><meta charSet="utf-8" /><Meta /><Links /></head><body><Outlet /><Scripts /></body></html>);
}
`,
  );
  write(
    'app/routes/bench.page.jsx',
    `import { Link } from '@remix-run/react';
export function loader() {
  return { greeting: 'Hello' };
}
export default function Page() {
  return (<main><h1>Hello</h1><p><Link to="/bench/hello">hello</Link></p></main>);
}
`,
  );
  write('app/routes/bench.hello.js', `export function loader() {\n  return new Response('hello', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });\n}\n`);
  write(
    'server.js',
    `import path from 'node:path';
import express from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/express';
import * as build from './build/index.js';
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use('/build', express.static(path.resolve('public/build'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.resolve('public'), { maxAge: '1h' }));
app.all('*', createRequestHandler({ build, mode: 'production' }));
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
`,
  );
  await runToEnd(path.join(repoRoot, 'node_modules/.bin/remix'), ['build'], { ...process.env, NODE_ENV: 'production' }, logFile, dir);
  return { dir, entry: path.join(dir, 'server.js'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
