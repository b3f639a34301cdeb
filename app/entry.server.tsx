import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { NonceContext } from './utils/nonce';
import { logger } from '@modules/shared/index.server';
import type { RequestContext } from './runtime/context.server';
import { DocumentResponse } from './runtime/remix-express.server';
import { readHandoff } from './runtime/render.server';

const ABORT_DELAY = 5_000;

/**
 * The whole document is rendered in one synchronous pass (decision 236). No route defers data, so
 * streaming gains nothing, and React's streaming renderer costs a page about a tenth of its CPU in
 * encoding many small chunks, suspending and resuming. Remix's loader data (the turbo-stream
 * "server handoff", which <Scripts> writes into the page with a suspending <StreamTransfer>) is read
 * to its end first and handed to StreamTransfer through its own per-render cache, so nothing
 * suspends: the same script tags, written at once.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as RequestContext | undefined)?.cspNonce;
  await readHandoff(remixContext);
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new DocumentResponse(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A loader's, an action's or the render's exception, logged by the structured logger with the
 * request's id and the error's cause (Remix would otherwise console.error it). A request that was
 * aborted (the client went, or its body passed its limit and was answered 413) is not an error.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const log = (context as RequestContext | undefined)?.log ?? logger();
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'request failed');
}
