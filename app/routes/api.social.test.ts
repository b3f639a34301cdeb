import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { onQuery } from '@modules/shared/db/db.server';
import { args, jsonRequest, ORIGIN, run } from '../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../tests/support/factories';
import * as feed from './api.post.getFeedPostsByTeamId';
import * as all from './api.post.getAllPostsByTeamId';
import * as byId from './api.post.getPostById';
import * as getPosts from './api.post.getPosts';
import * as save from './api.post.savePost';
import * as delTeam from './api.post.deletePostsFromTeam';
import * as poll from './api.notification.getRecentUserNotifications';
import * as seen from './api.notification.seenUserNotifications';
import * as actioned from './api.notification.actionedUserNotification';
import * as teamUsers from './api.organisation.getTeamUsers';
import * as uploadImages from './api.file.uploadImages';
import * as uploadDocuments from './api.file.uploadDocuments';

/** The feed, notification, team-user and upload /api paths with real Requests on the real database. */
type Route = { action: (a: never) => Promise<unknown> };
const call = (route: Route, path: string, body: unknown, token: string) => run<any>(() => route.action(args(jsonRequest(path, body, { token })) as never));

async function scene() {
  const team = await makeTeam();
  const admin = await makeUser({ organisationId: team.organisationId, firstName: 'Zed', lastName: 'Admin', teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const member = await makeUser({ organisationId: team.organisationId, firstName: 'Amy', lastName: 'Member', teams: [{ teamId: team.teamId }] });
  const outsider = await makeUser();
  return {
    team,
    admin: { ...admin, token: (await signIn(admin.userId)).token },
    member: { ...member, token: (await signIn(member.userId)).token },
    outsider: { ...outsider, token: (await signIn(outsider.userId)).token },
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function upload(route: Route, path: string, files: { name: string; bytes: Uint8Array; type: string }[], token: string) {
  const form = new FormData();
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return run<any>(() => route.action(args(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'x-access-token': token }, body: form })) as never));
}

describe('post /api', () => {
  it('a team admin uploads two images and a pdf, posts them; the member reads the feed page; outsiders are refused', async () => {
    const s = await scene();
    const imgs = await upload(uploadImages, '/api/file/uploadImages', [{ name: 'a.png', bytes: PNG, type: 'image/png' }, { name: '../b.png', bytes: PNG, type: 'image/png' }], s.admin.token);
    expect(imgs.status).toBe(200);
    expect(imgs.data.map((f: any) => f.fileName)).toEqual(['a.png', 'b.png']);
    const doc = await upload(uploadDocuments, '/api/file/uploadDocuments', [{ name: 'plan.pdf', bytes: PDF, type: 'application/pdf' }], s.admin.token);
    expect(doc.status).toBe(200);
    expect(doc.data[0].type).toBe(2);
    const fileIds = [...imgs.data, ...doc.data].map((f: any) => f.fileId);
    const saved = await call(save, '/api/post/savePost', { post: { text: 'With files', audienceType: 3, teamId: s.team.teamId, fileIds } }, s.admin.token);
    expect(saved.status).toBe(200);
    expect(saved.data.postFiles).toHaveLength(3);
    // Someone else's files cannot be attached.
    const stolen = await call(save, '/api/post/savePost', { post: { text: 'x', audienceType: 3, teamId: s.team.teamId, fileIds } }, s.member.token);
    expect(stolen.status).toBe(403);
    const page = await call(feed, '/api/post/getFeedPostsByTeamId', { teamId: s.team.teamId, offset: 0, limit: 10 }, s.member.token);
    expect(page.status).toBe(200);
    expect(page.data.map((p: any) => p.text)).toEqual(['With files']);
    expect((await call(feed, '/api/post/getFeedPostsByTeamId', { teamId: s.team.teamId, offset: 10, limit: 10 }, s.member.token)).data).toEqual([]);
    expect((await call(feed, '/api/post/getFeedPostsByTeamId', { teamId: s.team.teamId }, s.outsider.token)).status).toBe(403);
    expect((await call(byId, '/api/post/getPostById', { postId: saved.data.postId }, s.outsider.token)).data).toEqual({ errorMsg: 'This post is no longer availble.' });
    expect((await call(getPosts, '/api/post/getPosts', { offset: 0, limit: 10 }, s.member.token)).data.map((p: any) => p.postId)).toContain(saved.data.postId);
    expect((await call(all, '/api/post/getAllPostsByTeamId', { teamId: s.team.teamId }, s.member.token)).status).toBe(403);
    expect((await call(all, '/api/post/getAllPostsByTeamId', { teamId: s.team.teamId }, s.admin.token)).data).toHaveLength(1);
    const gone = await call(delTeam, '/api/post/deletePostsFromTeam', { teamId: s.team.teamId }, s.admin.token);
    expect(gone.data).toEqual({ deletedCount: 1 });
  });

  it('uploads are checked by content: an SVG named .png and HTML are refused; a pdf is not an image', async () => {
    const s = await scene();
    const svg = await upload(uploadImages, '/api/file/uploadImages', [{ name: 'x.png', bytes: SVG, type: 'image/png' }], s.member.token);
    expect(svg).toMatchObject({ status: 400, data: { errorMsg: 'This type of file is not allowed.' } });
    const html = await upload(uploadDocuments, '/api/file/uploadDocuments', [{ name: 'x.pdf', bytes: new TextEncoder().encode('<html><body>hi</body></html>'), type: 'application/pdf' }], s.member.token);
    expect(html.status).toBe(400);
    expect((await upload(uploadImages, '/api/file/uploadImages', [{ name: 'x.png', bytes: PDF, type: 'image/png' }], s.member.token)).status).toBe(400);
    expect((await upload(uploadImages, '/api/file/uploadImages', [], s.member.token)).data).toEqual({ errorMsg: 'Choose a file to upload.' });
  });

  it('bad bodies get a clear 400: an unbounded id, a too-long URL, a bad date', async () => {
    const s = await scene();
    expect((await call(byId, '/api/post/getPostById', { postId: 2 ** 40 }, s.member.token)).status).toBe(400);
    const longUrl = await call(save, '/api/post/savePost', { post: { text: 'x', audienceType: 3, teamId: s.team.teamId, url: `https://e.com/${'a'.repeat(10001)}` } }, s.admin.token);
    expect(longUrl.data.errorMsg).toMatch(/URL is too long/);
    const badUrl = await call(save, '/api/post/savePost', { post: { text: 'x', audienceType: 3, teamId: s.team.teamId, url: 'not a url' } }, s.admin.token);
    expect(badUrl.data.errorMsg).toMatch(/URL is invalid/);
    expect((await call(save, '/api/post/savePost', { post: { text: 'x', audienceType: 3, teamId: s.team.teamId, scheduledAt: 'tomorrow' } }, s.admin.token)).status).toBe(400);
    expect((await call(save, '/api/post/savePost', { post: { text: '  ', audienceType: 3, teamId: s.team.teamId } }, s.admin.token)).data).toEqual({ errorMsg: 'A post needs text or a file.' });
  });
});

describe('notification /api and team users', () => {
  it('the poll answers the list, then "nothing changed" in one query; seen and actioned are set once and only for the owner', async () => {
    const s = await scene();
    await call(save, '/api/post/savePost', { post: { text: 'Hello', audienceType: 3, teamId: s.team.teamId } }, s.admin.token);
    const first = await call(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token);
    expect(first.data.changed).toBe(true);
    expect(first.data.unseenCount).toBe(2); // the post and the Welcome from account creation
    const n = first.data.userNotifications[0];
    expect(n.notification).toMatchObject({ type: 4, title: `Zed Admin posted in ${(await getDb().selectFrom('teams').select('name').where('id', '=', s.team.teamId).executeTakeFirstOrThrow()).name}` });
    const counted = async (fn: () => Promise<unknown>) => {
      let queries = 0;
      const stop = onQuery(() => void queries++);
      try {
        return { result: (await fn()) as any, queries };
      } finally {
        stop();
      }
    };
    // The baseline: the same session resolved by a path that runs no query of its own (no ids).
    const base = await counted(() => call(seen, '/api/notification/seenUserNotifications', { userNotificationIds: [] }, s.member.token));
    const unchanged = await counted(() => call(poll, '/api/notification/getRecentUserNotifications', { latestUserNotificationId: first.data.latestUserNotificationId }, s.member.token));
    const changed = await counted(() => call(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token));
    const again = unchanged.result;
    expect(again.data).toEqual({ changed: false, latestUserNotificationId: first.data.latestUserNotificationId, unseenCount: 2 });
    expect(unchanged.queries - base.queries).toBe(1);
    expect(changed.queries - base.queries).toBe(2);
    expect((await call(seen, '/api/notification/seenUserNotifications', { userNotificationIds: [n.userNotificationId] }, s.outsider.token)).data).toEqual({ seenCount: 0 });
    expect((await call(seen, '/api/notification/seenUserNotifications', { userNotificationIds: [n.userNotificationId] }, s.member.token)).data).toEqual({ seenCount: 1 });
    expect((await call(seen, '/api/notification/seenUserNotifications', { userNotificationIds: [n.userNotificationId] }, s.member.token)).data).toEqual({ seenCount: 0 });
    expect((await call(actioned, '/api/notification/actionedUserNotification', { userNotificationId: n.userNotificationId }, s.outsider.token)).status).toBe(404);
    const act = await call(actioned, '/api/notification/actionedUserNotification', { userNotificationId: n.userNotificationId }, s.member.token);
    expect(act.data.link).toMatch(/^\/app\/post\/\d+$/);
    const after = await call(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token);
    const stamped = after.data.userNotifications[0];
    expect(stamped.actionedAt).not.toBeNull();
    await call(actioned, '/api/notification/actionedUserNotification', { userNotificationId: n.userNotificationId }, s.member.token);
    expect((await call(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token)).data.userNotifications[0].actionedAt).toBe(stamped.actionedAt);
  });

  it('getTeamUsers lists the team sorted by full name, for members only', async () => {
    const s = await scene();
    const r = await call(teamUsers, '/api/organisation/getTeamUsers', { teamId: s.team.teamId }, s.member.token);
    expect(r.data.map((u: any) => [u.fullName, u.isTeamAdmin])).toEqual([['Amy Member', false], ['Zed Admin', true]]);
    expect((await call(teamUsers, '/api/organisation/getTeamUsers', { teamId: s.team.teamId }, s.outsider.token)).status).toBe(403);
    expect((await call(teamUsers, '/api/organisation/getTeamUsers', { teamId: 999999999 }, s.member.token)).status).toBe(404);
  });
});
