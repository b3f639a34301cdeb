import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name for each kind of file in the modules (issue 30 s.8, docs/decisions/323): zod schemas in
 * `schemas.ts` or `<area>-schemas.ts`; the demo seed in `<area>-demo-seed.server.ts` (or the module's
 * `demo-seed.server.ts`), imported only by another demo seed or by the module's index, so no production
 * code path reaches it except the seed entry points (`npm run seed`, the embedded first start).
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const moduleFiles = files(path.join(root, 'modules'))
  .map((f) => path.relative(root, f))
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const DEMO_SEED = /(^|\/|-)demo-seed\.server\.ts$/;

describe('file names in the modules', () => {
  it('zod schema files are schemas.ts or <area>-schemas.ts', () => {
    expect(moduleFiles.filter((f) => /schema/.test(path.basename(f)) && !/(^|-)schemas\.ts$/.test(path.basename(f)))).toEqual([]);
  });

  it('demo seed steps live in *demo-seed.server.ts files', () => {
    const seeding = moduleFiles.filter((f) => /export (async )?function seedDemo/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(seeding.length).toBeGreaterThan(3);
    expect(seeding.filter((f) => !DEMO_SEED.test(f))).toEqual([]);
  });

  it('only a demo seed or a module index imports a demo seed file', () => {
    const wrong: string[] = [];
    for (const f of moduleFiles) {
      if (DEMO_SEED.test(f) || f.endsWith('/index.server.ts')) continue;
      for (const m of fs.readFileSync(path.join(root, f), 'utf8').matchAll(/from '([^']+)'/g)) if (/demo-seed/.test(m[1]!)) wrong.push(`${f} imports ${m[1]}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('file homes in app/ (docs/decisions/341)', () => {
  it('app/components holds React only: no *.server.ts but a component re-exported for the server render', () => {
    const components = files(path.join(root, 'app/components')).map((f) => path.relative(root, f));
    // A `.server` file whose whole content is a re-export of a sibling component is React, named so
    // the browser build stubs it (Remix's .server convention) and loads the component later (decision 351).
    const reExportOnly = (f: string) => /^export \{ \w+ \} from '\.\/[\w-]+';$/.test(fs.readFileSync(path.join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').trim());
    expect(components.filter((f) => /\.server\.tsx?$/.test(f) && !reExportOnly(f))).toEqual([]);
    expect(components.filter((f) => /\.server\.tsx?$/.test(f) && reExportOnly(f))).toEqual(['app/components/feed/post-editor-ssr.server.ts']);
  });

  it("a feature's folder under app/features holds route-support code, not routes or components", () => {
    const features = files(path.join(root, 'app/features')).map((f) => path.relative(root, f));
    expect(features.length).toBeGreaterThan(10);
    expect(features.filter((f) => /export default function/.test(fs.readFileSync(path.join(root, f), 'utf8')))).toEqual([]);
  });
});
