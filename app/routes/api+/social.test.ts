import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb } from '@modules/shared/index.server';
import { runJobsInProcess } from '../../../tests/support/jobs-in-process';
import { onQuery } from '@modules/shared/db/db.server';
import { args, jsonRequest, ORIGIN, pick, run, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import type { listFeed, listPosts, listTeamUsers, markActioned, pollNotifications, savePost, uploadFiles as storeFiles } from '@modules/social/index.server';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import * as feed from './post+/getFeedPostsByTeamId';
import * as all from './post+/getAllPostsByTeamId';
import * as byId from './post+/getPostById';
import * as getPosts from './post+/getPosts';
import * as save from './post+/savePost';
import * as delTeam from './post+/deletePostsFromTeam';
import * as poll from './notification+/getRecentUserNotifications';
import * as seen from './notification+/seenUserNotifications';
import * as actioned from './notification+/actionedUserNotification';
import * as teamUsers from './organisation+/getTeamUsers';
import * as uploadImages from './file+/uploadImages';
import * as uploadDocuments from './file+/uploadDocuments';
import * as uploadFiles from './file+/uploadFiles';
import * as openGraph from './post+/getOpenGraphData';
import { TINY_PNG } from '../../../tests/support/images';

/** The feed, notification, team-user and upload /api paths with real Requests on the real database. */
type Route = { action: (a: never) => Promise<unknown> };
const call = <T = ApiAnswer<object>>(route: Route, path: string, body: unknown, token: string) => run<T>(() => route.action(args(jsonRequest(path, body, { token })) as never));

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

const PNG = TINY_PNG;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function upload(route: Route, path: string, files: { name: string; bytes: Uint8Array; type: string }[], token: string) {
  const form = new FormData();
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return run<Of<typeof storeFiles>>(() => route.action(args(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'x-access-token': token }, body: form })) as never));
}

// Posts and announcements reach their audience through the notification-fan-out job: run it here.
runJobsInProcess();

