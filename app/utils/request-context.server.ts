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
}

export const requestContext = new AsyncLocalStorage<RequestStore>();

export const currentStore = () => requestContext.getStore();

export function clientIpOf(request: Request): string {
  return currentStore()?.clientIp ?? request.headers.get('x-test-client-ip') ?? '127.0.0.1';
}
