import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { ORIGIN, contextFor, withContext } from '../support/remix';
import { makeUser, signIn } from '../support/factories';
import { importFixtureStories } from '../support/content';
import { allRoutes, call, describeResult, sampleUrlFor, type Result, type RouteEntry } from './route-table';

/**
 * Malformed input on every action and every /api route (found on disk, so new ones are covered):
 * missing fields, wrong types, 10k-char strings, non-JSON, arrays, huge and negative numbers,
 * unicode junk, `__proto__` keys, bodies of the wrong content type; and malformed path params and
 * query strings on every loader. Never a 500 or a thrown non-Response; a refused /api body is a
 * 4xx JSON with a readable errorMsg and no stack trace.
 */

// Thousands of requests per test: slow on PGlite and under a parallel run.
vi.setConfig({ testTimeout: 240_000 });

const LONG = 'a'.repeat(10_000);
const UNICODE_JUNK = '\u0000\u202e\uffff\ud800 ͡°͜ʖ͡° 🙂 ﷽ \u200b';
const JUNK_STRINGS = ['', ' ', LONG, UNICODE_JUNK, '-1', '0', '1e309', '99999999999999999999', '1.5', 'NaN', '__proto__', '<script>alert(1)</script>', "' or 1=1 --", '{"a":1}'];
const JUNK_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2_147_483_648,
  [],
  [1, 2],
  {},
  { __proto__: { admin: true } },
  ...JUNK_STRINGS,
];

/** Every field name an /api body or a form in the app reads (a superset; unknown ones are ignored). */
const FIELDS = [
  'email', 'password', 'confirmPassword', 'newPassword', 'token', 'firstName', 'lastName', 'name', 'message', 'phoneNumber',
  'organisation', 'jobTitle', 'teamSize', 'consentToNews', 'intent', 'thenTo', 'website', 'rating', 'feedbackType', 'url',
  'videoId', 'stageId', 'choiceId', 'questionId', 'optionId', 'activityId', 'journeyId', 'skillId', 'storyId', 'gameId',
  'assessmentId', 'contentId', 'tagId', 'limit', 'offset', 'path', 'cid', 'referrer', 'redirectedFrom', 'language', 'event',
  'properties', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'mlt', 'error', 'notificationId',
];
const INTENTS = ['start', 'restart', 'continue', 'choose', 'answer', 'back', 'next', 'thumbs', 'interest', 'completeVideo', 'seen', 'subscribe', 'unsubscribe'];

const routes = allRoutes();
let learner: { cookie: string; token: string };
let admin: { cookie: string; token: string };
/** Real catalogue url ids, so the explore actions get past their 404 and parse the body. */
const realParams: Record<string, string> = {};

beforeAll(async () => {
  await importFixtureStories();
  learner = await signIn((await makeUser()).userId);
  admin = await signIn((await makeUser({ isLedaAdmin: true })).userId);
  const db = getDb();
  const first = async (table: 'skills' | 'stories' | 'games' | 'assessments' | 'skill_groups') =>
    (await db.selectFrom(table).select('url_id').where((eb) => (table === 'skills' || table === 'stories' ? eb('is_locked', '=', false) : eb.lit(true))).orderBy('id').executeTakeFirstOrThrow()).url_id;
  realParams.skill = await first('skills');
  realParams.game = await first('games');
  realParams.assessment = await first('assessments');
  realParams.group = await first('skill_groups');
  const story = await db.selectFrom('stories').select(['id', 'url_id']).where('is_locked', '=', false).orderBy('id').executeTakeFirstOrThrow();
  realParams.story = story.url_id;
  realParams.chapter = (await db.selectFrom('chapters').select('url_id').where('story_id', '=', story.id).orderBy('ordinal').executeTakeFirstOrThrow()).url_id;
});

function realRoute(route: RouteEntry) {
  const { path, params } = sampleUrlFor(route.id, (name) => realParams[name] ?? (/id$/i.test(name) ? '1' : 'x'));
  return { path, params };
}

function expectSafe(what: string, r: Result) {
  expect(r.kind, `${what}: ${describeResult(r)}`).not.toBe('crash');
  if (r.kind !== 'response') return;
  expect(r.status, `${what}: ${describeResult(r)}`).toBeLessThan(500);
  expect(r.body, `${what}: a stack trace`).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

function expectReadableApiError(what: string, r: Result) {
  expectSafe(what, r);
  if (r.kind !== 'response') throw new Error(`${what}: expected a Response, got ${describeResult(r)}`);
  expect(r.status, `${what}: ${describeResult(r)}`).toBeGreaterThanOrEqual(400);
  expect(r.contentType, what).toContain('json');
  const msg = (JSON.parse(r.body) as { errorMsg?: unknown }).errorMsg;
  expect(typeof msg, what).toBe('string');
  expect((msg as string).length, what).toBeGreaterThan(3);
  expect(msg as string, what).not.toMatch(/TypeError|SyntaxError|undefined|\[object/);
}

const apiRoutes = routes.filter((r) => r.id.startsWith('api.'));

function rawPost(path: string, body: string, contentType: string | null, headers: Record<string, string> = {}) {
  const h = new Headers(headers);
  if (contentType) h.set('content-type', contentType);
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: h, body });
}

