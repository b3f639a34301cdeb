import { describe, expect, it } from 'vitest';
import { getDb, onQuery } from '@modules/shared/index.server';
import { createFanOutNotification, deliverFanOutBatch, fanOutNotification, sweepFanOuts } from './notification-fan-out.server';
import { DELIVERY_BATCH, NotificationType, listRecent } from './notifications.server';
import { makeOrganisation, makeTeam, makeUser } from '../../tests/support/factories';
import { insertBulkUsers } from '../../tests/support/bulk-users';

const deliveries = (notificationId: number) =>
  getDb().selectFrom('user_notifications').select('user_id').where('notification_id', '=', notificationId).execute();

describe('notification fan-out (decision 258)', () => {
  it('delivers an organisation-wide notification to every unlocked member but the author, in statements of at most 1,000 rows', async () => {
    const db = getDb();
    const organisationId = await makeOrganisation();
    await insertBulkUsers(db, organisationId, 2_345);
    await insertBulkUsers(db, organisationId, 5, { locked: true });
    const author = await makeUser({ organisationId });
    const id = await createFanOutNotification(db, { kind: 'organisation', id: organisationId, unlockedOnly: true, excludeUserId: author.userId }, { type: NotificationType.Post, title: 'Hello all' });
    const inserts: string[] = [];
    const stop = onQuery((q) => /insert into "?user_notifications"?/i.test(q) && inserts.push(q));
    try {
      expect(await fanOutNotification(db, id)).toBe(2_345);
    } finally {
      stop();
    }
    // 2,345 recipients: three batches (1,000 + 1,000 + 345) and one empty look at the end.
    expect(inserts.length).toBe(4);
    const rows = await deliveries(id);
    expect(rows).toHaveLength(2_345);
    expect(rows.some((r) => r.user_id === author.userId)).toBe(false);
    const done = await db.selectFrom('notifications').select('fanned_out_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(done.fanned_out_at).not.toBeNull();
    // A second run (the job retried) finds it done and delivers nothing.
    expect(await fanOutNotification(db, id)).toBe(0);
  }, 120_000);

  it('a batch never takes more than 1,000 rows, and a re-run after a crash mid-way delivers each recipient exactly once', async () => {
    const db = getDb();
    const organisationId = await makeOrganisation();
    await insertBulkUsers(db, organisationId, 1_500);
    const audience = { kind: 'organisation' as const, id: organisationId, unlockedOnly: true };
    const id = await createFanOutNotification(db, audience, { type: NotificationType.General, title: 'Announcement' });
    const first = await deliverFanOutBatch(db, id, audience, 0, 5_000);
    expect(first.delivered).toHaveLength(DELIVERY_BATCH);
    // The worker "dies" here: the notification is not marked done; the sweep gives it a new job later,
    // which starts from the beginning and skips everyone already delivered to.
    expect(await fanOutNotification(db, id)).toBe(500);
    const rows = await deliveries(id);
    expect(rows).toHaveLength(1_500);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(1_500);
  }, 120_000);

  it('reaches a team (its members only) and the recipients see it in their list', async () => {
    const db = getDb();
    const team = await makeTeam();
    const member = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    const outsider = await makeUser({ organisationId: team.organisationId });
    const id = await createFanOutNotification(db, { kind: 'team', id: team.teamId, unlockedOnly: false }, { type: NotificationType.Post, title: 'Team news', link: '/app' });
    expect(await fanOutNotification(db, id, { batchSize: 1 })).toBe(1);
    const titles = async (userId: number) => (await listRecent(db, userId)).filter((n) => n.notification.type === NotificationType.Post).map((n) => n.notification.title);
    expect(await titles(member.userId)).toEqual(['Team news']);
    expect(await titles(outsider.userId)).toEqual([]);
  }, 120_000);

  it('the sweep re-enqueues a fan-out left undone for a minute', async () => {
    const db = getDb();
    const team = await makeTeam();
    await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    const id = await createFanOutNotification(db, { kind: 'team', id: team.teamId, unlockedOnly: false }, { type: NotificationType.Post, title: 'Lost job' });
    await db.updateTable('notifications').set({ created_at: new Date(Date.now() - 5 * 60_000) } as never).where('id', '=', id).execute();
    expect(await sweepFanOuts(db)).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
