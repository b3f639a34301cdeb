import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb, logger } from '@modules/shared/index.server';
import { MALFORMED_URL_MESSAGE, refuseMalformedUrl } from '~/runtime/malformed-url.server';
import { UNPAIRED_SURROGATE } from '~/utils/api.server';
import { args, contextFor, ORIGIN, run } from '../support/remix';
import { makeTeam, makeUser, signIn } from '../support/factories';
import { importFixtureStories } from '../support/content';
import { allRoutes, call, describeResult, sampleUrlFor, type Result, type RouteEntry } from './route-table';

/**
 * Issue item 6: malformed input that used to answer 500. A fuzz of every loader, every action and
 * every /api path (found on disk, so new routes are covered), as a product admin and as a learner:
 * bad percent-encodings (%FF, %ED%A0%80, %C0%AF, a lone %) in path params and query values, lone
 * surrogates (\uD800) in query values, form fields and JSON bodies, huge numbers (1e400,
 * 99999999999999999999), fractional and negative numbers (1.5, -1) in every param, in the
 * offset/page/limit-like query values and in each field of each /api body schema. Never a 500; the
 * encoding and surrogate cases are a 400 with a clear message, logged at info, not error.
 */
vi.setConfig({ testTimeout: 120_000 });

const BAD_ENCODINGS = ['%FF', '%ED%A0%80', '%C0%AF', '%'];
const BAD_NUMBERS = ['1e400', '99999999999999999999', '1.5', '-1'];
/** In a query or a form body every bad encoding reads as U+FFFD (a lone '%' as itself): two stand for all. */
const BAD_READ_VALUES = ['%FF', '%', ...BAD_NUMBERS];
/** A path param that cannot be decoded reaches a loader raw; one cannot hold a lone surrogate. */
const BAD_PARAM_VALUES = ['%FF', '%ED%A0%80', '%', ...BAD_NUMBERS];
/** Query names the loaders read (ids, offsets, pages, limits and the rest); unknown ones are ignored. */
const QUERY_NAMES = [
  'offset', 'page', 'limit', 'weeks', 'sent', 'count', 'myActivityId', 'remove', 'userId', 'segment', 'status', 'q', 'sort',
  'dir', 'returnTo', 'thenTo', 'saved', 'filter', 'tab', 'group', 'teamSize', 'email', 'name', 'welcomeJob', 'edit', 'id',
  'module', 'journeyId', 'teamId', 'organisationId', 'licence', 'at', 'to', 'redirectedFrom', 'scheduled', 'confirm',
];
/** Form fields the actions read (a superset; unknown ones are ignored). */
const FORM_FIELDS = [
  'intent', 'id', 'userId', 'teamId', 'organisationId', 'postId', 'commentId', 'activityId', 'journeyId', 'presetId', 'myActivityId',
  'taskId', 'fieldId', 'notificationId', 'contentId', 'offset', 'page', 'limit', 'name', 'firstName', 'lastName', 'email', 'message',
  'title', 'description', 'text', 'body', 'jobTitle', 'phoneNumber', 'teamSize', 'startDate', 'date', 'time', 'days', 'rating',
  'password', 'newPassword', 'confirmPassword', 'value', 'position', 'order', 'weeks', 'licenseType', 'audience', 'requestKey',
];

const routes = allRoutes();
const loaders = () => routes.filter((r) => !r.id.startsWith('api.'));
const apiRoutes = routes.filter((r) => r.id.startsWith('api.'));

type Who = { name: string; email: string; cookie: string; token: string };
let roles: Who[] = [];
const realParams: Record<string, string> = {};