describe('post /api', () => {
  it('a team admin uploads two images and a pdf, posts them; the member reads the feed page; outsiders are refused', async () => {
    const s = await scene();
    const imgs = await upload(uploadImages, '/api/file/uploadImages', [{ name: 'a.png', bytes: PNG, type: 'image/png' }, { name: '../b.png', bytes: PNG, type: 'image/png' }], s.admin.token);
    expect(imgs.status).toBe(200);
    expect(imgs.data.map((f) => f.fileName)).toEqual(['a.png', 'b.png']);
    const doc = await upload(uploadDocuments, '/api/file/uploadDocuments', [{ name: 'plan.pdf', bytes: PDF, type: 'application/pdf' }], s.admin.token);
    expect(doc.status).toBe(200);
    expect(doc.data[0]?.type).toBe(2);
    const fileIds = [...imgs.data, ...doc.data].map((f) => f.fileId);
    const saved = await call<Of<typeof savePost>>(save, '/api/post/savePost', { post: { text: 'With files', audienceType: 3, teamId: s.team.teamId, fileIds } }, s.admin.token);
    expect(saved.status).toBe(200);
    expect(saved.data.postFiles).toHaveLength(3);
    // Someone else's files cannot be attached.
    const stolen = await call(save, '/api/post/savePost', { post: { text: 'x', audienceType: 3, teamId: s.team.teamId, fileIds } }, s.member.token);
    expect(stolen.status).toBe(403);
    const page = await call<Of<typeof listFeed>>(feed, '/api/post/getFeedPostsByTeamId', { teamId: s.team.teamId, offset: 0, limit: 10 }, s.member.token);
    expect(page.status).toBe(200);
    expect(page.data.map((p) => p.text)).toEqual(['With files']);
    expect((await call(feed, '/api/post/getFeedPostsByTeamId', { teamId: s.team.teamId, offset: 10, limit: 10 }, s.member.token)).data).toEqual([]);
    expect((await call(feed, '/api/post/getFeedPostsByTeamId', { teamId: s.team.teamId }, s.outsider.token)).status).toBe(403);
    expect((await call(byId, '/api/post/getPostById', { postId: saved.data.postId }, s.outsider.token)).data).toEqual({ errorMsg: 'This post is no longer availble.' });
    expect((await call<Of<typeof listPosts>>(getPosts, '/api/post/getPosts', { offset: 0, limit: 10 }, s.member.token)).data.map((p) => p.postId)).toContain(saved.data.postId);
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
    await drainInProcessJobs(); // the fan-out job (decision 258)
    const first = await call<Of<typeof pollNotifications>>(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token);
    expect(first.data.changed).toBe(true);
    expect(first.data.unseenCount).toBe(2); // the post and the Welcome from account creation
    const n = pick(first.data, 'userNotifications')[0]!;
    expect(n.notification).toMatchObject({ type: 4, title: `Zed Admin posted in ${(await getDb().selectFrom('teams').select('name').where('id', '=', s.team.teamId).executeTakeFirstOrThrow()).name}` });
    const counted = async <T>(fn: () => Promise<T>) => {
      let queries = 0;
      const stop = onQuery(() => void queries++);
      try {
        return { result: await fn(), queries };
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
    const act = await call<Of<typeof markActioned>>(actioned, '/api/notification/actionedUserNotification', { userNotificationId: n.userNotificationId }, s.member.token);
    expect(act.data.link).toMatch(/^\/app\/post\/\d+$/);
    const after = await call<Of<typeof pollNotifications>>(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token);
    const stamped = pick(after.data, 'userNotifications')[0]!;
    expect(stamped.actionedAt).not.toBeNull();
    await call(actioned, '/api/notification/actionedUserNotification', { userNotificationId: n.userNotificationId }, s.member.token);
    expect(pick((await call<Of<typeof pollNotifications>>(poll, '/api/notification/getRecentUserNotifications', {}, s.member.token)).data, 'userNotifications')[0]?.actionedAt).toBe(stamped.actionedAt);
  });

  it('getTeamUsers lists the team sorted by full name, for members only', async () => {
    const s = await scene();
    const r = await call<Of<typeof listTeamUsers>>(teamUsers, '/api/organisation/getTeamUsers', { teamId: s.team.teamId }, s.member.token);
    expect(r.data.map((u) => [u.fullName, u.isTeamAdmin])).toEqual([['Amy Member', false], ['Zed Admin', true]]);
    expect((await call(teamUsers, '/api/organisation/getTeamUsers', { teamId: s.team.teamId }, s.outsider.token)).status).toBe(403);
    expect((await call(teamUsers, '/api/organisation/getTeamUsers', { teamId: 999999999 }, s.member.token)).status).toBe(404);
  });
});

/**
 * /api/post/getOpenGraphData through the route with its default (production) fetch policy: a page
 * on a local server this test starts is never reached, and every refused address answers 400 with
 * its errorMsg (the loopback test hook of safe-fetch is for the module test only, never the route).
 */
describe('/api/post/getOpenGraphData refuses what it may not fetch', () => {
  let server: http.Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><meta property="og:title" content="Internal"></head></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('loopback, private, metadata and mapped addresses and other schemes: 400 errorMsg, the local server never reached', async () => {
    const s = await scene();
    const refused = [
      `http://127.0.0.1:${port}/page`,
      `http://localhost:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
      'http://10.0.0.7/secret',
      'http://169.254.169.254/latest/meta-data',
      `ftp://127.0.0.1:${port}/page`,
    ];
    for (const url of refused) {
      const r = await call(openGraph, '/api/post/getOpenGraphData', { url }, s.member.token);
      expect(r, url).toMatchObject({ status: 400, data: { errorMsg: 'No preview is available for this link.' } });
    }
    // Asked again: the cached refusal, still 400, still not reached.
    expect((await call(openGraph, '/api/post/getOpenGraphData', { url: refused[0] }, s.member.token)).status).toBe(400);
    expect(hits).toEqual([]);
  });

  it('a bad body is a 400 with the spec message; no session is a 403', async () => {
    const s = await scene();
    expect((await call(openGraph, '/api/post/getOpenGraphData', { url: `https://e.com/${'a'.repeat(10001)}` }, s.member.token)).data.errorMsg).toMatch(/URL is too long/);
    expect((await call(openGraph, '/api/post/getOpenGraphData', { url: '' }, s.member.token)).status).toBe(400);
    expect((await call(openGraph, '/api/post/getOpenGraphData', { url: `http://127.0.0.1:${port}/page` }, 'not-a-token')).status).toBe(403);
    expect(hits).toEqual([]);
  });
});

describe('/api/file/uploadFiles (multipart field files)', () => {
  it('a PDF is accepted as a document; an SVG and HTML are refused by their content whatever their name', async () => {
    const s = await scene();
    const pdf = await upload(uploadFiles, '/api/file/uploadFiles', [{ name: 'Plan: week 1.pdf', bytes: PDF, type: 'application/pdf' }], s.member.token);
    expect(pdf.status).toBe(200);
    expect(pdf.data).toEqual([{ fileId: expect.any(Number), blobId: expect.any(String), fileName: 'Plan_ week 1.pdf', type: 2 }]);
    const photo = await upload(uploadFiles, '/api/file/uploadFiles', [{ name: 'photo.jpeg', bytes: PNG, type: 'image/jpeg' }], s.member.token);
    expect(photo.data[0]).toMatchObject({ fileName: 'photo.png', type: 1 });
    const before = (await getDb().selectFrom('files').select('id').where('creator_id', '=', s.member.userId).execute()).length;
    for (const [name, bytes, type] of [
      ['x.svg', SVG, 'image/svg+xml'],
      ['x.pdf', SVG, 'application/pdf'],
      ['x.png', new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'image/png'],
      ['x.pdf', new TextEncoder().encode('<html><body>hi</body></html>'), 'application/pdf'],
    ] as const) {
      const r = await upload(uploadFiles, '/api/file/uploadFiles', [{ name, bytes, type }], s.member.token);
      expect(r, name).toMatchObject({ status: 400, data: { errorMsg: 'This type of file is not allowed.' } });
    }
    expect((await getDb().selectFrom('files').select('id').where('creator_id', '=', s.member.userId).execute()).length).toBe(before);
    expect((await upload(uploadFiles, '/api/file/uploadFiles', [{ name: 'a.pdf', bytes: PDF, type: 'application/pdf' }], 'not-a-token')).status).toBe(403);
    const get = await run<unknown>(() => uploadFiles.loader());
    expect(get).toMatchObject({ status: 405, data: { errorMsg: 'Use POST for this path.' } });
  });
});
