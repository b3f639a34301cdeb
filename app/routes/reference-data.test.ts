import { describe, expect, it } from 'vitest';
import { loader } from './reference-data.$version';
import { action as authenticate } from './api+/auth+/authenticate';
import { args, getRequest, jsonRequest, run, type ApiAnswer } from '../../tests/support/remix';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { fixtureCatalogueBeforeAll, learner } from '../../tests/support/explore';

/**
 * The catalogue once per version (issue 16, docs/decisions/144): /api/auth/authenticate names the
 * version and its URL; a caller holding the current version gets referenceData null instead of
 * the whole catalogue; /reference-data/{version} serves it with a long private cache and an ETag.
 */
fixtureCatalogueBeforeAll();

const start = (cookie: string, body: Record<string, unknown> = {}) => run<ApiAnswer<SessionStartPayload>>(() => authenticate(args(jsonRequest('/api/auth/authenticate', { cid: null, ...body }, { cookie }))));
const fetchRef = (path: string, headers: Record<string, string> = {}) => {
  const request = getRequest(path, headers.cookie ? { cookie: headers.cookie } : {});
  for (const [k, v] of Object.entries(headers)) if (k !== 'cookie') request.headers.set(k, v);
  return run<ApiAnswer<NonNullable<SessionStartPayload['referenceData']>>>(() => loader(args(request, { version: path.split('/').pop()! })));
};

describe('reference data once per catalogue version', () => {
  it('authenticate sends the catalogue and its version; with the current version held it leaves the catalogue out', async () => {
    const { cookie } = await learner();
    const first = await start(cookie);
    expect(first.status).toBe(200);
    const { referenceData, referenceDataVersion, referenceDataUrl } = first.data;
    expect(referenceData!.capabilities.length).toBeGreaterThan(0);
    expect(referenceDataVersion).toBeGreaterThan(0);
    expect(referenceDataUrl).toBe(`/reference-data/${referenceDataVersion}`);

    const again = await start(cookie, { referenceDataVersion });
    expect(again.data.referenceData).toBeNull();
    expect(again.data.referenceDataVersion).toBe(referenceDataVersion);
    expect(again.data.user!.userId).toBe(first.data.user!.userId);
    expect(JSON.stringify(again.data).length).toBeLessThan(JSON.stringify(first.data).length / 2);

    const stale = await start(cookie, { referenceDataVersion: referenceDataVersion! - 1 });
    expect(stale.data.referenceData).toEqual(referenceData);
    const bad = await start(cookie, { referenceDataVersion: 'latest' });
    expect(bad.status).toBe(400);
  });

  it('serves the current version to a signed-in learner with a year-long private cache and an ETag', async () => {
    const { cookie } = await learner();
    const { referenceData, referenceDataUrl } = (await start(cookie)).data;
    const res = await fetchRef(referenceDataUrl!, { cookie });
    expect(res.status).toBe(200);
    expect(res.data).toEqual(referenceData);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"reference-data-\d+"$/);
    expect((await fetchRef(referenceDataUrl!, { cookie, 'if-none-match': etag })).status).toBe(304);
  });

  it('redirects an old version to the current one, refuses a visitor and a version that is not a number', async () => {
    const { cookie } = await learner();
    const { referenceDataVersion } = (await start(cookie)).data;
    const old = await fetchRef(`/reference-data/${referenceDataVersion! - 1}`, { cookie });
    expect(old.status).toBe(302);
    expect(old.location).toBe(`/reference-data/${referenceDataVersion}`);
    expect((await fetchRef(`/reference-data/${referenceDataVersion}`)).status).toBe(403);
    const odd = await fetchRef('/reference-data/1e9', { cookie });
    expect(odd.status).toBe(400);
    expect(odd.data).toEqual({ errorMsg: 'The catalogue version must be a number.' });
  });
});