beforeAll(async () => {
  await importFixtureStories();
  const team = await makeTeam();
  const admin = await makeUser({ isLedaAdmin: true, organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const learner = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
  roles = [
    { name: 'product admin', email: admin.email, ...(await signIn(admin.userId)) },
    { name: 'learner', email: learner.email, ...(await signIn(learner.userId)) },
  ];
  const db = getDb();
  Object.assign(realParams, { teamId: String(team.teamId), organisationId: String(team.organisationId), userId: String(learner.userId) });
  const urlId = async (table: 'skills' | 'games' | 'assessments' | 'skill_groups') => (await db.selectFrom(table).select('url_id').orderBy('id').executeTakeFirstOrThrow()).url_id;
  Object.assign(realParams, { skill: await urlId('skills'), game: await urlId('games'), assessment: await urlId('assessments'), group: await urlId('skill_groups') });
  const story = await db.selectFrom('stories').select(['id', 'url_id']).where('is_locked', '=', false).orderBy('id').executeTakeFirstOrThrow();
  realParams.story = story.url_id;
  realParams.chapter = (await db.selectFrom('chapters').select('url_id').where('story_id', '=', story.id).orderBy('ordinal').executeTakeFirstOrThrow()).url_id;
  // A CSV import of the team, so the import page reads its ?offset= (it was a 500 with 1.5).
  const upload = routes.find((r) => r.id === 'admin.team-editor.$teamId.import._index')!;
  const form = new FormData();
  form.set('file', new File([`First name,Last name,Email\r\nAnn,Lee,ann-${team.teamId}@example.test\r\n`], 'people.csv', { type: 'text/csv' }));
  const uploaded = await run(async () => (await upload.load()).action!(args(new Request(`${ORIGIN}/admin/team-editor/${team.teamId}/import`, { method: 'POST', body: form, headers: { cookie: roles[0]!.cookie } }), { teamId: String(team.teamId) })));
  expect(uploaded.status, 'the CSV upload').toBe(303);
  realParams.importId = uploaded.location!.split('/').at(-1)!;
});

const withParams = (route: RouteEntry, value: (name: string) => string) => sampleUrlFor(route.id, (name) => value(name));
const realUrl = (route: RouteEntry) => withParams(route, (name) => realParams[name] ?? (/id$/i.test(name) ? '1' : 'x'));

function expectNo500(what: string, r: Result) {
  expect(r.kind, `${what}: ${describeResult(r)}`).not.toBe('crash');
  if (r.kind === 'response') {
    expect(r.status, `${what}: ${describeResult(r)}`).toBeLessThan(500);
    expect(r.body, `${what}: a stack trace`).not.toMatch(/\n\s+at .+:\d+:\d+/);
  }
}

/** Runs a batch of requests a few at a time (PGlite answers one query at a time anyway). */
async function each<T>(items: T[], fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(fn));
}

describe('a URL that cannot be decoded', () => {
  let server: http.Server;
  let port: number;
  const reached: string[] = [];
  beforeAll(async () => {
    // server.ts's order: the check, then Express's `app.all('*')` (whose param decode threw), then the error handler.
    const app = express();
    app.use(refuseMalformedUrl);
    app.all('*', (req, res) => {
      reached.push(req.originalUrl);
      res.type('text/plain').send('page');
    });
    app.use(((err, _req, res, _next) => {
      logger().error({ err }, 'unhandled request error');
      res.status(500).send('error');
    }) as express.ErrorRequestHandler);
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const get = (path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'] ?? '', body }));
        })
        .on('error', reject);
    });

  it('answers a bad percent-encoding in any path or query with a 400 and a clear message, logged at info', async () => {
    const info = vi.spyOn(logger(), 'info');
    const error = vi.spyOn(logger(), 'error');
    try {
      for (const bad of BAD_ENCODINGS) {
        for (const path of [`/${bad}`, `/articles/${bad}`, `/app/team/${bad}`, `/admin/team-editor/1/import/${bad}`, `/app/explore/story/x/${bad}`, `/?q=${bad}`, `/app/team/1?offset=${bad}`, `/admin/user-list?${bad}=1`]) {
          const r = await get(path);
          expect(r.status, path).toBe(400);
          expect(r.body, path).toBe(MALFORMED_URL_MESSAGE);
        }
        const api = await get(`/api/post/getPosts?x=${bad}`);
        expect(api.status).toBe(400);
        expect(api.type).toContain('json');
        expect(JSON.parse(api.body)).toEqual({ errorMsg: MALFORMED_URL_MESSAGE });
      }
      expect(reached).toEqual([]);
      expect(error).not.toHaveBeenCalled();
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ url: '/%FF', part: 'path' }), 'malformed URL refused (400)');
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });

  it('lets well-formed encodings through (UTF-8 text, emoji, an encoded %, a plus)', async () => {
    for (const path of ['/articles/caf%C3%A9', '/?q=%F0%9F%99%82', '/?q=100%25', '/?q=a+b', '/a%2Fb', '/']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
    }
  });
});

