import { describe, expect, it } from 'vitest';
import { ORIGIN, contextFor } from '../support/remix';
import { makeUser, signIn } from '../support/factories';
import { allRoutes, call, describeResult, type Result, type RouteEntry } from './route-table';

/**
 * Every route module in app/routes, found on disk (a new route is guarded by this file without
 * anyone adding it here): its loader (GET) and action (POST, empty form) with an anonymous real
 * Request, and again for a signed-in ordinary learner where the answer must not change.
 *   app.*   -> /auth/login?thenTo=<path>
 *   admin.* -> '/'
 *   api.*   -> a JSON 403 with errorMsg unless the path is on the public allow-list below
 *   all     -> never a 500, never a thrown non-Response
 */

/**
 * /api paths anyone may call without a session. Keep this list short and deliberate: a new
 * /api route is protected unless it is added here (spec api-paths.txt: public site and auth).
 */
const PUBLIC_API_PREFIXES = ['api.public.', 'api.auth.', 'api.$', 'api.openapi[.json]'];
const isPublicApi = (id: string) => PUBLIC_API_PREFIXES.some((p) => id.startsWith(p));

const routes = allRoutes();

function getReq(path: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { headers });
}
function emptyFormPost(path: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: '',
  });
}

async function loaderAndAction(route: RouteEntry, headers: Record<string, string> = {}) {
  const mod = await route.load();
  const out: { what: string; result: Result }[] = [];
  if (mod.loader) {
    const request = getReq(route.path, headers);
    out.push({ what: `GET ${route.path} (${route.file} loader)`, result: await call(() => mod.loader!({ request, params: route.params, context: contextFor(request) })) });
  }
  if (mod.action) {
    const request = emptyFormPost(route.path, headers);
    out.push({ what: `POST ${route.path} (${route.file} action)`, result: await call(() => mod.action!({ request, params: route.params, context: contextFor(request) })) });
  }
  return out;
}

function expectNoCrash(what: string, r: Result) {
  expect(r.kind, `${what}: ${describeResult(r)}`).not.toBe('crash');
  if (r.kind === 'response') expect(r.status, `${what}: ${describeResult(r)}`).toBeLessThan(500);
}

function expectJson403(what: string, r: Result) {
  expectNoCrash(what, r);
  if (r.kind !== 'response') throw new Error(`${what}: expected a JSON 403, got ${describeResult(r)}`);
  expect(r.status, what).toBe(403);
  expect(r.contentType, what).toContain('json');
  expect(typeof (JSON.parse(r.body) as { errorMsg?: unknown }).errorMsg, what).toBe('string');
}

describe('route table', () => {
  it('finds the route modules and builds sample paths from their names', () => {
    expect(routes.length).toBeGreaterThan(50);
    const byId = new Map(routes.map((r) => [r.id, r]));
    expect(byId.get('app.team.$teamId.members')?.path).toBe('/app/team/1/members');
    expect(byId.get('app.$')?.path).toBe('/app/x/y');
    expect(byId.get('admin._index')?.path).toBe('/admin');
    expect(byId.get('[__test].last-email')?.path).toBe('/__test/last-email');
    expect(byId.get('auth.password-reset.$token')?.params).toEqual({ token: 'x' });
  });
});

describe('anonymous visitor on every route', () => {
  it('app.* sends to /auth/login?thenTo=<path>', async () => {
    for (const route of routes.filter((r) => r.id === 'app' || r.id.startsWith('app.'))) {
      for (const { what, result } of await loaderAndAction(route)) {
        expectNoCrash(what, result);
        expect(result.kind === 'response' && result.location, what).toBe(`/auth/login?thenTo=${encodeURIComponent(route.path)}`);
      }
    }
  });

  it("admin.* sends to '/'", async () => {
    for (const route of routes.filter((r) => r.id === 'admin' || r.id.startsWith('admin.'))) {
      for (const { what, result } of await loaderAndAction(route)) {
        expectNoCrash(what, result);
        expect(result.kind === 'response' && result.location, what).toBe('/');
      }
    }
  });

  it('protected api.* answers a JSON 403 with errorMsg (GET: a JSON 4xx)', async () => {
    const protectedApi = routes.filter((r) => r.id.startsWith('api.') && !isPublicApi(r.id));
    expect(protectedApi.length).toBeGreaterThan(0);
    for (const route of protectedApi) {
      const mod = await route.load();
      expect(mod.action, `${route.file} has no action`).toBeTypeOf('function');
      for (const { what, result } of await loaderAndAction(route)) {
        if (what.startsWith('POST')) expectJson403(what, result);
        else {
          expectNoCrash(what, result);
          expect(result.kind === 'response' && result.status >= 400 && result.contentType.includes('json'), `${what}: ${describeResult(result)}`).toBe(true);
        }
      }
    }
  });

  it('no route answers 500 or throws a non-Response', async () => {
    for (const route of routes) {
      for (const { what, result } of await loaderAndAction(route)) expectNoCrash(what, result);
    }
  });
});

describe('signed-in ordinary learner', () => {
  it("admin.* sends to '/', api.admin.* answers a JSON 403, and nothing answers 500", async () => {
    const learner = await makeUser();
    const { cookie, token } = await signIn(learner.userId);
    for (const route of routes) {
      const headers: Record<string, string> = route.id.startsWith('api.') ? { 'x-access-token': token } : { cookie };
      for (const { what, result } of await loaderAndAction(route, headers)) {
        expectNoCrash(what, result);
        if (route.id === 'admin' || route.id.startsWith('admin.')) {
          expect(result.kind === 'response' && result.location, what).toBe('/');
        }
        if (route.id.startsWith('api.admin.') && what.startsWith('POST')) expectJson403(what, result);
      }
    }
  });
});
