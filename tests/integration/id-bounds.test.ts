import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, withContext } from '../support/remix';
import { makeUser, signIn } from '../support/factories';
import { allRoutes, call, describeResult } from './route-table';

/**
 * Ids are int4 in the database: an id beyond 2147483647 in an otherwise valid body must be a 400
 * with errorMsg (it was a 500: 'value out of range for type integer'), on every /api route found on
 * disk. One shared schema (idSchema / idNumber in modules/shared/validation.ts) bounds them.
 */
const ID_FIELDS = ['activityId', 'journeyId', 'skillId', 'storyId', 'gameId', 'assessmentId', 'contentId', 'videoId', 'tagId', 'notificationId'];
/** A body every /api route would accept, apart from the id under test. */
const VALID_BASE = { feedbackType: 1, rating: 1, url: '/app/home', message: 'Hello' };

const apiRoutes = allRoutes().filter((r) => r.id.startsWith('api.'));
let learner: { token: string };

beforeAll(async () => {
  learner = await signIn((await makeUser()).userId);
});

const post = (path: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': learner.token },
    body: JSON.stringify(body),
  });

describe('ids beyond int4', () => {
  it('POST /api/feedback/submitSystemFeedback with activityId or journeyId 2147483648 is a 400 with errorMsg', async () => {
    const { action } = await import('~/routes/api+/feedback+/submitSystemFeedback');
    for (const field of ['activityId', 'journeyId']) {
      for (const value of [2_147_483_648, '2147483648', 1e12]) {
        const r = await call(() => action(withContext({ request: post('/api/feedback/submitSystemFeedback', { ...VALID_BASE, [field]: value }), params: {} })));
        expect(r.kind === 'response' && r.status, `${field}=${value}: ${describeResult(r)}`).toBe(400);
        if (r.kind === 'response') expect(JSON.parse(r.body).errorMsg, `${field}=${value}`).toMatch(new RegExp(`${field}.*Must be an id`));
      }
    }
  });

  it('every /api route answers an id of 2147483648 (number or digits) with a 4xx, never a 500', async () => {
    for (const route of apiRoutes) {
      const mod = await route.load();
      if (!mod.action) continue;
      for (const field of ID_FIELDS) {
        for (const value of [2_147_483_648, '2147483648', 99_999_999_999]) {
          const r = await call(() => mod.action!(withContext({ request: post(route.path, { ...VALID_BASE, [field]: value }), params: {} })));
          const what = `${route.path} ${field}=${JSON.stringify(value)}: ${describeResult(r)}`;
          expect(r.kind, what).not.toBe('crash');
          if (r.kind === 'response') expect(r.status, what).toBeLessThan(500);
        }
      }
    }
    // ~900 requests: about 30 s on PGlite under a parallel run.
  }, 180_000);
});
