import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRemixStub } from '@remix-run/testing';
import { args, getRequest, run } from './remix';

/**
 * What a page shows, as epic-stack tests it: run the route's loader (and its layouts' loaders)
 * with a real Request against the real database, then render the route component with that
 * data, as the server would, and read the result as HTML and as visible text.
 *
 *   const page = await renderRoute('/app/team', { route: TeamList, cookie, layouts: [{ id: 'routes/app', route: AppLayout }] });
 *   expect(page.text).toContain('Your teams');
 *
 * A loader that throws or returns a Response (a redirect, a 404) is answered as such, with no html.
 * `layouts` are the parent routes, outermost first, rendered around the page through their
 * <Outlet/>; root is left out (its document, scripts and links need a real build).
 */
export interface RouteModule {
  default: ComponentType;
  loader?: (a: ReturnType<typeof args>) => unknown;
}

export interface RenderedPage {
  status: number;
  location: string | null;
  html: string;
  /** The text a reader sees: tags removed, entities decoded, whitespace collapsed. */
  text: string;
}

export async function renderRoute(
  url: string,
  opts: {
    route: RouteModule;
    /** The route's id in the real app, e.g. 'routes/app+/team._index' (useRouteLoaderData looks it up). */
    id?: string;
    params?: Record<string, string>;
    cookie?: string;
    layouts?: { id: string; route: RouteModule }[];
    /** What the route's action answered, when rendering the page after a form post. */
    actionData?: unknown;
  },
): Promise<RenderedPage> {
  const layers = [...(opts.layouts ?? []), { id: opts.id ?? 'page', route: opts.route }];
  const loaderData: Record<string, unknown> = {};
  for (const layer of layers) {
    if (!layer.route.loader) continue;
    const request = getRequest(url, { cookie: opts.cookie });
    const out = await run(() => layer.route.loader!(args(request, opts.params ?? {})));
    if (out.status !== 200 || out.location) return { status: out.status, location: out.location, html: '', text: '' };
    loaderData[layer.id] = out.data;
  }
  const pathname = new URL(url, 'http://localhost').pathname;
  // The page at the literal path, inside its layouts (pathless here: the data is already loaded).
  let stubRoute: Parameters<typeof createRemixStub>[0][number] = {
    id: layers.at(-1)!.id,
    path: pathname,
    Component: opts.route.default,
    loader: () => loaderData[layers.at(-1)!.id] ?? null,
  };
  for (const layout of [...(opts.layouts ?? [])].reverse()) {
    stubRoute = { id: layout.id, Component: layout.route.default, loader: () => loaderData[layout.id] ?? null, children: [stubRoute] };
  }
  const Stub = createRemixStub([stubRoute]);
  const actionData = opts.actionData === undefined ? undefined : { [layers.at(-1)!.id]: opts.actionData };
  const html = quietly(() => renderToString(<Stub initialEntries={[url]} hydrationData={{ loaderData, actionData }} />));
  return { status: 200, location: null, html, text: visibleText(html) };
}

/** React warns that the router's useLayoutEffect does nothing on the server: true, and what we want here. */
function quietly<T>(fn: () => T): T {
  const error = console.error;
  console.error = (...a: unknown[]) => {
    if (typeof a[0] === 'string' && a[0].includes('useLayoutEffect does nothing on the server')) return;
    error(...a);
  };
  try {
    return fn();
  } finally {
    console.error = error;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** Visible text of server HTML: scripts and styles dropped, tags removed, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}
