import type { AppLoadContext } from '@remix-run/node';
import { RequestContext } from '~/runtime/context.server';
import { bodyLimitFor } from '~/utils/body-limit.server';

/**
 * Calling loaders and actions with real Requests, the way Remix does, and reading what they
 * answer: a thrown or returned Response (redirects, 404s, /api JSON), or data() results.
 */
export const ORIGIN = 'http://localhost:3000';

type Opts = { cookie?: string; token?: string; headers?: Record<string, string> };

function headersFor(opts: Opts) {
  const h = new Headers(opts.headers);
  if (opts.cookie) h.set('cookie', opts.cookie);
  if (opts.token) h.set('x-access-token', opts.token);
  return h;
}

export function getRequest(path: string, opts: Opts = {}) {
  return new Request(`${ORIGIN}${path}`, { headers: headersFor(opts) });
}

export function formRequest(path: string, fields: Record<string, string | string[]>, opts: Opts = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  const h = headersFor(opts);
  h.set('content-type', 'application/x-www-form-urlencoded');
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: h, body });
}

export function jsonRequest(path: string, body: unknown, opts: Opts & { method?: string } = {}) {
  const h = headersFor(opts);
  h.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method: opts.method ?? 'POST',
    headers: h,
    body: opts.method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface Outcome<T = unknown> {
  status: number;
  location: string | null;
  headers: Headers;
  data: T;
}

function isDataWithInit(v: unknown): v is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return typeof v === 'object' && v !== null && (v as { type?: string }).type === 'DataWithResponseInit';
}

/** Runs a loader/action and normalises whatever it returns or throws. */
export async function run<T = any>(fn: () => Promise<unknown> | unknown): Promise<Outcome<T>> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown = text;
    if ((value.headers.get('content-type') ?? '').includes('json')) data = text ? JSON.parse(text) : null;
    return { status: value.status, location: value.headers.get('location'), headers: value.headers, data: data as T };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get('location'), headers, data: value.data as T };
  }
  return { status: 200, location: null, headers: new Headers(), data: value as T };
}

/**
 * What a loader's or action's answer carries as data, as run() reads it: the data of a data() result
 * (DataWithResponseInit), the payload of a json() TypedResponse, a plain returned value as is; a plain
 * Response or a redirect (TypedResponse<never>) adds nothing, since its body is text or JSON the
 * loader does not type (read those with run<unknown> and narrow).
 */
export type Answer<V> = V extends { type: string; data: infer D; init: ResponseInit | null }
  ? D
  : V extends Response
    ? V extends { json(): Promise<infer D> }
      ? unknown extends D
        ? never
        : D
      : never
    : V;

/** The data a loader or action answers: `LoaderData<typeof route.loader>`. */
export type LoaderData<F extends (...a: never[]) => unknown> = Answer<Awaited<ReturnType<F>>>;

/**
 * run() with the data typed from what the called loader/action returns (LoaderData). A thrown
 * Response (redirect, 404, an /api error) is not in the type: check status/location for those, or
 * use run<unknown> and narrow when reading its body.
 */
export function runData<R>(fn: () => R): Promise<Outcome<Answer<Awaited<R>>>> {
  return run<Answer<Awaited<R>>>(fn);
}

/**
 * A loader or action called with args(request, params), its data typed as runData types it:
 * `runRoute(journeyStep.loader, getRequest(url, { cookie }), { journey, step })`. For helpers that
 * take any route (`<F extends RouteFn>(fn: F, ...)`), so a test needs no untyped run().
 */
export type RouteFn = (a: never) => unknown;
export function runRoute<F extends RouteFn>(fn: F, request: Request, params: Record<string, string> = {}) {
  return runData(() => fn(args(request, params) as never) as ReturnType<F>);
}

/** What JSON.parse gives back for a value of type T: dates become ISO strings. */
export type Json<T> = T extends Date ? string : T extends readonly (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

/**
 * An /api answer, read with run<ApiAnswer<...>>: apiRoute answers plain JSON Responses, which carry no
 * type, so a test names what the handler answers (`ApiAnswer<JourneyView>`); on a 4xx only errorMsg is
 * there (check the status first).
 */
export type ApiAnswer<T> = Json<T> & { errorMsg?: string };

/** The /api answer of a handler that answers what the module function F returns: `ApiAnswerOf<typeof getActivityById>`. */
export type ApiAnswerOf<F extends (...a: never[]) => unknown> = ApiAnswer<Awaited<ReturnType<F>>>;

/** The type of `key` in the members of the union D that have it (set). */
type Picked<D, K extends PropertyKey> = D extends unknown ? (K extends keyof D ? Exclude<D[K], undefined> : never) : never;

/**
 * One key of an answer whose type is a union (an action answering `{ saved }` or `{ error }`): the
 * value of `key` in the members that have it, typed; a test fails here, naming the answer, when it is not set.
 */
export function pick<D, K extends PropertyKey>(data: D, key: K): Picked<D, K> {
  if (data && typeof data === 'object' && (data as Record<K, unknown>)[key] !== undefined) return (data as Record<K, never>)[key];
  throw new Error(`The answer has no ${String(key)}: ${JSON.stringify(data)}`);
}

const contexts = new WeakMap<Request, AppLoadContext>();

/**
 * The request's context as the web server builds it (app/runtime/context.server.ts), against the real
 * database: the session from the request's cookie or x-access-token, the client IP from
 * x-test-client-ip (else 127.0.0.1). One per Request, so loaders called with the same Request share
 * it, as the loaders of one HTTP request do.
 */
export function contextFor(request: Request): AppLoadContext {
  let context = contexts.get(request);
  if (!context) {
    const url = new URL(request.url);
    context = new RequestContext({
      method: request.method,
      accessToken: request.headers.get('x-access-token'),
      cookieHeader: request.headers.get('cookie'),
      clientIp: request.headers.get('x-test-client-ip') ?? '127.0.0.1',
      cspNonce: 'test-nonce',
      bodyAllowance: { bytes: bodyLimitFor(url.pathname, request.headers.get('content-type') ?? undefined) },
    }) as AppLoadContext;
    contexts.set(request, context);
  }
  return context;
}

/** A loader's or action's arguments: the request, its params and a real context (contextFor). */
export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: contextFor(request) });

/** Adds the request's real context (contextFor) to loader or action arguments built by hand. */
export const withContext = <T extends { request: Request }>(a: T) => ({ ...a, context: contextFor(a.request) });
