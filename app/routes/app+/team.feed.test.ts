import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, savePost } from '@modules/social/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, formRequest, getRequest, run, runRoute, type RouteFn } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { ACTIONS, MATRIX_ROLES, SCOPES, expected, matrixScene, noScheduler, type Action, type MatrixScene, type Scope } from '../../../tests/support/post-matrix';
import * as teamHome from './team.$teamId._index';
import * as postPage from './post.$postId';
import * as teamPosts from './team.$teamId.posts';
import * as members from './team.$teamId.members';
import * as notificationsPage from './notifications';

/** The team screens as a user sees them (loader + render, real database) and the post actions as plain form POSTs. */
const load = async <L extends RouteFn>(route: { loader: L }, url: string, cookie: string, params: Record<string, string> = {}) => (await runRoute(route.loader, getRequest(url, { cookie }), params)).data;

async function teamScene() {
  const team = await makeTeam();
  const admin = await makeUser({ organisationId: team.organisationId, firstName: 'Ada', lastName: 'Admin', teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const member = await makeUser({ organisationId: team.organisationId, firstName: 'Bo', lastName: 'Member', teams: [{ teamId: team.teamId }] });
  return { team, admin: { ...admin, ...(await signIn(admin.userId)) }, member: { ...member, ...(await signIn(member.userId)) } };
}

describe('team home', () => {
  it('an empty team says so; the member sees no editor, the team admin does, with only their audiences', async () => {
    const s = await teamScene();
    const asMember = await renderRoute(`/app/team/${s.team.teamId}`, { route: teamHome, cookie: s.member.cookie, params: { teamId: String(s.team.teamId) } });
    expect(asMember.text).toContain('This team has no posts to display.');
    expect(asMember.text).toContain('Team Information');
    expect(asMember.text).toContain('Team Journeys');
    expect(asMember.html).not.toContain('Create a post');
    const asAdmin = await renderRoute(`/app/team/${s.team.teamId}`, { route: teamHome, cookie: s.admin.cookie, params: { teamId: String(s.team.teamId) } });
    expect(asAdmin.text).toContain('Create a post');
    expect(asAdmin.html).toContain(`value="team-${s.team.teamId}"`);
    expect(asAdmin.html).not.toContain('value="global"');
  });

  it('Team Information shows the first 6 admins and members by name, then +N, reading only those', async () => {
    const s = await teamScene();
    await makeUser({ organisationId: s.team.organisationId, firstName: 'Zed', lastName: 'Second-admin', teams: [{ teamId: s.team.teamId, isTeamAdmin: true }] });
    for (const name of ['Hal', 'Cy', 'Gus', 'Al', 'Flo', 'Ed', 'Di', 'Ivy']) await makeUser({ organisationId: s.team.organisationId, firstName: name, lastName: 'Member', teams: [{ teamId: s.team.teamId }] });
    const data = await load(teamHome, `/app/team/${s.team.teamId}`, s.member.cookie, { teamId: String(s.team.teamId) });
    expect(data.admins.total).toBe(2);
    expect(data.admins.shown.map((u: { fullName: string }) => u.fullName)).toEqual(['Ada Admin', 'Zed Second-admin']);
    expect(data.members.total).toBe(9);
    expect(data.members.shown.map((u: { fullName: string }) => u.fullName)).toEqual(['Al Member', 'Bo Member', 'Cy Member', 'Di Member', 'Ed Member', 'Flo Member']);
    const page = await renderRoute(`/app/team/${s.team.teamId}`, { route: teamHome, cookie: s.member.cookie, params: { teamId: String(s.team.teamId) } });
    expect(page.text).toContain('+3');
    expect(page.html).toContain('title="Flo Member"');
    expect(page.html).not.toContain('title="Gus Member"');
  });

  it('pages the feed 10 at a time with a Load more posts link, pinned first, formatted text, then No more posts', async () => {
    const s = await teamScene();
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    for (let i = 1; i <= 12; i++) {
      await savePost(getDb(), admin, { text: `Post number ${i} with **bold**`, audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler, new Date(Date.now() - (20 - i) * 60_000));
    }
    const params = { teamId: String(s.team.teamId) };
    const page1 = await renderRoute(`/app/team/${s.team.teamId}`, { route: teamHome, cookie: s.member.cookie, params });
    expect(page1.text).toContain('Post number 12');
    expect(page1.text).not.toContain('Post number 2 ');
    expect(page1.html).toContain('<strong>bold</strong>');
    // 'Load more posts' names the last post shown (keyset, decision 352).
    const next = new RegExp(`href="(/app/team/${s.team.teamId}\\?offset=10&amp;after=[^"]+)"`).exec(page1.html)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toMatch(/&after=1_\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}\.\d{6}Z_\d+$/);
    expect(page1.text).toContain('Load more posts');
    const page2 = await renderRoute(next!, { route: teamHome, cookie: s.member.cookie, params });
    expect(page2.text).toContain('Post number 2 ');
    // A bare ?offset=N (an older link) shows the same page; a malformed cursor is ignored.
    for (const url of [`/app/team/${s.team.teamId}?offset=10`, `/app/team/${s.team.teamId}?offset=10&after=nonsense`]) {
      const same = await renderRoute(url, { route: teamHome, cookie: s.member.cookie, params });
      expect(same.text).toContain('Post number 2 ');
      expect(same.text).toContain('Post number 1 ');
      expect(same.text).not.toContain('Post number 3 ');
    }
    expect(page2.text).toContain('Post number 1 ');
    expect(page2.text).toContain('No more posts to display.');
    expect(page2.text).not.toContain('Load more posts');
    // The member likes post 1 with a plain POST (no JavaScript) and sees it.
    const first = (await load(teamHome, `/app/team/${s.team.teamId}?offset=10`, s.member.cookie, params)).posts.at(-1)!.postId;
    const liked = await run(() => teamHome.action(args(formRequest(`/app/team/${s.team.teamId}`, { intent: 'like', postId: String(first), isLiked: 'true' }, { cookie: s.member.cookie }), params) as never));
    expect(liked.location).toBe(`/app/team/${s.team.teamId}`);
    const after = await renderRoute(`/app/team/${s.team.teamId}?offset=10`, { route: teamHome, cookie: s.member.cookie, params });
    expect(after.text).toContain('1 like');
    expect(after.text).toContain('Unlike');
  });

  it("a card shows a popular post's like and comment counts; its page sends the comments, never who liked it", async () => {
    const s = await teamScene();
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    const post = await savePost(getDb(), admin, { text: 'Popular announcement', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    const params = { teamId: String(s.team.teamId) };
    const url = `/app/team/${s.team.teamId}`;
    const sizeOfData = async () => JSON.stringify(await load(teamHome, url, s.member.cookie, params)).length;
    const before = await sizeOfData();
    // 300 members like it and 40 comments arrive: the team home's data stays the same size.
    const db = getDb();
    await sql`insert into users (email, first_name, last_name, organisation_id)
      select 'fan-' || g || '-' || ${s.team.teamId} || '@example.test', 'Fan', 'No ' || g, ${s.team.organisationId} from generate_series(1, 300) g`.execute(db);
    await sql`insert into post_likes (post_id, user_id) select ${post.postId}, id from users where email like ${`fan-%-${s.team.teamId}@example.test`}`.execute(db);
    await sql`insert into post_comments (post_id, user_id, text) select ${post.postId}, ${s.admin.userId}, 'Comment ' || g from generate_series(1, 40) g`.execute(db);
    expect((await sizeOfData()) / before).toBeLessThan(1.02);
    const data = await load(teamHome, url, s.member.cookie, params);
    expect(data.posts[0]).toMatchObject({ postId: post.postId, likeCount: 300, commentCount: 40, isLiked: false });
    expect(data.posts[0]).not.toHaveProperty('likes');
    expect(data.posts[0]).not.toHaveProperty('comments');
    const home = await renderRoute(url, { route: teamHome, cookie: s.member.cookie, params });
    expect(home.text).toContain('300 likes');
    expect(home.text).toContain('40 comments');
    expect(home.text).not.toContain('Comment 1');
    // The post page lists every comment and the like count, without the 300 likers.
    const postData = await load(postPage, `/app/post/${post.postId}`, s.member.cookie, { postId: String(post.postId) });
    expect(postData.post).toMatchObject({ likeCount: 300, commentCount: 40 });
    expect(postData.post!.comments).toHaveLength(40);
    expect(postData.post).not.toHaveProperty('likes');
    const page = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.member.cookie, params: { postId: String(post.postId) } });
    expect(page.text).toContain('300 likes');
    expect(page.text).toContain('Comment 40');
  });

  it('a team admin posts a scheduled post without JavaScript: "Post scheduled", not in the feed, listed on the Posts page', async () => {
    const s = await teamScene();
    const params = { teamId: String(s.team.teamId) };
    const later = new Date(Date.now() + 2 * 3_600_000);
    const picker = later.toISOString().slice(0, 16);
    const res = await run(() =>
      teamHome.action(args(formRequest(`/app/team/${s.team.teamId}`, { intent: 'save-post', text: 'See you later', audience: `team-${s.team.teamId}`, scheduledAt: picker, tzOffset: '0' }, { cookie: s.admin.cookie }), params) as never),
    );
    expect(res.location).toMatch(new RegExp(`^/app/team/${s.team.teamId}\\?scheduled=`));
    const home = await renderRoute(res.location!, { route: teamHome, cookie: s.admin.cookie, params });
    expect(home.text).toContain('Post scheduled for');
    expect(home.text).toContain('This team has no posts to display.');
    const table = await renderRoute(`/app/team/${s.team.teamId}/posts`, { route: teamPosts, cookie: s.admin.cookie, params });
    expect(table.text).toContain('See you later');
    expect(table.text).toContain('Scheduled');
    const postId = (await load(teamPosts, `/app/team/${s.team.teamId}/posts`, s.admin.cookie, params)).posts[0]!.postId;
    const confirm = await renderRoute(`/app/team/${s.team.teamId}/posts?confirm=${postId}`, { route: teamPosts, cookie: s.admin.cookie, params });
    expect(confirm.text).toContain('Are you sure you wish to delete this post?');
    const del = await run(() => teamPosts.action(args(formRequest(`/app/team/${s.team.teamId}/posts`, { intent: 'delete-post', postId: String(postId) }, { cookie: s.admin.cookie }), params) as never));
    expect(del.location).toBe(`/app/team/${s.team.teamId}/posts`);
    const gone = await renderRoute(`/app/post/${postId}`, { route: postPage, cookie: s.admin.cookie, params: { postId: String(postId) } });
    expect(gone.text).toContain('This post is no longer availble.');
    // A member is sent home from the Posts page; a bad URL is refused with its message.
    expect((await run(() => teamPosts.loader(args(getRequest(`/app/team/${s.team.teamId}/posts`, { cookie: s.member.cookie }), params) as never))).location).toBe(`/app/team/${s.team.teamId}`);
    const bad = await run(() => teamHome.action(args(formRequest(`/app/team/${s.team.teamId}`, { intent: 'save-post', text: 'x', audience: `team-${s.team.teamId}`, url: 'nope' }, { cookie: s.admin.cookie }), params) as never));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('URL is invalid');
  });

  it('members page lists members by full name; the post page shows comments; the author sees the notifications', async () => {
    const s = await teamScene();
    const params = { teamId: String(s.team.teamId) };
    const m = await renderRoute(`/app/team/${s.team.teamId}/members`, { route: members, cookie: s.member.cookie, params });
    expect(m.text.indexOf('Ada Admin')).toBeLessThan(m.text.indexOf('Bo Member'));
    expect(m.html).toContain(`href="/app/profile/${s.member.userId}"`);
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    const post = await savePost(getDb(), admin, { text: 'Read this', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    const pp = { postId: String(post.postId) };
    await run(() => postPage.action(args(formRequest(`/app/post/${post.postId}`, { intent: 'comment', postId: String(post.postId), commentText: 'Done!' }, { cookie: s.member.cookie }), pp) as never));
    const page = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.member.cookie, params: pp });
    expect(page.text).toContain('Read this');
    expect(page.text).toContain('Done!');
    expect(page.text).toContain('Delete comment');
    expect(page.html).toContain(`href="/app/team/${s.team.teamId}"`);
    const un = (await load(notificationsPage, '/app/notifications', s.admin.cookie)).notifications[0];
    const notes = await renderRoute('/app/notifications', { route: notificationsPage, cookie: s.admin.cookie });
    expect(notes.text).toContain('Bo Member commented on your post');
    // Shown: seen now; following it marks it actioned and goes to the post.
    const follow = await run(() => notificationsPage.action(args(formRequest('/app/notifications', { intent: 'actioned', userNotificationId: String(un!.userNotificationId) }, { cookie: s.admin.cookie })) as never));
    expect(follow.location).toBe(`/app/post/${post.postId}`);
    const row = await getDb().selectFrom('user_notifications').select(['seen_at', 'actioned_at']).where('id', '=', un!.userNotificationId).executeTakeFirstOrThrow();
    expect(row.seen_at).not.toBeNull();
    expect(row.actioned_at).not.toBeNull();
  });
});

/** The same permission matrix as /api, through the screens' plain form POSTs (team home and the post page). */
let scene: MatrixScene;
beforeAll(async () => {
  scene = await matrixScene();
});

async function attempt(action: Action, scope: Scope, cookie: string) {
  const { postId, postCommentId } = await scene.makePost(scope);
  const teamParams = { teamId: String(scene.t1.teamId) };
  const post = (fields: Record<string, string>) => run(() => postPage.action(args(formRequest(`/app/post/${postId}`, fields, { cookie }), { postId: String(postId) }) as never));
  const db = getDb();
  switch (action) {
    case 'create': {
      const audience = scope === 'team' ? `team-${scene.t1.teamId}` : scope === 'organisation' ? `org-${scene.orgA}` : 'global';
      const before = await db.selectFrom('posts').select('id').where('text', '=', `screen ${scope}`).execute();
      const r = await run(() => teamHome.action(args(formRequest(`/app/team/${scene.t1.teamId}`, { intent: 'save-post', text: `screen ${scope}`, audience }, { cookie }), teamParams) as never));
      const after = await db.selectFrom('posts').select('id').where('text', '=', `screen ${scope}`).execute();
      return { status: r.status, changed: after.length > before.length };
    }
    case 'edit': {
      const r = await post({ intent: 'save-post', postId: String(postId), text: 'Edited' });
      return { status: r.status, changed: (await db.selectFrom('posts').select('text').where('id', '=', postId).executeTakeFirstOrThrow()).text === 'Edited' };
    }
    case 'pin': {
      const r = await post({ intent: 'pin', postId: String(postId), isPinned: 'true' });
      return { status: r.status, changed: (await db.selectFrom('posts').select('pinned_at').where('id', '=', postId).executeTakeFirstOrThrow()).pinned_at !== null };
    }
    case 'delete': {
      const r = await post({ intent: 'delete-post', postId: String(postId) });
      return { status: r.status, changed: (await db.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst()) === undefined };
    }
    case 'like': {
      const r = await post({ intent: 'like', postId: String(postId), isLiked: 'true' });
      return { status: r.status, changed: (await db.selectFrom('post_likes').select('id').where('post_id', '=', postId).execute()).length === 1 };
    }
    case 'comment': {
      const r = await post({ intent: 'comment', postId: String(postId), commentText: 'Mine' });
      return { status: r.status, changed: (await db.selectFrom('post_comments').select('id').where('post_id', '=', postId).execute()).length === 2 };
    }
    case 'deleteComment': {
      const r = await post({ intent: 'delete-comment', postCommentId: String(postCommentId) });
      return { status: r.status, changed: (await db.selectFrom('post_comments').select('id').where('id', '=', postCommentId).where('deleted_at', 'is', null).executeTakeFirst()) === undefined };
    }
  }
}

describe('post permissions through the screens', () => {
  for (const action of ACTIONS) {
    for (const scope of SCOPES) {
      it(`${action} on a ${scope} post`, async () => {
        const seen: string[] = [];
        const want: string[] = [];
        for (const role of MATRIX_ROLES) {
          const { status, changed } = await attempt(action, scope, scene.users[role].cookie);
          // Allowed: the plain POST redirects back (302); refused: 403/404 (or the team guard's redirect) and nothing changed.
          const allowed = status === 302 && changed;
          const refused = !changed && status !== 500;
          seen.push(`${role}: ${allowed ? 'allow' : refused ? 'deny' : `?${status}/${changed}`}`);
          want.push(`${role}: ${expected(action, scope, role) ? 'allow' : 'deny'}`);
        }
        expect(seen).toEqual(want);
      });
    }
  }
});

describe('editing a post on its page', () => {
  it('a moderator sees the editor with the text and keeps the files; a posted post shows no schedule; a member sees no editor', async () => {
    const s = await teamScene();
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    const post = await savePost(getDb(), admin, { text: 'Draft words', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    const pp = { postId: String(post.postId) };
    const asAdmin = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.admin.cookie, params: pp });
    expect(asAdmin.text).toContain('Edit post');
    expect(asAdmin.html).not.toContain('name="scheduledAt"');
    expect(asAdmin.html).not.toContain('name="audience"');
    const asMember = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.member.cookie, params: pp });
    expect(asMember.text).not.toContain('Edit post');
    const saved = await run(() => postPage.action(args(formRequest(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'Final words' }, { cookie: s.admin.cookie }), pp) as never));
    expect(saved.location).toBe(`/app/post/${post.postId}?saved=edited`);
    const after = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.member.cookie, params: pp });
    expect(after.text).toContain('Final words');
  });
});

