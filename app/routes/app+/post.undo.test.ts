import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, commentPost, purgeDeletedComments, savePost } from '@modules/social/index.server';
import { plainExcerpt } from '@modules/social/notifications.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, formRequest, ORIGIN, run } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { noScheduler } from '../../../tests/support/post-matrix';
import * as postPage from './post.$postId';
import * as teamHome from './team.$teamId._index';
import * as notificationsPage from './notifications';

/**
 * Issue 25 s.2 on the feed: notifications read as plain text cut at a word, a comment's deletion asks
 * first, can be undone for 10 minutes and takes its notification with it, a schedule time in the past
 * is refused with a message, and the post text's lists and labelled links.
 */
async function scene() {
  const team = await makeTeam();
  const admin = await makeUser({ organisationId: team.organisationId, firstName: 'Ada', lastName: 'Admin', teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const member = await makeUser({ organisationId: team.organisationId, firstName: 'Bo', lastName: 'Member', teams: [{ teamId: team.teamId }] });
  const adminUser = (await getCurrentUser(getDb(), admin.userId))!;
  const memberUser = (await getCurrentUser(getDb(), member.userId))!;
  return { team, admin: { ...admin, ...(await signIn(admin.userId)), current: adminUser }, member: { ...member, ...(await signIn(member.userId)), current: memberUser } };
}

const postAction = (path: string, fields: Record<string, string>, cookie: string, postId: number) =>
  run(() => postPage.action(args(formRequest(path, fields, { cookie }), { postId: String(postId) }) as never));

describe('notifications in plain text', () => {
  it('drops the markers and cuts at a word boundary with an ellipsis', () => {
    expect(plainExcerpt('**Big** news from __the__ *team*')).toBe('Big news from the team');
    const long = `${'word '.repeat(50)}end`;
    const cut = plainExcerpt(long, 40);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(40);
  });

  it('the author reads a comment notification without ** and the deleted comment takes its notification with it; Undo brings both back', async () => {
    const s = await scene();
    const post = await savePost(getDb(), s.admin.current, { text: 'A **bold** plan', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    const c = await commentPost(getDb(), s.member.current, post.postId, `**Great** idea, ${'really '.repeat(40)}good`);
    let notes = await renderRoute('/app/notifications', { route: notificationsPage, cookie: s.admin.cookie });
    expect(notes.text).toContain('Bo Member commented on your post');
    expect(notes.text).toContain('Great idea, really');
    expect(notes.text).not.toContain('**');
    expect(notes.text).toContain('really…');

    // Delete asks first: the question with Delete and Cancel, as page state in the URL.
    const path = `/app/post/${post.postId}`;
    const asking = await renderRoute(`${path}?confirmComment=${c.postCommentId}`, { route: postPage, cookie: s.member.cookie, params: { postId: String(post.postId) } });
    expect(asking.text).toContain('Delete this comment? You can undo it for 10 minutes.');
    expect(asking.html).toContain('value="delete-comment"');

    const deleted = await postAction(path, { intent: 'delete-comment', postCommentId: String(c.postCommentId) }, s.member.cookie, post.postId);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(`${path}?deletedComment=${c.postCommentId}#deleted-comment`);
    const after = await renderRoute(`${path}?deletedComment=${c.postCommentId}`, { route: postPage, cookie: s.member.cookie, params: { postId: String(post.postId) } });
    expect(after.text).toContain('Comment deleted. Undo');
    expect(after.text).not.toContain('idea, really');
    notes = await renderRoute('/app/notifications', { route: notificationsPage, cookie: s.admin.cookie });
    expect(notes.text).not.toContain('commented on your post');

    const undone = await postAction(path, { intent: 'restore-comment', postCommentId: String(c.postCommentId) }, s.member.cookie, post.postId);
    expect(undone.status).toBe(302);
    const back = await renderRoute(path, { route: postPage, cookie: s.member.cookie, params: { postId: String(post.postId) } });
    expect(back.text).toContain('idea, really');
    notes = await renderRoute('/app/notifications', { route: notificationsPage, cookie: s.admin.cookie });
    expect(notes.text).toContain('Bo Member commented on your post');
  });

  it('after 10 minutes a deleted comment cannot be restored and the sweep removes it', async () => {
    const s = await scene();
    const post = await savePost(getDb(), s.admin.current, { text: 'Plan', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    const c = await commentPost(getDb(), s.member.current, post.postId, 'Gone soon');
    const path = `/app/post/${post.postId}`;
    await postAction(path, { intent: 'delete-comment', postCommentId: String(c.postCommentId) }, s.member.cookie, post.postId);
    await getDb().updateTable('post_comments').set({ deleted_at: new Date(Date.now() - 11 * 60_000) }).where('id', '=', c.postCommentId).execute();
    const late = await postAction(path, { intent: 'restore-comment', postCommentId: String(c.postCommentId) }, s.member.cookie, post.postId);
    expect(late.status).toBe(404);
    expect(await purgeDeletedComments(getDb())).toBeGreaterThanOrEqual(1);
    expect(await getDb().selectFrom('post_comments').select('id').where('id', '=', c.postCommentId).executeTakeFirst()).toBeUndefined();
    // Someone who may not delete it may not restore it either.
    const c2 = await commentPost(getDb(), s.admin.current, post.postId, 'Mine');
    await postAction(path, { intent: 'delete-comment', postCommentId: String(c2.postCommentId) }, s.admin.cookie, post.postId);
    const other = await postAction(path, { intent: 'restore-comment', postCommentId: String(c2.postCommentId) }, s.member.cookie, post.postId);
    expect(other.status).toBe(403);
  });
});

describe('the post editor', () => {
  it('refuses a schedule time in the past with a message, and posts nothing', async () => {
    const s = await scene();
    const path = `/app/team/${s.team.teamId}`;
    const form = new FormData();
    form.append('intent', 'save-post');
    form.append('text', 'Too late');
    form.append('audience', `team-${s.team.teamId}`);
    form.append('tzOffset', '0');
    form.append('scheduledAt', '2020-01-01T09:00');
    const request = new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie: s.admin.cookie }, body: form });
    const out = await run(() => teamHome.action(args(request, { teamId: String(s.team.teamId) }) as never));
    expect(out.status).toBe(400);
    const page = await renderRoute(path, { route: teamHome, cookie: s.admin.cookie, params: { teamId: String(s.team.teamId) }, actionData: out.data });
    expect(page.text).toContain('The schedule time is in the past. Choose a time from now on.');
    expect(page.html).toMatch(/id="post-schedule"[^>]*aria-invalid="true"/);
    expect(await getDb().selectFrom('posts').select('id').where('text', '=', 'Too late').executeTakeFirst()).toBeUndefined();
  });

  it('shows the formatting hint without JavaScript, and the post text renders lists and labelled links', async () => {
    const s = await scene();
    await savePost(getDb(), s.admin.current, { text: 'Agenda\n- **first**\n- see [the plan](https://example.com/plan)', audienceType: AudienceType.Team, teamId: s.team.teamId }, noScheduler);
    const page = await renderRoute(`/app/team/${s.team.teamId}?saved=posted`, { route: teamHome, cookie: s.admin.cookie, params: { teamId: String(s.team.teamId) } });
    expect(page.text).toContain('Formatting: **bold**, *italic*');
    expect(page.text).toContain('Your post is posted.');
    expect(page.html).toContain('<ul class="post-text-list"><li><strong>first</strong></li><li>see <a href="https://example.com/plan"');
    expect(page.html).toContain('>the plan</a>');
  });
});
