import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createRequestHandler as createRemixHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import { RequestBodyTooLarge, TOO_LARGE_MESSAGE, type BodyAllowance } from '~/utils/body-limit.server';

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
 * status, headers and body), except that a DocumentResponse is written in one piece and the body
 * is counted as it streams in: past the request's allowance (body-limit.server.ts) the answer is
 * a 413 at once, the reading stops and the loaders and actions are aborted (docs/decisions/238).
 */
export function createRequestHandler({
  build,
  mode,
  getLoadContext,
  beforeHead,
}: {
  build: ServerBuild;
  mode: string;
  /** The request's context; its bodyAllowance is read again as each chunk arrives (an upload route may raise it). */
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Called once the answer's headers are set, before they are written. */
  beforeHead?: (req: ExpressRequest, res: ExpressResponse, context: AppLoadContext) => void;
}) {
  const handle = createRemixHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const state = { refused: false };
    try {
      const context = getLoadContext(req, res);
      const response = await handle(webRequest(req, res, context.bodyAllowance, state), context);
      if (!state.refused) await sendResponse(res, response, beforeHead && (() => beforeHead(req, res, context)));
    } catch (error) {
      if (!state.refused) next(error);
    }
  };
}

function webRequest(req: ExpressRequest, res: ExpressResponse, allowance: BodyAllowance, state: { refused: boolean }): Request {
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
    init.body = countedBody(req, allowance, () => {
      state.refused = true;
      controller?.abort(new RequestBodyTooLarge(allowance.bytes));
      refuseTooLarge(req, res);
    });
    init.duplex = 'half';
    // A body the route did not read to its end is discarded after the answer, up to the allowance.
    res.once('finish', () => {
      if (!req.complete && !state.refused) discardRest(req, allowance.bytes);
    });
  }
  // Loaders and actions are aborted when the answer can no longer be written ('close' before 'finish').
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  return new Request(url.href, init);
}

/**
 * The request body as a web stream (as @remix-run/node's createReadableStreamFromReadable, pulled as
 * the route reads), counting bytes: the chunk that passes the allowance is not queued, the stream
 * errors with RequestBodyTooLarge, the socket stops being read and onOver answers.
 */
function countedBody(req: IncomingMessage, allowance: BodyAllowance, onOver: () => void): ReadableStream<Uint8Array> {
  let seen = 0;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          if (settled) return;
          seen += chunk.byteLength;
          if (seen > allowance.bytes) {
            settled = true;
            req.off('data', onData);
            req.pause();
            controller.error(new RequestBodyTooLarge(allowance.bytes));
            onOver();
            return;
          }
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on('data', onData);
        req.pause();
        req.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once('error', (error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        });
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        settled = true;
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** After a 413, what the client still sends is read and dropped for this long and this much at most. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * 413 and the connection closed after it. Closing a socket with unread bytes makes the kernel send
 * a reset, which can destroy the answer before the client reads it: so, as nginx does, our side is
 * half-closed after the answer and what the client still sends is dropped, briefly (LINGER_MS,
 * LINGER_BYTES), before the socket is destroyed.
 */
function refuseTooLarge(req: ExpressRequest, res: ExpressResponse) {
  const socket = req.socket;
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  const api = req.path.startsWith('/api/');
  res.statusCode = 413;
  res.setHeader('Connection', 'close');
  res.setHeader('Content-Type', api ? 'application/json' : 'text/plain; charset=utf-8');
  // Node ends a 'Connection: close' answer with socket.destroySoon(): half-close instead, and linger.
  (socket as { destroySoon?: () => void }).destroySoon = () => socket.end();
  res.end(api ? JSON.stringify({ errorMsg: TOO_LARGE_MESSAGE }) : TOO_LARGE_MESSAGE);
  discardRest(req, LINGER_BYTES);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Reads and drops the rest of a body (flat memory); past `limit` bytes the connection is cut. */
function discardRest(req: IncomingMessage, limit: number) {
  let seen = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    seen += chunk.byteLength;
    if (seen > limit) req.socket.destroy();
  });
  req.resume();
}

/** Writes a Remix answer to Express: status, headers (each Set-Cookie apart), then the body. */
export async function sendResponse(res: ExpressResponse, response: Response, beforeHead?: () => void) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The answer's own headers replace the defaults server.ts set (a file's sandbox CSP is the only
  // CSP, not a second one); only Set-Cookie may repeat.
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') res.append(key, value);
    else res.setHeader(key, value);
  }
  beforeHead?.();
  if (response instanceof DocumentResponse) {
    res.end(response.html);
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
