import { describe, expect, it } from 'vitest';
import { bindRequestStore, clientIpOf, openRequestStore, perRequest, REQUEST_STORE_HEADER, storeOf, type RequestStore } from './request-context.server';

/**
 * The per-request store is found through a header server.ts sets (decision 234). A request that
 * names no open store, or a store already released, finds nothing: it is never handed another
 * request's store (which holds that request's signed-in user and cookies).
 */
const newStore = (clientIp = '203.0.113.7'): RequestStore => ({ clientIp, cspNonce: 'n', setCookies: [], memo: new Map() });
const requestWith = (id?: string) => new Request('http://localhost/app/team', { headers: id ? { [REQUEST_STORE_HEADER]: id } : {} });

describe('the per-request store', () => {
  it('is found by every copy of the request, as Remix copies it for loaders', async () => {
    const request = requestWith();
    const store = newStore();
    const release = bindRequestStore(request, store);
    const copy = new Request(`${request.url}?index`, { headers: request.headers });
    expect(storeOf(copy)).toBe(store);
    expect(clientIpOf(copy)).toBe('203.0.113.7');
    let computed = 0;
    const fact = () => perRequest(copy, 'fact', async () => ++computed);
    expect(await Promise.all([fact(), perRequest(request, 'fact', async () => ++computed)])).toEqual([1, 1]);
    release();
    expect(storeOf(request)).toBeUndefined();
  });

  it('has unguessable ids: a made-up, sequential or released id finds no store', () => {
    const a = openRequestStore(newStore('198.51.100.1'));
    const b = openRequestStore(newStore('198.51.100.2'));
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
    for (const forged of ['1', '2', String(Number.MAX_SAFE_INTEGER), '', 'undefined']) expect(storeOf(requestWith(forged)), forged).toBeUndefined();
    expect(storeOf(requestWith(a.id))?.clientIp).toBe('198.51.100.1');
    a.release();
    b.release();
    expect(storeOf(requestWith(a.id))).toBeUndefined();
    expect(clientIpOf(requestWith(b.id))).toBe('127.0.0.1');
  });
});
