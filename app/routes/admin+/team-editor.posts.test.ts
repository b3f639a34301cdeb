import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, savePost } from '@modules/social/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, formRequest, getRequest, run } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { noScheduler } from '../../../tests/support/post-matrix';
import * as posts from './team-editor.$teamId.settings.posts';

/** The team editor's SETTINGS Posts sub-tab as a product admin uses it (real database, real Requests). */
async function scene() {
  const team = await makeTeam({ name: 'Posting Team' });
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  const teamAdmin = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const me = (await getCurrentUser(getDb(), admin.userId))!;
  const post = (text: string, at: Date, scheduledAt?: Date) =>
    savePost(getDb(), me, { text, audienceType: AudienceType.Team, teamId: team.teamId, ...(scheduledAt ? { scheduledAt } : {}) }, noScheduler, at);
  const hour = 3_600_000;
  const now = Date.now();
  const older = await post('Older posted post', new Date(now - 5 * hour));
  const newer = await post('Newer posted post', new Date(now - 1 * hour));
  const later = await post('Scheduled far ahead', new Date(now), new Date(now + 48 * hour));
  const soon = await post('Scheduled soon', new Date(now), new Date(now + 2 * hour));
  return { team, admin: { ...admin, ...(await signIn(admin.userId)) }, teamAdmin: { ...teamAdmin, ...(await signIn(teamAdmin.userId)) }, older, newer, later, soon };
}

const params = (teamId: number) => ({ teamId: String(teamId) });
const url = (teamId: number, q = '') => `/admin/team-editor/${teamId}/settings/posts${q}`;

describe('team editor SETTINGS Posts', () => {
  it('lists posted posts first by postedAt, then scheduled ones, with edit and a confirmed delete', async () => {
    const s = await scene();
    const page = await renderRoute(url(s.team.teamId), { route: posts, params: params(s.team.teamId), cookie: s.admin.cookie });
    expect(page.status).toBe(200);
    const order = ['Newer posted post', 'Older posted post', 'Scheduled soon', 'Scheduled far ahead'].map((t) => page.text.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page.text).toMatch(/Scheduled \d\d\/\d\d\/\d\d/);
    expect(page.html).toContain(`href="/app/post/${s.newer.postId}"`);
    expect(page.text).not.toContain('Are you sure you wish to delete this post?');

    const confirm = await renderRoute(url(s.team.teamId, `?confirm=${s.soon.postId}`), { route: posts, params: params(s.team.teamId), cookie: s.admin.cookie });
    expect(confirm.text).toContain('Are you sure you wish to delete this post? Delete Cancel');

    const del = await run(() => posts.action(args(formRequest(url(s.team.teamId), { intent: 'delete-post', postId: String(s.soon.postId) }, { cookie: s.admin.cookie }), params(s.team.teamId)) as never));
    expect(del.location).toBe(url(s.team.teamId));
    const left = await getDb().selectFrom('posts').select('text').where('team_id', '=', s.team.teamId).execute();
    expect(left.map((r) => r.text).sort()).toEqual(['Newer posted post', 'Older posted post', 'Scheduled far ahead']);
  });

  it('deletes every post of the team after its own confirmation; an empty team says so', async () => {
    const s = await scene();
    const confirm = await renderRoute(url(s.team.teamId, '?confirm=all'), { route: posts, params: params(s.team.teamId), cookie: s.admin.cookie });
    expect(confirm.text).toContain('Are you sure you wish to delete every post of this team?');
    const del = await run(() => posts.action(args(formRequest(url(s.team.teamId), { intent: 'delete-all-posts' }, { cookie: s.admin.cookie }), params(s.team.teamId)) as never));
    expect(del.location).toBe(`${url(s.team.teamId)}?deleted=4`);
    const after = await renderRoute(url(s.team.teamId, '?deleted=4'), { route: posts, params: params(s.team.teamId), cookie: s.admin.cookie });
    expect(after.text).toContain('4 posts deleted.');
    // The admin grid's empty text (admin-console spec 8), not the learner feed's.
    expect(after.text).toContain('No records to display.');
    expect(after.text).not.toContain('This team has no posts to display.');
  });

  it('sends a team admin away and changes nothing; bad input is a 400; an unknown team is a 404', async () => {
    const s = await scene();
    const out = await run(() => posts.loader(args(getRequest(url(s.team.teamId), { cookie: s.teamAdmin.cookie }), params(s.team.teamId)) as never));
    expect(out.location).toBe('/');
    const post = await run(() => posts.action(args(formRequest(url(s.team.teamId), { intent: 'delete-all-posts' }, { cookie: s.teamAdmin.cookie }), params(s.team.teamId)) as never));
    expect(post.location).toBe('/');
    const bad = await run(() => posts.action(args(formRequest(url(s.team.teamId), { intent: 'delete-post', postId: '99999999999' }, { cookie: s.admin.cookie }), params(s.team.teamId)) as never));
    expect(bad.status).toBe(400);
    const count = await getDb().selectFrom('posts').select(({ fn }) => fn.countAll<string>().as('n')).where('team_id', '=', s.team.teamId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    const missing = await run(() => posts.loader(args(getRequest(url(999999), { cookie: s.admin.cookie }), params(999999)) as never));
    expect(missing.status).toBe(404);
  });
});
