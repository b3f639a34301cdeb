import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb, loadEnv, putBlob, rateLimiter, readBlob, tryConsume } from '@modules/shared/index.server';
import { getCurrentUser, startSession, uploadProfilePhoto, validateSessionId } from '@modules/identity/index.server';
import { AudienceType, savePost, uploadFiles } from '@modules/social/index.server';
import { requestErasure } from '@modules/admin/index.server';
import { housekeepingJob, pruneStoredFiles } from './housekeeping.job';
import { makeTeam, makeUser } from '../tests/support/factories';
import { noScheduler } from '../tests/support/post-matrix';
import { jpegWithGps, TINY_PNG } from '../tests/support/images';

describe('housekeeping job', () => {
  it('drops expired sessions and rate-limit windows, and keeps live ones', async () => {
    const u = await makeUser();
    const live = await startSession(u.userId);
    const old = await startSession(u.userId);
    await getDb().updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', old.sessionId).execute();
    const limiter = rateLimiter('housekeeping-test', 1, 1);
    expect(await tryConsume(limiter, ['k'])).toBe(true);
    await getDb().updateTable('rate_limits').set({ expires_at: new Date(Date.now() - 1000) }).execute();

    await housekeepingJob.process({});

    expect(await validateSessionId(live.sessionId)).not.toBeNull();
    const sessions = await getDb().selectFrom('sessions').select('id').where('user_id', '=', u.userId).execute();
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId]);
    if (!process.env.REDIS_URL) {
      const windows = await getDb().selectFrom('rate_limits').select('key').execute();
      expect(windows).toEqual([]);
    }
  });

  it('lets a key in again after its window has passed', async () => {
    const limiter = rateLimiter('window-test', 2, 60);
    expect(await tryConsume(limiter, ['a'])).toBe(true);
    expect(await tryConsume(limiter, ['a'])).toBe(true);
    expect(await tryConsume(limiter, ['a'])).toBe(false);
    expect(await tryConsume(limiter, ['b'])).toBe(true);
  });

  it('deletes stored files nothing refers to (rows, resized copies and bytes) once a day old, and keeps referenced and fresh ones', async () => {
    const db = getDb();
    const team = await makeTeam();
    const u = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
    const [posted, dropped] = await uploadFiles(db, u.userId, 'images', [
      { name: 'kept.jpg', bytes: await jpegWithGps(800, 600) },
      { name: 'dropped.jpg', bytes: await jpegWithGps(900, 600) },
    ]);
    await savePost(db, (await getCurrentUser(db, u.userId))!, { text: 'x', audienceType: AudienceType.Team, teamId: team.teamId, fileIds: [posted!.fileId] }, noScheduler);
    const photo = await uploadProfilePhoto(db, u.userId, TINY_PNG);
    const orphan = await putBlob(db, { bytes: new TextEncoder().encode(`orphan ${Date.now()}`), contentType: 'text/plain', owner: { kind: 'answer', userId: u.userId } });
    const fresh = await putBlob(db, { bytes: new TextEncoder().encode(`fresh ${Date.now()}`), contentType: 'text/plain', owner: { kind: 'answer', userId: u.userId } });
    const variantIds = (await db.selectFrom('blobs').select('id').where('variant_of', '=', dropped!.blobId).execute()).map((r) => r.id);
    expect(variantIds.length).toBe(2);
    // Everything but `fresh` is two days old.
    const old = new Date(Date.now() - 2 * 86_400_000);
    await db.updateTable('blobs').set({ created_at: old } as never).where('id', '!=', fresh.blobId).execute();
    await db.updateTable('files').set({ created_at: old } as never).where('creator_id', '=', u.userId).execute();

    await housekeepingJob.process({});

    for (const gone of [dropped!.blobId, orphan.blobId]) expect(await readBlob(db, gone), gone).toBeNull();
    expect(await db.selectFrom('blobs').select('id').where('id', 'in', [dropped!.blobId, orphan.blobId, ...variantIds]).execute()).toEqual([]);
    for (const id of [dropped!.blobId, ...variantIds]) await expect(fs.access(path.resolve(loadEnv().DATA_DIR, 'blobs', id))).rejects.toThrow();
    expect(await db.selectFrom('files').select('id').where('id', '=', dropped!.fileId).execute()).toEqual([]);
    for (const kept of [posted!.blobId, photo.blobId, fresh.blobId]) expect(await readBlob(db, kept), kept).not.toBeNull();
    expect(await readBlob(db, posted!.blobId, 320)).not.toBeNull();
    // A second run finds nothing more to do.
    expect(await pruneStoredFiles(db)).toBe(0);
  }, 120_000);

  it("performs a person's erasure request once it is due (14 days), and not before", async () => {
    const db = getDb();
    const due = await makeUser();
    const waiting = await makeUser();
    await requestErasure(db, due.userId, new Date(Date.now() - 15 * 86_400_000));
    await requestErasure(db, waiting.userId, new Date(Date.now() - 13 * 86_400_000));

    await housekeepingJob.process({});

    const rows = await db.selectFrom('users').select(['id', 'erased_at', 'email']).where('id', 'in', [due.userId, waiting.userId]).orderBy('id').execute();
    expect(rows[0]!.erased_at).not.toBeNull();
    expect(rows[0]!.email).toBe(`erased-${due.userId}@erased.invalid`);
    expect(rows[1]!.erased_at).toBeNull();
    expect(await db.selectFrom('erasure_requests').select('user_id').where('user_id', 'in', [due.userId, waiting.userId]).execute()).toEqual([{ user_id: waiting.userId }]);
  }, 60_000);
});
