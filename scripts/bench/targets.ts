/** The pages `npm run bench` measures against the Remix hello app (scripts/bench.ts); append one to add a page. */
import { INSIGHTS_TARGETS } from '../bench-insights';
import { ADMIN_TARGETS } from '../bench-admin';

/** What the targets may use: the demo learner's session, as cookie and as x-access-token, and a public article's path. */
export interface BenchContext {
  token: string;
  cookie: string;
  articlePath: string;
  /** The catalogue version the signed-in app holds (from a first authenticate call). */
  referenceDataVersion: number | null;
  /** The learner's current notification poll ETag (renewed while the bench runs). */
  pollEtag?: string;
  /**
   * The team feed's page 100 as 'Load more posts' links it (?offset=990&after=<cursor>, keyset,
   * decision 352), found before each measured phase; the bare offset when the feed has no page 100
   * (the demo data), which is then an empty page.
   */
  feedPage100Path?: string;
}

export interface BenchTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string | ((ctx: BenchContext) => string);
  /** Extra headers (auth, content type); may use the signed-in learner's session. */
  headers?: (ctx: BenchContext) => Record<string, string>;
  body?: (ctx: BenchContext) => string;
  /** The status every answer must have; anything else counts as an error. */
  expectStatus: number;
  /** Checked once on the first answer, to be sure the target measures what it says. */
  check?: { what: string; test: (body: string) => boolean };
  /** One of issue 29's pages (`--pages` measures these only): each ≥ 0.35 × hello, p99 < 100 ms at 80 % of its max. */
  page?: true;
}

export const json = { 'content-type': 'application/json', accept: 'application/json' };
const page = (ctx: BenchContext) => ({ accept: 'text/html', cookie: ctx.cookie });
export const HELLO = 'Remix hello app: GET /bench/hello';
/** The hello app's smallest document page: the floor any server-rendered Remix page starts from. */
export const HELLO_PAGE: BenchTarget = {
  name: 'Remix hello app: GET /bench/page (a bare document)',
  method: 'GET',
  path: '/bench/page',
  headers: () => ({ accept: 'text/html' }),
  expectStatus: 200,
};

