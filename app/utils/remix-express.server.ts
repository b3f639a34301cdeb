import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createReadableStreamFromReadable, createRequestHandler as createRemixHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';

/**
 * A document page's answer (app/entry.server.tsx) that keeps its HTML as one string. The server
 * below writes it with a single `res.end(html)`: a web Response would encode the string into a
 * ReadableStream that the adapter then reads back chunk by chunk, a few percent of a page's CPU
 * (docs/decisions/237). Anything else that reads this answer still gets the HTML: `body`,
 * `text()`, `arrayBuffer()` and `clone()` give it as a plain Response would.
 */
export class DocumentResponse extends Response {
  readonly html: string;

  constructor(html: string, init: ResponseInit) {
    super(null, init);
    this.html = html;
    Object.defineProperty(this, 'body', { get: () => new Response(html).body, configurable: true });
  }

  override text(): Promise<string> {
    return Promise.resolve(this.html);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return new Response(this.html).arrayBuffer();
  }

  override clone(): DocumentResponse {
    return new DocumentResponse(this.html, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/**
 * Express in front of Remix: what @remix-run/express 2.17's createRequestHandler does (the web
 * Request from Express's, aborted when the client goes before the answer is written; the answer's
 * status, headers and body), except that a DocumentResponse is written in one piece.
 */
export function createRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handle = createRemixHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(webRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours "trust proxy" but drops the port: take it from X-Forwarded-Host or Host.
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const port = [portOf(req.get('X-Forwarded-Host')), portOf(req.get('host'))].find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value) headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  // Loaders and actions are aborted when the answer can no longer be written ('close' before 'finish').
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  return new Request(url.href, init);
}

/** Writes a Remix answer to Express: status, headers (each Set-Cookie apart), then the body. */
export async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response instanceof DocumentResponse) {
    res.end(response.html);
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