describe('every loader', () => {
  it('answers bad values in every path param (as Remix passes an undecodable one: raw) with a 4xx or a page, never a 500', async () => {
    const cases = loaders().flatMap((route) => {
      if (!Object.keys(route.params).length) return [];
      // As the product admin, who may open every page (a learner mostly meets the guard first).
      return BAD_PARAM_VALUES.map((bad) => ({ route, bad, who: roles[0]! }));
    });
    await each(cases, async ({ route, bad, who }) => {
      const mod = await route.load();
      if (!mod.loader) return;
      // Each param in turn gets the bad value, the others a real one.
      for (const name of Object.keys(route.params)) {
        const { path, params } = withParams(route, (n) => (n === name ? bad : (realParams[n] ?? (/id$/i.test(n) ? '1' : 'x'))));
        const request = new Request(`${ORIGIN}${path.split('/').map(encodeSegment).join('/')}`, { headers: { cookie: who.cookie } });
        expectNo500(`${who.name} GET ${route.id} ${name}=${JSON.stringify(bad)}`, await call(() => mod.loader!(args(request, params))));
      }
    });
  });

  it('answers bad values in the query (ids, offsets, pages, limits, text) with a 4xx or a page, never a 500; ?offset=1.5 on the import page is a 400 that says why', async () => {
    const cases = loaders().flatMap((route) => BAD_READ_VALUES.map((bad) => ({ route, bad })));
    await each(cases, async ({ route, bad }) => {
      const mod = await route.load();
      if (!mod.loader) return;
      const { path, params } = realUrl(route);
      // Every name at once: each loader reads its own (a refused one answers 400 before the others).
      const query = QUERY_NAMES.map((n) => `${n}=${queryValue(bad)}`).join('&');
      for (const who of roles.slice(0, 1)) {
        const request = new Request(`${ORIGIN}${path}?${query}`, { headers: { cookie: who.cookie } });
        expectNo500(`${who.name} GET ${path}?${query.slice(0, 80)}`, await call(() => mod.loader!(args(request, params))));
      }
    });
    const importPage = routes.find((r) => r.id === 'admin.team-editor.$teamId.import.$importId')!;
    const { path, params } = realUrl(importPage);
    for (const bad of ['1.5', '-1', '1e400', '99999999999999999999', 'abc']) {
      const r = await run<{ message: string }>(async () => (await importPage.load()).loader!(args(new Request(`${ORIGIN}${path}?offset=${bad}`, { headers: { cookie: roles[0]!.cookie } }), params)));
      expect(r.status, `?offset=${bad}`).toBe(400);
      expect(r.data.message).toBe('?offset must be a whole number from 0 to 1000000.');
    }
    const ok = await run<{ offset: number }>(async () => (await importPage.load()).loader!(args(new Request(`${ORIGIN}${path}?offset=50`, { headers: { cookie: roles[0]!.cookie } }), params)));
    expect(ok.data.offset).toBe(50);
  });
});

describe('every form action', () => {
  it('answers bad numbers, encodings and surrogates in every field and param with a 4xx or a normal answer, never a 500', async () => {
    const cases = loaders().flatMap((route) => [...BAD_READ_VALUES, 'a\uD800b'].map((bad) => ({ route, bad, who: roles[0]! })));
    await each(cases, async ({ route, bad, who }) => {
      const mod = await route.load();
      if (!mod.action) return;
      const { path, params } = realUrl(route);
      const fields = new URLSearchParams();
      for (const f of FORM_FIELDS) fields.append(f, bad);
      const post = (url: string, body: BodyInit, type?: string) =>
        new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { cookie: who.cookie, ...(type ? { 'content-type': type } : {}) }, body });
      expectNo500(`${who.name} POST ${path} all fields=${JSON.stringify(bad)}`, await call(() => mod.action!(args(post(path, fields, 'application/x-www-form-urlencoded'), params))));
      // The same bad value in each path param.
      for (const name of Object.keys(route.params)) {
        const bent = withParams(route, (n) => (n === name ? bad : (realParams[n] ?? (/id$/i.test(n) ? '1' : 'x'))));
        expectNo500(`${who.name} POST ${route.id} ${name}=${JSON.stringify(bad)}`, await call(() => mod.action!(args(post(bent.path.split('/').map(encodeSegment).join('/'), new URLSearchParams({ intent: 'save' }), 'application/x-www-form-urlencoded'), bent.params))));
      }
    });
  });
});

