import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb } from '@modules/shared/index.server';
import { runJobsInProcess } from '../../tests/support/jobs-in-process';
import { getCurrentUser } from '@modules/identity/index.server';
import { makeTeam, makeUser } from '../../tests/support/factories';
import { AudienceType, deletePost, getPost, listFeed, listTeamPosts, publishDuePost, savePost, type PublishScheduler } from './posts.server';
import { commentPost, deletePostComment, setPostLiked, setPostPinned } from './post-reactions.server';
import { listRecent } from './notifications.server';
import { publishDuePosts } from './publishing.server';

/** Posts, likes, comments and the notifications they create, on the real database. */
const recorder = () => {
  const calls: string[] = [];
  const s: PublishScheduler = {
    schedule: async (id, at) => void calls.push(`schedule ${id} ${at.toISOString()}`),
    cancel: async (id) => void calls.push(`cancel ${id}`),
  };
  return { s, calls };
};

async function scene() {
  const team = await makeTeam();
  const admin = await makeUser({ organisationId: team.organisationId, firstName: 'Ada', lastName: 'Admin', teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const member = await makeUser({ organisationId: team.organisationId, firstName: 'Mo', lastName: 'Member', teams: [{ teamId: team.teamId }] });
  const outsider = await makeUser({ organisationId: team.organisationId });
  const me = async (u: { userId: number }) => (await getCurrentUser(getDb(), u.userId))!;
  return { team, admin: await me(admin), member: await me(member), outsider: await me(outsider) };
}

// Posts and announcements reach their audience through the notification-fan-out job: run it here.
runJobsInProcess();

describe('posts', () => {
  it('a team admin posts to the team; members are notified; the feed shows pinned first then newest', async () => {
    const { team, admin, member } = await scene();
    const { s } = recorder();
    const first = await savePost(getDb(), admin, { text: 'First **post**', audienceType: AudienceType.Team, teamId: team.teamId }, s, new Date(Date.now() - 60_000));
    const second = await savePost(getDb(), admin, { text: 'Second', audienceType: AudienceType.Team, teamId: team.teamId }, s);
    expect(first.postedAt).not.toBeNull();
    let feed = await listFeed(getDb(), member, team, { offset: 0, limit: 10 });
    expect(feed.map((p) => p.text)).toEqual(['Second', 'First **post**']);
    await setPostPinned(getDb(), admin, first.postId, true);
    feed = await listFeed(getDb(), member, team, { offset: 0, limit: 10 });
    expect(feed.map((p) => p.text)).toEqual(['First **post**', 'Second']);
    expect(feed[0]!.pinnedAt).not.toBeNull();
    await drainInProcessJobs(); // the fan-out job (decision 258)
    const notes = await listRecent(getDb(), member.userId);
    expect(notes.filter((n) => n.notification.type === 4)).toHaveLength(2);
    expect(notes[0]!.notification.link).toBe(`/app/post/${second.postId}`);
    // The author is not notified of their own post: only the Welcome from account creation.
    expect((await listRecent(getDb(), admin.userId)).map((n) => n.notification.type)).toEqual([2]);
  });

  it('a member may not post, pin or delete; may like and comment (the author is notified) and delete only their own comment', async () => {
    const { team, admin, member } = await scene();
    const { s } = recorder();
    await expect(savePost(getDb(), member, { text: 'Hi', audienceType: AudienceType.Team, teamId: team.teamId }, s)).rejects.toMatchObject({ status: 403 });
    const post = await savePost(getDb(), admin, { text: 'Hello team', audienceType: AudienceType.Team, teamId: team.teamId }, s);
    await expect(setPostPinned(getDb(), member, post.postId, true)).rejects.toMatchObject({ status: 403 });
    await expect(deletePost(getDb(), member, post.postId, s)).rejects.toMatchObject({ status: 403 });
    await setPostLiked(getDb(), member, post.postId, true);
    await setPostLiked(getDb(), member, post.postId, true);
    const c = await commentPost(getDb(), member, post.postId, ' Nice one ');
    const seen = await getPost(getDb(), member, post.postId);
    expect(seen.isLiked).toBe(true);
    expect(seen.likes).toHaveLength(1);
    expect(seen.comments.map((x) => x.text)).toEqual(['Nice one']);
    const authorNotes = await listRecent(getDb(), admin.userId);
    expect(authorNotes.map((n) => n.notification.type).sort()).toEqual([2, 5, 6]); // Welcome, comment, like
    expect(authorNotes.find((n) => n.notification.type === 6)!.notification.title).toBe('Mo Member liked your post');
    const other = await commentPost(getDb(), admin, post.postId, 'Thanks');
    await expect(deletePostComment(getDb(), member, other.postCommentId)).rejects.toMatchObject({ status: 403 });
    await deletePostComment(getDb(), member, c.postCommentId);
    expect((await getPost(getDb(), member, post.postId)).comments.map((x) => x.text)).toEqual(['Thanks']);
  });

  it('a non-member neither sees nor reacts: "This post is no longer availble."', async () => {
    const { team, admin, outsider } = await scene();
    const { s } = recorder();
    const post = await savePost(getDb(), admin, { text: 'Team only', audienceType: AudienceType.Team, teamId: team.teamId }, s);
    await expect(getPost(getDb(), outsider, post.postId)).rejects.toMatchObject({ status: 404, message: 'This post is no longer availble.' });
    await expect(setPostLiked(getDb(), outsider, post.postId, true)).rejects.toMatchObject({ status: 404 });
  });

  it('a scheduled post is not in the feed, publishes once when due (one notification), and a deleted one cancels its job', async () => {
    const { team, admin, member } = await scene();
    const { s, calls } = recorder();
    const at = new Date(Date.now() + 3_600_000);
    const post = await savePost(getDb(), admin, { text: 'Later', audienceType: AudienceType.Team, teamId: team.teamId, scheduledAt: at }, s);
    expect(post.postedAt).toBeNull();
    expect(post.scheduledAt).toBe(at.toISOString());
    expect(calls).toEqual([`schedule ${post.postId} ${at.toISOString()}`]);
    expect(await listFeed(getDb(), member, team, { offset: 0, limit: 10 })).toHaveLength(0);
    expect(await publishDuePost(getDb(), post.postId)).toBe(false);
    expect((await listTeamPosts(getDb(), admin, team)).map((p) => p.text)).toEqual(['Later']);
    const later = new Date(at.getTime() + 1000);
    expect(await publishDuePost(getDb(), post.postId, later)).toBe(true);
    expect(await publishDuePost(getDb(), post.postId, later)).toBe(false);
    expect(await publishDuePosts(getDb(), later)).toBe(0);
    await drainInProcessJobs(); // the fan-out job (decision 258)
    expect((await listRecent(getDb(), member.userId)).filter((n) => n.notification.postId === post.postId)).toHaveLength(1);
    await deletePost(getDb(), admin, post.postId, s);
    expect(calls.at(-1)).toBe(`cancel ${post.postId}`);
    await expect(getPost(getDb(), admin, post.postId)).rejects.toMatchObject({ status: 404 });
  });

  it('global posts are always official and take no likes or comments; only product admins post them', async () => {
    const { team, admin, member } = await scene();
    const pa = (await getCurrentUser(getDb(), (await makeUser({ isLedaAdmin: true })).userId))!;
    const { s } = recorder();
    await expect(savePost(getDb(), admin, { text: 'G', audienceType: AudienceType.Global }, s)).rejects.toMatchObject({ status: 403 });
    const g = await savePost(getDb(), pa, { text: 'Global news', audienceType: AudienceType.Global, isLedaOfficial: false }, s);
    expect(g.isGlobal).toBe(true);
    expect(g.isLedaOfficial).toBe(true);
    expect((await listFeed(getDb(), member, team, { offset: 0, limit: 50 })).some((p) => p.postId === g.postId)).toBe(true);
    await expect(setPostLiked(getDb(), member, g.postId, true)).rejects.toMatchObject({ status: 403 });
    await expect(commentPost(getDb(), member, g.postId, 'x')).rejects.toMatchObject({ status: 403 });
  });
});