export const TARGETS: BenchTarget[] = [
  { name: 'GET /bench/hello (Leda bare route)', page: true, method: 'GET', path: '/bench/hello', expectStatus: 200 },
  {
    name: 'GET / (home)',
    method: 'GET',
    path: '/',
    headers: () => ({ accept: 'text/html' }),
    expectStatus: 200,
    check: { what: 'the home page lists the latest articles', test: (body) => body.includes('Latest articles') },
  },
  { name: 'GET /articles', method: 'GET', path: '/articles', headers: () => ({ accept: 'text/html' }), expectStatus: 200 },
  { name: 'GET an article', page: true, method: 'GET', path: (ctx) => ctx.articlePath, headers: () => ({ accept: 'text/html' }), expectStatus: 200 },
  { name: 'GET /auth/login', page: true, method: 'GET', path: '/auth/login', headers: () => ({ accept: 'text/html' }), expectStatus: 200 },
  {
    name: 'POST /api/public/p (page view)',
    method: 'POST',
    path: '/api/public/p',
    headers: () => json,
    body: () => JSON.stringify({ url: 'http://localhost/pricing', path: '/pricing', cid: 'bench-client-0001', name: 'Pricing | Leda' }),
    expectStatus: 200,
  },
  {
    name: 'POST /api/auth/authenticate',
    method: 'POST',
    path: '/api/auth/authenticate',
    headers: (ctx) => ({ ...json, 'x-access-token': ctx.token }),
    body: () => JSON.stringify({ cid: 'bench-client-0001' }),
    expectStatus: 200,
    check: { what: 'the answer names the signed-in learner', test: (body) => (JSON.parse(body) as { user: unknown }).user !== null },
  },
  {
    name: 'POST /api/auth/authenticate (catalogue held)',
    method: 'POST',
    path: '/api/auth/authenticate',
    headers: (ctx) => ({ ...json, 'x-access-token': ctx.token }),
    body: (ctx) => JSON.stringify({ cid: 'bench-client-0001', referenceDataVersion: ctx.referenceDataVersion }),
    expectStatus: 200,
    check: { what: 'the answer leaves the held catalogue out', test: (body) => (JSON.parse(body) as { referenceData: unknown }).referenceData === null },
  },
  { name: 'GET /app/team (team list)', page: true, method: 'GET', path: '/app/team', headers: page, expectStatus: 200 },
  {
    name: 'GET /app/explore/skill', page: true,
    method: 'GET',
    path: '/app/explore/skill',
    headers: page,
    expectStatus: 200,
    check: { what: 'the skills page lists the skill groups', test: (body) => body.includes('Self-Awareness') },
  },
  { name: 'GET /app/explore/story', page: true, method: 'GET', path: '/app/explore/story', headers: page, expectStatus: 200 },
  {
    name: 'GET a story chapter', page: true,
    method: 'GET',
    path: '/app/explore/story/the-first-ninety-days/chapter/everything-through-me',
    headers: page,
    expectStatus: 200,
    check: { what: 'the chapter page has its video', test: (body) => body.includes('<video') },
  },
  {
    name: 'GET /app/activities (My Activities)', page: true,
    method: 'GET',
    path: '/app/activities',
    headers: page,
    expectStatus: 200,
    check: { what: 'My Activities shows a selected activity with its tasks', test: (body) => body.includes('activity-panel') },
  },
  {
    // The demo learner started 'Delegating well' (the Leadership Team's current journey).
    name: 'GET a journey step (Journey end)', page: true,
    method: 'GET',
    path: '/app/journey/delegating-well/step/end',
    headers: page,
    expectStatus: 200,
    check: { what: 'the journey page lists its steps', test: (body) => body.includes('Journey steps') },
  },
  {
    // Team 1 is the demo Leadership Team (the first team the demo seed creates).
    name: 'GET /app/team/1/journeys', page: true,
    method: 'GET',
    path: '/app/team/1/journeys',
    headers: page,
    expectStatus: 200,
    check: { what: 'the team journeys page shows its timeline', test: (body) => body.includes('Timeline') },
  },
  // Issue 12: team home, page 100 of its feed (grown: 2,000 members, 20,000 posts) and the notification poll.
  { name: 'GET /app/team/1 (team home)', page: true, method: 'GET', path: '/app/team/1', headers: page, expectStatus: 200, check: { what: 'team home shows Team Information', test: (body) => body.includes('Team Information') } },
  { name: 'GET /app/team/1?offset=990&after=… (feed page 100)', page: true, method: 'GET', path: (ctx) => ctx.feedPage100Path ?? '/app/team/1?offset=990', headers: page, expectStatus: 200 },
  {
    name: 'POST /api/notification/getRecentUserNotifications (poll)',
    method: 'POST',
    path: '/api/notification/getRecentUserNotifications',
    headers: (ctx) => ({ ...json, 'x-access-token': ctx.token }),
    body: () => JSON.stringify({}),
    expectStatus: 200,
    check: { what: 'the poll answers the unseen count', test: (body) => 'unseenCount' in (JSON.parse(body) as object) },
  },
  // Issue 28: the bell's poll. Unchanged (a matching If-None-Match): 304 before Remix, no SQL. Target ≥ 0.8 × hello.
  {
    name: 'GET /api/notification/poll (unchanged: 304)',
    method: 'GET',
    path: '/api/notification/poll',
    headers: (ctx) => ({ 'x-access-token': ctx.token, 'if-none-match': ctx.pollEtag ?? '' }),
    expectStatus: 304,
  },
  {
    name: 'GET /api/notification/poll (changed: full answer)',
    method: 'GET',
    path: '/api/notification/poll',
    headers: (ctx) => ({ 'x-access-token': ctx.token }),
    expectStatus: 200,
    check: { what: 'the poll answers the unseen count and the list', test: (body) => 'userNotifications' in (JSON.parse(body) as object) },
  },
  // Issue 13: a colleague's profile (the demo organisation admin: photo, bio, journey badges).
  {
    name: 'GET /app/profile/2 (a profile with badges)', page: true,
    method: 'GET',
    path: '/app/profile/2',
    headers: page,
    expectStatus: 200,
    check: { what: 'the profile shows the organisation admin with her badges', test: (body) => body.includes('Olivia Orgadmin') && body.includes('Journey badges') },
  },
  ...INSIGHTS_TARGETS,
  ...ADMIN_TARGETS,
];

/**
 * The link a learner follows to the feed's page 100: page 99 (read by offset, which still works)
 * names it in its 'Load more posts' link, cursor included. Without a page 100, the bare offset.
 */
export async function withFeedPage100(baseUrl: string, ctx: BenchContext): Promise<BenchContext> {
  const page99 = await fetch(`${baseUrl}/app/team/1?offset=980`, { headers: { accept: 'text/html', cookie: ctx.cookie } }).then((r) => r.text());
  const href = page99.match(/href="(\/app\/team\/1\?offset=990&(?:amp;)?after=[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
  return { ...ctx, feedPage100Path: href ?? '/app/team/1?offset=990' };
}
