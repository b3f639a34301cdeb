import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, loadEnv, onQuery } from '@modules/shared/index.server';
import { markSeen, notifyUsers, NotificationType } from '@modules/social/index.server';
import { makeUser, signIn } from '../../../../tests/support/factories';
import { createHttpApp } from '~/runtime/http-app.server';

/**
 * GET /api/notification/poll through the Express app as server.ts serves it (decision 259): the
 * first poll reads the database and gives an ETag; the same ETag again is a 304 that ran no SQL at
 * all; any write to the user's notifications (a new one, seen) makes the next poll read again and
 * show it; another session's cookie never gets a 304 for this user's ETag.
 */
let server: http.Server;
let base: string;

async function testBuild(): Promise<ServerBuild> {
  const module = await import('./poll');
  const id = 'routes/api+/notification+/poll';
  return {
    mode: 'production',
    entry: { module: (await import('~/entry.server')) as never },
    routes: { root: { id: 'root', path: '', module: { default: () => null } }, [id]: { id, parentId: 'root', path: 'api/notification/poll', module: module as never } },
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: {
        root: { id: 'root', path: '', module: '/root.js', hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
        [id]: { id, parentId: 'root', path: 'api/notification/poll', module: '/poll.js', hasAction: true, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
      },
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: false } as never,
    isSpaMode: false,
  };
}

beforeAll(async () => {
  const app = createHttpApp({ build: await testBuild(), env: { ...loadEnv(), PUBLIC_URL: 'http://127.0.0.1' }, mode: 'production' });
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function poll(cookie: string, etag?: string | null) {
  let queries = 0;
  const stop = onQuery(() => void queries++);
  try {
    const res = await fetch(`${base}/api/notification/poll`, { headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } });
    const body = res.status === 200 ? ((await res.json()) as { unseenCount: number; userNotifications: { notification: { title: string } }[] }) : null;
    return { status: res.status, etag: res.headers.get('etag'), body, queries };
  } finally {
    stop();
  }
}

describe('the notification poll (GET /api/notification/poll)', () => {
  it('answers an unchanged poll 304 without any SQL, and a changed one with what changed', async () => {
    const db = getDb();
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);

    const first = await poll(cookie);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"n\./);
    expect(first.queries).toBeGreaterThan(0);

    const same = await poll(cookie, first.etag);
    expect(same.status).toBe(304);
    expect(same.queries).toBe(0);
    expect(same.etag).toBe(first.etag);

    // A new notification: the next poll reads again and shows it.
    await notifyUsers(db, [u.userId], { type: NotificationType.General, title: 'Fresh news' });
    const changed = await poll(cookie, first.etag);
    expect(changed.status).toBe(200);
    expect(changed.body!.userNotifications.map((n) => n.notification.title)).toContain('Fresh news');
    const unseen = changed.body!.unseenCount;
    expect(unseen).toBeGreaterThanOrEqual(1);
    expect(changed.etag).not.toBe(first.etag);
    expect((await poll(cookie, changed.etag)).status).toBe(304);

    // Marking seen is a write too: the count drops on the next poll.
    const ids = (await db.selectFrom('user_notifications').select('id').where('user_id', '=', u.userId).execute()).map((r) => r.id);
    await markSeen(db, u.userId, ids);
    const seen = await poll(cookie, changed.etag);
    expect(seen.status).toBe(200);
    expect(seen.body!.unseenCount).toBe(0);
  }, 120_000);

  it('never answers 304 to another session, an altered ETag or no session', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const mine = await signIn(u.userId);
    const theirs = await signIn(other.userId);
    const { etag } = await poll(mine.cookie);
    expect((await poll(theirs.cookie, etag)).status).toBe(200);
    expect((await poll(mine.cookie, etag!.replace(/.(")$/, 'x$1'))).status).toBe(200);
    const anonymous = await fetch(`${base}/api/notification/poll`, { headers: { 'if-none-match': etag! } });
    expect(anonymous.status).toBe(403);
  }, 120_000);
});
