import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { args, formRequest, jsonRequest, run, runData } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import * as openGraph from './post+/getOpenGraphData';
import * as savePost from './post+/savePost';
import * as commentPost from './post+/commentPost';
import * as postPage from '../app+/post.$postId';

/**
 * Issue 8: link-preview fetches and comments are rate-limited per user, through the shared limiter
 * (the database here, Redis when REDIS_URL is set): /api answers 429 with errorMsg, a screen the
 * form's error; nothing is fetched, stored or notified over the limit.
 */
type Route = { action: (a: never) => Promise<unknown> };
const call = (route: Route, path: string, body: unknown, token: string) => run<{ postId: number }>(() => route.action(args(jsonRequest(path, body, { token })) as never));

async function scene() {
  const team = await makeTeam();
  const author = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const member = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
  const other = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
  const signed = async (u: { userId: number }) => ({ ...u, ...(await signIn(u.userId)) });
  return { team, author: await signed(author), member: await signed(member), other: await signed(other) };
}

describe('link-preview limit', () => {
  it('counts each URL not yet cached: the 31st new URL in 10 minutes is a 429, a cached one still answers, another user is not affected', async () => {
    const s = await scene();
    // Addresses the SSRF filter refuses at once (no network): each is still a new URL, so it counts.
    for (let i = 1; i <= 30; i++) {
      const r = await call(openGraph, '/api/post/getOpenGraphData', { url: `http://10.9.${s.member.userId % 250}.${i}/` }, s.member.token);
      expect(r.status, String(i)).toBe(400);
    }
    const over = await call(openGraph, '/api/post/getOpenGraphData', { url: `http://10.9.${s.member.userId % 250}.31/` }, s.member.token);
    expect(over).toMatchObject({ status: 429, data: { errorMsg: 'Too many link previews. Please wait a few minutes and try again.' } });
    // Nothing was cached for the refused request; a URL already cached is answered without counting.
    const cached = await getDb().selectFrom('link_previews').select('url').where('url', '=', `http://10.9.${s.member.userId % 250}.31/`).execute();
    expect(cached).toEqual([]);
    expect((await call(openGraph, '/api/post/getOpenGraphData', { url: `http://10.9.${s.member.userId % 250}.1/` }, s.member.token)).status).toBe(400);
    expect((await call(openGraph, '/api/post/getOpenGraphData', { url: `http://10.8.${s.other.userId % 250}.1/` }, s.other.token)).status).toBe(400);
  });
});

describe('comment limit', () => {
  it('the 11th comment in a minute is refused: 429 errorMsg on /api, the form error on the post page; no comment and no notification added', async () => {
    const s = await scene();
    const post = await call(savePost, '/api/post/savePost', { post: { text: 'Hello team', audienceType: 3, teamId: s.team.teamId } }, s.author.token);
    expect(post.status).toBe(200);
    const postId: number = post.data.postId;
    const notices = async () =>
      (
        await getDb()
          .selectFrom('user_notifications as un')
          .innerJoin('notifications as n', 'n.id', 'un.notification_id')
          .select('un.id')
          .where('un.user_id', '=', s.author.userId)
          .where('n.post_id', '=', postId)
          .execute()
      ).length;
    for (let i = 1; i <= 10; i++) {
      expect((await call(commentPost, '/api/post/commentPost', { postId, commentText: `Comment ${i}` }, s.member.token)).status, String(i)).toBe(200);
    }
    expect(await notices()).toBe(10);
    const over = await call(commentPost, '/api/post/commentPost', { postId, commentText: 'One more' }, s.member.token);
    expect(over).toMatchObject({ status: 429, data: { errorMsg: 'Too many comments. Please wait a few minutes and try again.' } });

    const screen = await runData(() =>
      postPage.action(args(formRequest(`/app/post/${postId}`, { intent: 'comment', postId: String(postId), commentText: 'From the page' }, { cookie: s.member.cookie }), { postId: String(postId) }) as never),
    );
    expect(screen).toMatchObject({ status: 429, data: { ok: false, formErrors: ['Too many comments. Please wait a few minutes and try again.'] } });

    const comments = await getDb().selectFrom('post_comments').select('text').where('post_id', '=', postId).where('user_id', '=', s.member.userId).execute();
    expect(comments).toHaveLength(10);
    expect(await notices()).toBe(10);
    // Another member still comments.
    expect((await call(commentPost, '/api/post/commentPost', { postId, commentText: 'Mine' }, s.other.token)).status).toBe(200);
  });
});