describe('long posts and an empty notification list', () => {
  it('a post longer than 6 lines renders See more (also without JavaScript); a short one does not', async () => {
    const s = await teamScene();
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    const lines = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of the long post`).join('\n');
    const long = await savePost(getDb(), admin, { text: lines, audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler, new Date(Date.now() - 60_000));
    const short = await savePost(getDb(), admin, { text: 'Short and sweet', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    // The post page (the team feed may be full of other tests' global posts).
    const page = await renderRoute(`/app/post/${long.postId}`, { route: postPage, cookie: s.member.cookie, params: { postId: String(long.postId) } });
    expect(page.text).toContain('Line 8 of the long post');
    expect(page.text).toContain('See more');
    expect(page.html).toContain(`<label for="see-more-${long.postId}" class="button link see-more">See more</label>`);
    expect(page.html).toContain('post-text clamped');
    const other = await renderRoute(`/app/post/${short.postId}`, { route: postPage, cookie: s.member.cookie, params: { postId: String(short.postId) } });
    expect(other.text).toContain('Short and sweet');
    expect(other.text).not.toContain('See more');
    expect(other.html).not.toContain('post-text clamped');
  });

  it('a user with no notifications reads "You have no notifications." and no Mark all as seen', async () => {
    const s = await teamScene();
    // Only the Welcome from account creation is there: take it away.
    await getDb().deleteFrom('user_notifications').where('user_id', '=', s.member.userId).execute();
    const page = await renderRoute('/app/notifications', { route: notificationsPage, cookie: s.member.cookie });
    expect(page.text).toContain('Notifications');
    expect(page.text).toContain('You have no notifications.');
    expect(page.text).not.toContain('Mark all as seen');
  });
});
