import { randomUUID } from 'node:crypto';
import type { Logger as RequestLogger } from 'pino';

/**
 * Per-request facts the HTTP server knows (client IP, CSP nonce), the Set-Cookie headers that
 * guards add (a session that slid) and the facts loaded once per request.
 *
 * server.ts opens a store for every request and names it in the REQUEST_STORE_HEADER header
 * (replacing whatever the client sent). Remix copies the Request for some loaders and actions,
 * headers included, so every copy finds the same store. This replaced an AsyncLocalStorage:
 * on Node 20 its promise hooks cost every promise of every request about 8 % of a page's CPU
 * (docs/decisions/234). Loaders and actions called directly (tests) simply have no store, or
 * one bound with bindRequestStore.
 */
export interface RequestStore {
  clientIp: string;
  cspNonce: string;
  setCookies: string[];
  memo: Map<string, unknown>;
  /** The id in X-Request-Id and in this request's log lines. */
  requestId?: string;
  /** This request's logger (the request id bound), for the access line and handleError. */
  log?: RequestLogger;
  /** The signed-in user, once the session is read (for the access line). */
  userId?: number;
  /** The bytes this request's body may have (body-limit.server.ts); an upload route raises it. */
  bodyAllowance?: { bytes: number };
}

export const REQUEST_STORE_HEADER = 'x-leda-request-store';

const stores = new Map<string, RequestStore>();

/**
 * Registers a store; the id goes in REQUEST_STORE_HEADER; release() when the answer is done. The
 * id is random, so even a header a client managed to send could not name another request's store
 * (which holds that request's signed-in user); server.ts replaces the client's value anyway.
 */
export function openRequestStore(store: RequestStore): { id: string; release: () => void } {
  const id = randomUUID();
  stores.set(id, store);
  return { id, release: () => stores.delete(id) };
}

/** Binds a request (as built by a test) to a store; returns the release. */
export function bindRequestStore(request: Request, store: RequestStore): () => void {
  const { id, release } = openRequestStore(store);
  request.headers.set(REQUEST_STORE_HEADER, id);
  return release;
}

export function storeOf(request: Request): RequestStore | undefined {
  const id = request.headers.get(REQUEST_STORE_HEADER);
  return id === null ? undefined : stores.get(id);
}

/**
 * One fact per request: the first caller computes it, later callers in the same request (the layout's
 * and the page's loaders run in parallel) share the promise. Outside a request (tests calling a
 * loader directly) it simply computes.
 */
export function perRequest<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  const store = storeOf(request);
  if (!store) return compute();
  let p = store.memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute();
    store.memo.set(key, p);
  }
  return p;
}

/** Records a fact already known (loaded with another), so perRequest(key) does not load it again. */
export function primeRequestFact<T>(request: Request, key: string, value: T) {
  const store = storeOf(request);
  if (store && !store.memo.has(key)) store.memo.set(key, Promise.resolve(value));
}

export function clientIpOf(request: Request): string {
  return storeOf(request)?.clientIp ?? request.headers.get('x-test-client-ip') ?? '127.0.0.1';
}
