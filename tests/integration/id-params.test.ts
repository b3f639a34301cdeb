import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, withContext } from '../support/remix';
import { makeUser, signIn } from '../support/factories';
import { allRoutes, call, describeResult } from './route-table';

/**
 * One way to read an id from the address (decision 342): every path id goes through idParam (or
 * boundedInt), so an id that is not 1..2147483647 in digits is the 404 page, for loaders and actions
 * alike, never a 500 from the database ('value out of range for type integer').
 */
const BAD_IDS = ['abc', '0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', ' 1', '%E0%A4%A'];

/** Routes whose id param moved to idParam, with the param's name. */
const ID_ROUTES: [routeId: string, param: string, extra?: Record<string, string>][] = [
  ['app+/post.$postId', 'postId'],
  ['admin+/notification.editor.$notificationId', 'notificationId'],
  ['admin+/user-editor.($userId)', 'userId'],
  ['admin+/organisation-editor.($organisationId)', 'organisationId'],
  ['admin+/activity-editor.($activityId)', 'activityId'],
  ['admin+/team-editor.$teamId._index', 'teamId'],
  ['admin+/team-editor.$teamId.import.$importId', 'importId', { teamId: '1' }],
  ['admin+/team-editor.$teamId.import.$importId.errors[.]csv', 'importId', { teamId: '1' }],
  ['app+/profile.$userId.photo', 'userId'],
];

const routes = new Map(allRoutes().map((r) => [r.file.replace(/\.tsx?$/, ''), r]));
let admin: { cookie: string };

beforeAll(async () => {
  admin = await signIn((await makeUser({ isLedaAdmin: true })).userId);
});

describe('a malformed id in the address', () => {
  it('is a 404 on every loader and action that reads one, never a 500', async () => {
    for (const [file, name, extra] of ID_ROUTES) {
      const route = routes.get(file);
      expect(route, file).toBeDefined();
      const mod = await route!.load();
      for (const bad of BAD_IDS) {
        const params = { ...extra, [name]: bad };
        for (const method of ['GET', 'POST'] as const) {
          const fn = method === 'GET' ? mod.loader : mod.action;
          if (!fn) continue;
          const request = new Request(`${ORIGIN}/x`, {
            method,
            headers: { cookie: admin.cookie, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
            ...(method === 'POST' ? { body: 'intent=save' } : {}),
          });
          const r = await call(() => fn(withContext({ request, params })));
          expect(r.kind === 'response' && r.status, `${method} ${file} ${name}=${bad}: ${describeResult(r)}`).toBe(404);
        }
      }
    }
  });
});
