import fs from 'node:fs';
import path from 'node:path';

/**
 * Every route module in app/routes, with a sample URL built from its file name (Remix flat
 * routes, in remix-flat-routes' '+' folders: '.' is '/', `$param` a param, `$` a splat, `_index` the index, `[x]` an escape, a
 * leading '_' a pathless layout, a trailing '_' an un-nested segment). New routes are picked up
 * automatically by the tests that use this table.
 */
export type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};

export interface RouteEntry {
  file: string;
  id: string;
  path: string;
  params: Record<string, string>;
  load: () => Promise<RouteModule>;
}

const ROUTES_DIR = path.resolve(__dirname, '../../app/routes');

/** A plausible value for a param: numeric ids get '1', everything else 'x'. */
export function sampleParam(name: string) {
  return /id$/i.test(name) ? '1' : 'x';
}

function splitSegments(id: string) {
  const out: string[] = [];
  let cur = '';
  let inBracket = false;
  for (const ch of id) {
    if (ch === '[') inBracket = true;
    else if (ch === ']') inBracket = false;
    else if (ch === '.' && !inBracket) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

export function sampleUrlFor(id: string, paramValue: (name: string) => string = sampleParam) {
  const params: Record<string, string> = {};
  const parts: string[] = [];
  for (const raw of splitSegments(id)) {
    if (raw === '_index' || (raw.startsWith('_') && !raw.startsWith('[')) || raw === '') continue;
    let seg = raw.endsWith('_') ? raw.slice(0, -1) : raw;
    if (seg === '$') {
      params['*'] = 'x/y';
      parts.push('x', 'y');
      continue;
    }
    if (seg.startsWith('$')) {
      const name = seg.slice(1);
      params[name] = paramValue(name);
      parts.push(params[name]!);
      continue;
    }
    seg = seg.replace(/\[|\]/g, '');
    parts.push(seg);
  }
  return { path: `/${parts.join('/')}`, params };
}

/** Route files under app/routes, '+' folders included (remix-flat-routes: `api+/post+/savePost.ts`). */
function routeFiles(dir = ROUTES_DIR, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.isDirectory()) return d.name.endsWith('+') ? routeFiles(path.join(dir, d.name), `${prefix}${d.name}/`) : [];
    return /\.(ts|tsx)$/.test(d.name) && !/\.test\.(ts|tsx)$/.test(d.name) && !/\.server\.tsx?$/.test(d.name) ? [`${prefix}${d.name}`] : [];
  });
}

export function allRoutes(): RouteEntry[] {
  return routeFiles()
    .sort()
    .map((file) => {
      // The flat name Remix matches on: a '+' folder is its name and a dot.
      const id = file.replace(/\+\//g, '.').replace(/\.(ts|tsx)$/, '');
      const { path: p, params } = sampleUrlFor(id);
      return { file, id, path: p, params, load: () => import(path.join(ROUTES_DIR, file)) as Promise<RouteModule> };
    });
}

/** What a loader or action did: a Response (returned or thrown), data() or a plain value, or a crash. */
export type Result =
  | { kind: 'response'; status: number; location: string | null; contentType: string; body: string }
  | { kind: 'value' }
  | { kind: 'crash'; error: unknown };

function isDataWithInit(v: unknown): v is { type: 'DataWithResponseInit'; init: ResponseInit | null } {
  return typeof v === 'object' && v !== null && (v as { type?: string }).type === 'DataWithResponseInit';
}

export async function call(fn: () => unknown): Promise<Result> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) return { kind: 'crash', error: thrown };
    value = thrown;
  }
  if (value instanceof Response) {
    return {
      kind: 'response',
      status: value.status,
      location: value.headers.get('location'),
      contentType: value.headers.get('content-type') ?? '',
      body: await value.text(),
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { kind: 'response', status: value.init?.status ?? 200, location: headers.get('location'), contentType: 'data()', body: '' };
  }
  return { kind: 'value' };
}

export function describeResult(r: Result) {
  if (r.kind === 'crash') return `crash: ${r.error instanceof Error ? (r.error.stack ?? r.error.message) : String(r.error)}`;
  if (r.kind === 'value') return 'value';
  return `${r.status} ${r.location ?? ''} ${r.body.slice(0, 200)}`;
}
