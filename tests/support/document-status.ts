import { createRequire } from 'node:module';
import { createStaticHandler, type AgnosticDataRouteObject } from '@remix-run/router';
import { contextFor } from './remix';

/**
 * The HTTP status Remix would send for a document request (a plain GET, or a form POST with
 * JavaScript off) to one route: its loader and action wrapped by Remix's own server runtime (single
 * fetch on, as in remix.config.js) and run through the router's static handler, which decides the
 * status (after a POST: the action's status when it set one, else the loaders').
 *
 *   expect(await documentStatus(page, formRequest('/x/tok', {}), '/x/:token')).toBe(200);
 */
const require = createRequire(import.meta.url);
const { createStaticHandlerDataRoutes } = require('@remix-run/server-runtime/dist/routes.js') as {
  createStaticHandlerDataRoutes: (manifest: Record<string, unknown>, future: Record<string, boolean>) => AgnosticDataRouteObject[];
};

export async function documentStatus(module: { loader?: unknown; action?: unknown }, request: Request, pattern: string): Promise<number> {
  const manifest = {
    root: { id: 'root', path: '', module: {} },
    page: { id: 'page', parentId: 'root', path: pattern.replace(/^\//, ''), module },
  };
  const handler = createStaticHandler(createStaticHandlerDataRoutes(manifest, { v3_singleFetch: true }));
  const context = await handler.query(request, { requestContext: contextFor(request) });
  return context instanceof Response ? context.status : context.statusCode;
}