describe('/api bodies', () => {
  it('refuses bodies that are not a JSON object with a 400 and errorMsg', async () => {
    const notObjects = ['{', 'not json', '[]', '[{"email":"a@b.c"}]', 'null', '42', '"text"', 'true', `{"a":"${'\\u'}"}`, '\u0000'];
    for (const route of apiRoutes) {
      const mod = await route.load();
      for (const body of notObjects) {
        const request = rawPost(route.path, body, 'application/json', { 'x-access-token': learner.token });
        expectReadableApiError(`${route.path} ${JSON.stringify(body)}`, await call(() => mod.action!({ request, params: {}, context: contextFor(request) })));
      }
    }
  });

  it('answers every field set to junk (wrong types, huge numbers, 10k strings, unicode, __proto__) without a 500', async () => {
    for (const route of apiRoutes) {
      const mod = await route.load();
      const send = async (body: unknown, label: string) => {
        const request = rawPost(route.path, typeof body === 'string' ? body : JSON.stringify(body), 'application/json', { 'x-access-token': learner.token });
        const r = await call(() => mod.action!({ request, params: {}, context: contextFor(request) }));
        expectSafe(`${route.path} ${label}`, r);
        if (r.kind === 'response' && r.status >= 400) expectReadableApiError(`${route.path} ${label}`, r);
      };
      await send({}, '{}');
      await send('{"__proto__":{"isLedaAdmin":true},"constructor":{"prototype":{"x":1}}}', '__proto__ keys');
      for (const value of JUNK_VALUES) {
        const body: Record<string, unknown> = {};
        for (const f of FIELDS) body[f] = value;
        await send(body, `all fields = ${JSON.stringify(value)?.slice(0, 40)}`);
      }
    }
  });

  it('getPublicContents refuses negative and unbounded offsets and limits with a 400', async () => {
    const route = apiRoutes.find((r) => r.id === 'api.public.getPublicContents')!;
    const mod = await route.load();
    for (const body of [{ offset: -1 }, { offset: 1e9 }, { offset: 1.5 }, { limit: -1 }, { limit: 1e9 }, { limit: 'lots' }, { offset: '1e309' }, { tagId: 'x'.repeat(10_000) }]) {
      const request = rawPost(route.path, JSON.stringify(body), 'application/json');
      const r = await call(() => mod.action!({ request, params: {}, context: contextFor(request) }));
      expectReadableApiError(`getPublicContents ${JSON.stringify(body).slice(0, 60)}`, r);
      expect(r.kind === 'response' && r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });
});

describe('form actions', () => {
  const actionRoutes = () => routes.filter((r) => !r.id.startsWith('api.'));

  it('answer junk forms, wrong content types and unreadable bodies with a 4xx (or a normal form answer), never a 500', async () => {
    for (const route of actionRoutes()) {
      const mod = await route.load();
      if (!mod.action) continue;
      const { path, params } = realRoute(route);
      const who = route.id.startsWith('app.') || route.id.startsWith('admin.') ? [learner, admin] : [null, learner];
      for (const user of who) {
        const headers: Record<string, string> = user ? { cookie: user.cookie } : {};
        const post = async (body: string, contentType: string | null, label: string) => {
          const request = rawPost(path, body, contentType, headers);
          expectSafe(`POST ${path} ${label} (${user ? 'signed in' : 'anonymous'})`, await call(() => mod.action!({ request, params, context: contextFor(request) })));
        };
        const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();
        await post('', 'application/x-www-form-urlencoded', 'empty form');
        await post('{"email":"a@b.c"}', 'application/json', 'JSON body');
        await post('%%%&&&=%E0%A4%A', 'application/x-www-form-urlencoded', 'broken urlencoding');
        await post('--x\r\nbroken', 'multipart/form-data; boundary=nope', 'broken multipart');
        await post('junk', 'text/plain', 'text/plain');
        await post('junk', null, 'no content type');
        await post(form([['__proto__[admin]', '1'], ['constructor[prototype][x]', '1'], ['__proto__', 'x']]), 'application/x-www-form-urlencoded', '__proto__ keys');
        // Every junk value in every field; then every intent the players and forms know with the nastiest values.
        const cases: [string, string][] = JUNK_STRINGS.map((v) => [v, v]);
        for (const intent of INTENTS) for (const v of [LONG, UNICODE_JUNK, '-1', '99999999999999999999']) cases.push([v, intent]);
        for (const [value, intent] of cases) {
          const fields: [string, string][] = FIELDS.filter((f) => f !== 'intent' && (f !== 'website' || value === '')).map((f) => [f, value]);
          fields.push(['intent', intent], ['email', 'second@example.test']);
          await post(form(fields), 'application/x-www-form-urlencoded', `fields=${JSON.stringify(value.slice(0, 30))} intent=${intent.slice(0, 20)}`);
        }
      }
    }
  });
});

describe('path params and query strings', () => {
  const BAD_PARAMS = ['%E0%A4%A', 'abc', '99999999999999999999', '-1', '0', '1e9', '1.5', LONG, UNICODE_JUNK, '..%2F..%2Fetc%2Fpasswd', '__proto__', ' '];
  const BAD_QUERIES = [
    '?page=-1', '?page=1e9', '?page=abc', '?page=0', '?page=99999999999999999999', '?page=1&page=2', '?page=%E0%A4%A',
    '?offset=-5&limit=1e9', '?thenTo=//evil.example', '?thenTo=https://evil.example', '?thenTo=%2F%09%2Fevil.example', '?thenTo=%2F%F0%9F%99%82', '?thenTo=%2F%0D%0AX:1', `?email=${encodeURIComponent(UNICODE_JUNK.replace('\ud800', ''))}%ED%A0%80`,
    `?email=${LONG}`, '?teamSize=-1', '?group=__proto__', '?redirectedFrom=%00', '?to=x', '?myActivityId=abc',
  ];

  it('never answer 500 for malformed params or query strings, anonymous, learner or product admin', async () => {
    for (const route of routes) {
      const mod = await route.load();
      if (!mod.loader) continue;
      const names = Object.keys(sampleUrlFor(route.id).params);
      const cases: { path: string; params: Record<string, string> }[] = [];
      for (const bad of BAD_PARAMS) {
        for (const name of names) {
          const { path, params } = sampleUrlFor(route.id, (n) => (n === name ? bad : (realParams[n] ?? (/id$/i.test(n) ? '1' : 'x'))));
          cases.push({ path: path.replace(/ /g, '%20'), params: { ...params, [name]: bad } });
        }
      }
      const base = realRoute(route);
      for (const q of BAD_QUERIES) cases.push({ path: base.path + q, params: base.params });
      for (const c of cases) {
        for (const user of [null, learner, admin]) {
          const headers: Record<string, string> = user ? (route.id.startsWith('api.') ? { 'x-access-token': user.token } : { cookie: user.cookie }) : {};
          let request: Request;
          try {
            request = new Request(`${ORIGIN}${c.path}`, { headers });
          } catch {
            continue; // not a URL a client could send
          }
          expectSafe(`GET ${c.path.slice(0, 80)} (${route.file})`, await call(() => mod.loader!({ request, params: c.params, context: contextFor(request) })));
        }
      }
    }
  });

  it('answers 404 for malformed article and team addresses', async () => {
    const byId = new Map(routes.map((r) => [r.id, r]));
    const cases: [string, string, Record<string, string>][] = [
      ['articles.$urlId', '/articles/%E0%A4%A', { urlId: '%E0%A4%A' }],
      ['articles.$urlId', '/articles/99999999999999999999', { urlId: '99999999999999999999' }],
      ['articles.tag.$tag', '/articles/tag/%E0%A4%A', { tag: '%E0%A4%A' }],
      ['articles._index', '/articles?page=-1', {}],
      ['articles._index', '/articles?page=1e9', {}],
      ['site.$', '/site/constructor', { '*': 'constructor' }],
      ['site.$', '/site/__proto__', { '*': '__proto__' }],
    ];
    for (const [id, path, params] of cases) {
      const mod = await byId.get(id)!.load();
      const r = await call(() => mod.loader!(withContext({ request: new Request(`${ORIGIN}${path}`), params })));
      expect(r.kind === 'response' && r.status, `${path}: ${describeResult(r)}`).toBe(404);
    }
    for (const teamId of ['abc', '99999999999999999999', '-1', '1.5']) {
      for (const id of ['app.team.$teamId._index', 'app.team.$teamId.members', 'app.team.$teamId.posts']) {
        const mod = await byId.get(id)!.load();
        const path = `/app/team/${teamId}`;
        const r = await call(() => mod.loader!(withContext({ request: new Request(`${ORIGIN}${path}`, { headers: { cookie: learner.cookie } }), params: { teamId } })));
        expectSafe(`${id} ${teamId}`, r);
        expect(r.kind === 'response' && (r.status === 404 || r.location !== null), `${id} ${teamId}: ${describeResult(r)}`).toBe(true);
      }
    }
  });
});
