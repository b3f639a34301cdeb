import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@modules/shared/index.server';
import { makeUser, signIn } from '../../tests/support/factories';
import { createHttpApp } from './http-app.server';
import { FORM_BODY_LIMIT, JSON_BODY_LIMIT } from './body-limit.server';

/**
 * The Express app as server.ts serves it, on a loopback port, with a Remix build made of the real
 * entry and the real route modules for an /api JSON path, a form action and an upload path: bodies
 * are counted as they stream in, chunked or not, and refused at their limit (decision 238).
 */
const PHOTO_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
let server: http.Server;
let port: number;

async function testBuild(): Promise<ServerBuild> {
  const routes = {
    'routes/contact': { path: 'contact', module: await import('../routes/contact') },
    'routes/api+/auth+/login': { path: 'api/auth/login', module: await import('../routes/api+/auth+/login') },
    'routes/api+/file+/uploadProfilePhoto': { path: 'api/file/uploadProfilePhoto', module: await import('../routes/api+/file+/uploadProfilePhoto') },
    'routes/blobs.$blobId': { path: 'blobs/:blobId', module: await import('../routes/blobs.$blobId') },
  };
  const serverRoutes: ServerBuild['routes'] = { root: { id: 'root', path: '', module: { default: () => null } } };
  const entryRoutes: ServerBuild['assets']['routes'] = {
    root: { id: 'root', path: '', module: '/root.js', hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
  };
  for (const [id, r] of Object.entries(routes)) {
    serverRoutes[id] = { id, parentId: 'root', path: r.path, module: r.module as never };
    entryRoutes[id] = { id, parentId: 'root', path: r.path, module: `/${id}.js`, hasAction: 'action' in r.module, hasLoader: 'loader' in r.module, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false };
  }
  return {
    mode: 'production',
    entry: { module: (await import('../entry.server')) as never },
    routes: serverRoutes,
    assets: { entry: { module: '/entry.js', imports: [] }, routes: entryRoutes, url: '/manifest.js', version: 'test' },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: false } as never,
    isSpaMode: false,
  };
}

beforeAll(async () => {
  const app = createHttpApp({ build: await testBuild(), env: loadEnv(), mode: 'production' });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body written to the socket before the answer came. */
  sent: number;
}

/**
 * POSTs `prefix` then `filler` (64 KB of 'a' unless given) again and again up to `total`, chunked
 * (no Content-Length), as fast as the server reads them, and stops writing as soon as the answer arrives.
 */
function postChunked(path: string, opts: { contentType: string; prefix?: string; filler?: Buffer; total: number; headers?: Record<string, string> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': opts.contentType, 'transfer-encoding': 'chunked', ...opts.headers } });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, sent }));
      res.on('error', () => resolve({ status: res.statusCode!, headers: res.headers, body, sent }));
    });
    // Once answered, the server closes the connection: a write after that fails, as it should.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const filler = opts.filler ?? Buffer.alloc(64 * 1024, 'a');
    if (opts.prefix) {
      req.write(opts.prefix);
      sent += Buffer.byteLength(opts.prefix);
    }
    const pump = () => {
      while (!answered && sent < opts.total) {
        const more = req.write(filler);
        sent += filler.byteLength;
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text, sent: Buffer.byteLength(body) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const MB = 1024 * 1024;
const BOUNDARY = 'leda-test-boundary';
const photoPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

describe('request body limits (chunked bodies, counted as they stream)', () => {
  const TOTAL = 200 * MB;

  it('refuses a chunked JSON body past 256 KB on an /api path with 413, having read little of it', async () => {
    const rssBefore = process.memoryUsage().rss;
    const res = await postChunked('/api/auth/login', { contentType: 'application/json', prefix: '{"email":"', total: TOTAL });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ errorMsg: 'The request is too large.' });
    // Answered long before the body was all sent: the server stopped reading at the limit (plus socket buffers).
    expect(res.sent).toBeLessThan(JSON_BODY_LIMIT + 32 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MB);
  });

  it('refuses a chunked form past 1 MB on a form action with 413', async () => {
    const rssBefore = process.memoryUsage().rss;
    const res = await postChunked('/contact', { contentType: 'application/x-www-form-urlencoded', prefix: 'message=', total: TOTAL });
    expect(res.status).toBe(413);
    expect(res.body).toBe('The request is too large.');
    expect(res.sent).toBeLessThan(FORM_BODY_LIMIT + 32 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MB);
  });

  it("refuses a chunked upload past the upload route's own limit with 413", async () => {
    const user = await makeUser();
    const { token } = await signIn(user.userId);
    const rssBefore = process.memoryUsage().rss;
    // Parts of 1 MB each (under the 10 MB a part may have): only the count of the whole body stops it.
    const part = Buffer.from(`${photoPart}${'a'.repeat(MB)}\r\n`);
    const res = await postChunked('/api/file/uploadProfilePhoto', {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      filler: part,
      total: TOTAL,
      headers: { 'x-access-token': token },
    });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(res.sent).toBeLessThan(PHOTO_LIMIT + 32 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(96 * MB);
  });

  it('refuses a multipart body past a form route default (1 MB) where no upload limit is declared', async () => {
    const res = await postChunked('/contact', { contentType: `multipart/form-data; boundary=${BOUNDARY}`, prefix: photoPart, total: 50 * MB });
    expect(res.status).toBe(413);
    expect(res.sent).toBeLessThan(FORM_BODY_LIMIT + 32 * MB);
  });

  it('still reads bodies under their limits, chunked or not', async () => {
    const login = await postChunked('/api/auth/login', { contentType: 'application/json', prefix: JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(12) }), total: 0 });
    expect(login.status).toBe(200);
    expect(JSON.parse(login.body)).toMatchObject({ success: false });
    // A form just under 1 MB reaches the action (here its validation answers 400, not 413).
    const form = `firstName=&message=${'a'.repeat(FORM_BODY_LIMIT - 100)}`;
    const contact = await post('/contact.data', form, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(contact.status).toBe(400);
    // A photo upload over 1 MB (the form default) but under its own limit is read to its end and checked by content.
    const user = await makeUser();
    const { token } = await signIn(user.userId);
    const upload = await postChunked('/api/file/uploadProfilePhoto', {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      prefix: photoPart + 'x'.repeat(3 * MB) + `\r\n--${BOUNDARY}--\r\n`,
      total: 0,
      headers: { 'x-access-token': token },
    });
    expect(upload.status).toBe(400);
    expect(JSON.parse(upload.body).errorMsg).not.toMatch(/too large/i);
  });

  it('refuses a declared Content-Length past the limit before reading anything', async () => {
    const res = await post('/api/auth/login', 'x'.repeat(JSON_BODY_LIMIT + 1), { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
  });
});
