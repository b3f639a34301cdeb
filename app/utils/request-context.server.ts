import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-request facts the HTTP server knows (client IP, CSP nonce) and the Set-Cookie headers
 * that guards add (a session that slid). server.ts runs every request inside a store; loaders
 * and actions called directly (tests) simply have none.
 */
export interface RequestStore {
  clientIp: string;
  cspNonce: string;
  setCookies: string[];
  memo: Map<string, unknown>;
  /** Queries run for this request (counted only when the bench asks: APP_ENV=development). */
  queries?: number;
}

export const requestContext = new AsyncLocalStorage<RequestStore>();

export const currentStore = () => requestContext.getStore();

/**
 * One fact per request: the first caller computes it, later callers in the same request (the layout's
 * and the page's loaders run in parallel) share the promise. Outside a request (tests calling a
 * loader directly) it simply computes.
 */
export function perRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const store = currentStore();
  if (!store) return compute();
  let p = store.memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute();
    store.memo.set(key, p);
  }
  return p;
}

/** Records a fact already known (loaded with another), so perRequest(key) does not load it again. */
export function primeRequestFact<T>(key: string, value: T) {
  const store = currentStore();
  if (store && !store.memo.has(key)) store.memo.set(key, Promise.resolve(value));
}

export function clientIpOf(request: Request): string {
  return currentStore()?.clientIp ?? request.headers.get('x-test-client-ip') ?? '127.0.0.1';
}
