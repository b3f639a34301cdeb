import { getDb } from '@modules/shared/index.server';
import { FIXTURE_CATALOGUE, fixtureCatalogueBeforeAll } from './content';
import { makeUser, signIn } from './factories';
import { args, formRequest, getRequest, run } from './remix';

/** The explore route tests: the fixture catalogue, a signed-in learner, and the clicks of a player route. */

/** The tests' own small catalogue (tests/fixtures/catalogue) and its import once per file (tests/support/content.ts). */
export { FIXTURE_CATALOGUE, fixtureCatalogueBeforeAll };

/** A new learner, signed in: their id and session cookie. */
export async function learner() {
  const u = await makeUser();
  const { cookie } = await signIn(u.userId);
  return { userId: u.userId, cookie };
}

type RouteFn = (a: ReturnType<typeof args>) => unknown;

/**
 * A player route `${list}/{id}` whose route param is `param` (games/$game, assessments/$assessment):
 * `view` runs its loader, `click` posts a form to its action, both as the learner with `cookie`.
 */
export function playerRoute(list: string, param: string, route: { loader: RouteFn; action: RouteFn }) {
  return {
    view: (cookie: string, id: string) => run(() => route.loader(args(getRequest(`${list}/${id}`, { cookie }), { [param]: id }))),
    click: (cookie: string, id: string, fields: Record<string, string>) =>
      run(() => route.action(args(formRequest(`${list}/${id}`, fields, { cookie }), { [param]: id }))),
  };
}

/** The learner's completion rows of one kind ('game', 'assessment', ...). */
export const completionRows = (userId: number, kind: 'game' | 'assessment') =>
  getDb().selectFrom('user_progress').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();
