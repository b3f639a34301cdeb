import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentResponse, sendResponse } from './remix-express.server';

/**
 * The Express side of Remix (decision 237): a document page's HTML is written in one piece with its
 * length; streamed and empty answers go out as @remix-run/express sends them; anything else that
 * reads a DocumentResponse still gets the HTML.
 */
const HTML = '<!DOCTYPE html><html><body><h1>Café · ünïcödé</h1></body></html>';
const answers: Record<string, () => Response> = {
  '/document': () => {
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    return new DocumentResponse(HTML, { status: 404, headers });
  },
  '/stream': () =>
    new Response(
      new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('first,'));
          c.enqueue(new TextEncoder().encode('second'));
          c.close();
        },
      }),
      { headers: { 'content-type': 'text/plain' } },
    ),
  '/redirect': () => new Response(null, { status: 302, headers: { location: '/elsewhere' } }),
};

let server: http.Server;
let port: number;
beforeAll(async () => {
  const app = express();
  app.get('*', (req, res, next) => sendResponse(res, answers[req.path]!()).catch(next));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

function get(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('sendResponse', () => {
  it('writes a document page in one piece, with its length, status and every cookie', async () => {
    const res = await get('/document');
    expect(res.status).toBe(404);
    expect(res.body).toBe(HTML);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(HTML)));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('streams any other answer and ends an empty one', async () => {
    const streamed = await get('/stream');
    expect(streamed).toMatchObject({ status: 200, body: 'first,second' });
    const redirect = await get('/redirect');
    expect(redirect).toMatchObject({ status: 302, body: '' });
    expect(redirect.headers.location).toBe('/elsewhere');
  });
});

describe('DocumentResponse', () => {
  it('gives its HTML to any other reader: as text, bytes, a body stream or a copy', async () => {
    const doc = new DocumentResponse(HTML, { status: 200, headers: { 'content-type': 'text/html' } });
    expect(await doc.text()).toBe(HTML);
    expect(new TextDecoder().decode(await doc.arrayBuffer())).toBe(HTML);
    expect(await new Response(doc.body).text()).toBe(HTML);
    const copy = doc.clone();
    expect(copy).toBeInstanceOf(DocumentResponse);
    expect(await copy.text()).toBe(HTML);
    expect(copy.headers.get('content-type')).toBe('text/html');
  });
});
