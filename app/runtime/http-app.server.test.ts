import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb, loadEnv, logger, putBlob } from '@modules/shared/index.server';
import { SESSION_COOKIE } from '@modules/identity/index.server';
import { makeUser, signIn } from '../../tests/support/factories';
import { createHttpApp } from './http-app.server';
import { FORM_BODY_LIMIT, JSON_BODY_LIMIT } from '~/utils/body-limit.server';

/**
 * The Express app as server.ts serves it, on a loopback port, with a Remix build made of the real
 * entry and the real route modules for an /api JSON path, a form action and an upload path: bodies
 * are counted as they stream in, chunked or not, and refused at their limit (decision 238).
 */
const PHOTO_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
let server: http.Server;
let port: number;
/** A signed-in user for the upload paths (made once: the first user of a file warms the database up). */
let uploader: { userId: number; token: string };

async function testBuild(): Promise<ServerBuild> {
  const routes = {
    'routes/contact': { path: 'contact', module: await import('../routes/contact') },
    'routes/api+/auth+/login': { path: 'api/auth/login', module: await import('../routes/api+/auth+/login') },
    'routes/api+/file+/uploadProfilePhoto': { path: 'api/file/uploadProfilePhoto', module: await import('../routes/api+/file+/uploadProfilePhoto') },
    'routes/blobs.$blobId': { path: 'blobs/:blobId', module: await import('../routes/blobs.$blobId') },
    'routes/auth+/login': { path: 'auth/login', module: await import('../routes/auth+/login') },
    // A loader that fails with a cause, for handleError.
    'routes/boom': {
      path: 'boom',
      module: {
        loader: () => {
          throw new Error('the report could not be built', { cause: new Error('connection refused') });
        },
      },
    },
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
  const user = await makeUser();
  uploader = { userId: user.userId, token: (await signIn(user.userId)).token };
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
    const { token } = uploader;
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
    const { token } = uploader;
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

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, sent: 0 }));
      })
      .on('error', reject);
  });
}

/** A pino logger writing to an array, to read what a request logged. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(JSON.parse(String(chunk))), cb()) });
  return { lines, log: pino({ level: 'info', serializers: { err: pino.stdSerializers.errWithCause } }, sink) };
}

describe('request ids and the access log (decision 239)', () => {
  it('answers each request with its own X-Request-Id and logs one line with method, path, status, duration, id and user', async () => {
    const info = vi.spyOn(logger(), 'info');
    try {
      const { token, userId } = uploader;
      const a = await get('/blobs/nothing-here');
      const b = await post('/api/file/uploadProfilePhoto', '', { 'content-type': 'multipart/form-data; boundary=x', 'x-access-token': token });
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-\w+$/);
      expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
      const lineOf = (id: unknown) => info.mock.calls.find(([o]) => typeof o === 'object' && (o as { reqId?: unknown }).reqId === id)?.[0];
      expect(lineOf(a.headers['x-request-id'])).toMatchObject({ method: 'GET', path: '/blobs/nothing-here', status: 404, userId: null, ms: expect.any(Number) });
      expect(lineOf(b.headers['x-request-id'])).toMatchObject({ method: 'POST', path: '/api/file/uploadProfilePhoto', status: 400, userId });
      // A refused body is logged too.
      const refused = await post('/api/auth/login', 'x'.repeat(JSON_BODY_LIMIT + 1), { 'content-type': 'application/json' });
      expect(lineOf(refused.headers['x-request-id'])).toMatchObject({ status: 413 });
    } finally {
      info.mockRestore();
    }
  });

  it("logs a loader's exception through the structured logger, with the request id and its cause (handleError)", async () => {
    const { lines, log } = captureLogger();
    const child = vi.spyOn(logger(), 'child').mockReturnValue(log as never);
    try {
      const res = await get('/boom');
      expect(res.status).toBe(500);
      expect(child).toHaveBeenCalledWith({ reqId: res.headers['x-request-id'] });
      const line = lines.find((l) => l.msg === 'request failed');
      expect(line).toMatchObject({ method: 'GET', path: '/boom', err: { message: 'the report could not be built', cause: { message: 'connection refused' } } });
    } finally {
      child.mockRestore();
    }
  });
});

describe('headers sent once', () => {
  it("a file's answer carries its own sandbox CSP only, not the page CSP as well", async () => {
    const blob = await putBlob(getDb(), { bytes: new Uint8Array([1, 2, 3]), contentType: 'application/pdf', owner: { kind: 'content' } });
    // Content is public once a public content refers to it (decision 242).
    await getDb().insertInto('contents').values({ url_id: `csp-${blob.blobId.slice(0, 12).toLowerCase()}`, name: 'CSP', is_public: true, feature_image_blob_id: blob.blobId }).execute();
    const res = await get(`/blobs/${blob.blobId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // Any other answer still gets the page CSP.
    expect((await get('/blobs/nothing-here')).headers['content-security-policy']).toMatch(/script-src/);
  });

  it('a log-in with a stale session cookie answers one Set-Cookie: the new session, not a clearing line as well', async () => {
    const user = await makeUser();
    const stale = `${SESSION_COOKIE}=${'s'.repeat(40)}`;
    const form = new URLSearchParams({ email: user.email, password: user.password }).toString();
    const res = await post('/auth/login', form, { 'content-type': 'application/x-www-form-urlencoded', cookie: stale });
    expect(res.status).toBe(302);
    expect(res.headers['set-cookie']).toHaveLength(1);
    expect(res.headers['set-cookie']![0]).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+`));
    expect(res.headers['set-cookie']![0]).not.toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    // A stale cookie on an answer that sets none is still cleared (a failed log-in, as fetched by the form).
    const failed = await post('/auth/login.data', new URLSearchParams({ email: user.email, password: 'wrong-password-1' }).toString(), { 'content-type': 'application/x-www-form-urlencoded', cookie: stale });
    expect(failed.headers['set-cookie']).toEqual([expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=;`))]);
  });
});