/** JSON texts for one field: lone surrogates, 1e400 (Infinity once parsed), 20-digit, fractional and negative numbers. */
const JSON_VALUES = ['"a\\uD800b"', '1e400', '99999999999999999999', '1.5', '-1', '"%FF"'];

describe('every /api path', () => {
  // The form fuzz above posts to /logout too: fresh sessions for the /api bodies.
  beforeAll(async () => {
    const db = getDb();
    for (const who of roles) {
      const session = await db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
      Object.assign(who, await signIn(session.id));
    }
  });
  it('answers each field of its body schema set to surrogates, huge, fractional and negative numbers with a 4xx (a surrogate: 400 that says so), never a 500', async () => {
    // Admin paths as the product admin, the others as a learner (the role that gets past each guard).
    const cases = apiRoutes.map((route) => ({ route, who: route.id.startsWith('api.admin.') ? roles[0]! : roles[1]! }));
    await each(cases, async ({ route, who }) => {
      const mod = (await route.load()) as { action?: ((a: unknown) => unknown) & { schema?: unknown } };
      if (!mod.action) return;
      const base = sampleBody(mod.action.schema);
      const fields = Object.keys(base).length ? Object.keys(base) : ['name'];
      for (const field of fields) {
        for (const value of JSON_VALUES) {
          const rest = JSON.stringify({ ...base, [field]: undefined });
          const body = rest === '{}' ? `{"${field}":${value}}` : `${rest.slice(0, -1)},"${field}":${value}}`;
          const request = new Request(`${ORIGIN}${route.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': who.token }, body });
          const r = await call(() => mod.action!({ request, params: {}, context: contextFor(request) }));
          const what = `${who.name} ${route.path} ${field}=${value}`;
          expectNo500(what, r);
          if (value.includes('\\uD') && r.kind === 'response' && mod.action.schema !== undefined && r.status !== 401 && r.status !== 403) {
            expect(r.status, `${what}: ${describeResult(r)}`).toBe(400);
            expect(JSON.parse(r.body).errorMsg, what).toBe(UNPAIRED_SURROGATE);
          }
        }
      }
    });
  });

  it('saveActivity with a lone surrogate in the activity name is a 400 that says so (it was a 500 from the audit entry json), logged at info', async () => {
    const info = vi.spyOn(logger(), 'info');
    try {
      const route = apiRoutes.find((r) => r.id === 'api.admin.saveActivity')!;
      const body = '{"activity":{"activityId":null,"name":"Plan \\uD800 ahead","description":"x","activityTasks":[]}}';
      const request = new Request(`${ORIGIN}${route.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': roles[0]!.token }, body });
      const r = await run<{ errorMsg: string }>(async () => (await route.load()).action!({ request, params: {}, context: contextFor(request) }));
      expect(r.status).toBe(400);
      expect(r.data.errorMsg).toBe(UNPAIRED_SURROGATE);
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/admin/saveActivity', status: 400 }), 'api body refused');
    } finally {
      info.mockRestore();
    }
  });
});

/** A path segment as a client would send it: a bad encoding stays as typed, anything else is encoded. */
function encodeSegment(s: string) {
  // A URL cannot hold a lone surrogate (the URL parser writes U+FFFD): the params object still does.
  return /%/.test(s) ? s : encodeURIComponent(s.replace(/\p{Surrogate}/gu, '\uFFFD'));
}
const queryValue = encodeSegment;

type ZodDef = { type?: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; options?: unknown[]; entries?: Record<string, unknown>; values?: unknown[] };
const defOf = (s: unknown): ZodDef => ((s as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def ?? {});

/** A plausible value of each field of an /api body schema, so a bad value in one field meets valid others. */
function sampleBody(schema: unknown): Record<string, unknown> {
  let def = defOf(schema);
  for (let i = 0; i < 10 && def.type !== 'object'; i++) {
    const next = def.in ?? def.innerType;
    if (!next) return {};
    def = defOf(next);
  }
  return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sample(v, 0)]));
}

function sample(schema: unknown, depth: number): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
    case 'int':
      return 1;
    case 'string':
      return 'Hello';
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return sample(def.options?.[0], depth + 1);
    case 'object':
      return depth > 3 ? {} : sampleBody(schema);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return sample(def.innerType, depth + 1);
    case 'pipe':
      return sample(def.in, depth + 1);
    default:
      return undefined;
  }
}
