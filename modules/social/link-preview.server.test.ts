import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getLinkPreview } from './link-preview.server';

/** Link previews: Open Graph fields from a page, sanitised, cached per URL; a refused address answers null. */
let server: http.Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><head>
      <meta property="og:title" content="<script>alert(1)</script>Team &amp; culture">
      <meta property="og:description" content="A\u0007 <b>bold</b> claim">
      <meta property="og:image" content="/img.png">
      <meta property="og:video" content="javascript:alert(1)">
    </head></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const local = () => ({ allowedPorts: [port], isAllowedAddress: (a: string) => a === '127.0.0.1' });

describe('link previews', () => {
  it('reads Open Graph fields as plain text and http(s) URLs only, and caches per URL', async () => {
    const url = `http://127.0.0.1:${port}/article`;
    const p = await getLinkPreview(getDb(), 1, url, { fetchOptions: local() });
    expect(p).toEqual({ url, title: 'Team & culture', description: 'A bold claim', image: `http://127.0.0.1:${port}/img.png`, video: null });
    const before = hits;
    expect(await getLinkPreview(getDb(), 1, url, { fetchOptions: local() })).toEqual(p);
    expect(hits).toBe(before);
  });

  it('a loopback address with the default policy gives no preview and is never fetched', async () => {
    const before = hits;
    expect(await getLinkPreview(getDb(), 1, `http://127.0.0.1:${port}/other`, { fetchOptions: { allowedPorts: [port] } })).toBeNull();
    expect(hits).toBe(before);
  });
});
