import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '@modules/shared/db/database';
import { enqueue } from '@modules/shared/queue.server';
import { DELIVERY_BATCH, notificationRow, type NotificationInput } from './notifications.server';
import { bumpVersions } from './notification-version.server';

/**
 * Fan-out in the background (issue 28 §2, decision 258; Mastodon's feed fan-out): a post or an
 * announcement to an audience records ONE notification row with the audience it must reach
 * (`notifications.fan_out`) and enqueues the `notification-fan-out` job; the author's request
 * returns at once. The job walks the audience by user id in batches of DELIVERY_BATCH rows, each
 * one INSERT ... SELECT ... ON CONFLICT DO NOTHING on the (notification, user) unique key: a retry,
 * a second worker or a worker killed mid-run and run again delivers each recipient exactly once.
 * When the walk ends it sets `fanned_out_at`; the sweep re-enqueues a fan-out whose job was lost.
 */
export const fanOutAudience = z.object({
  kind: z.enum(['team', 'organisation', 'everyone']),
  id: z.number().int().positive().optional(),
  /** Locked users are left out (announcements, organisation and global posts). */
  unlockedOnly: z.boolean(),
  /** The author, who is not told about their own post. */
  excludeUserId: z.number().int().positive().nullable().optional(),
});
export type FanOutAudience = z.infer<typeof fanOutAudience>;


/** The stable job id of a notification's fan-out: BullMQ keeps one job per notification. */
export const fanOutJobId = (notificationId: number) => `fan-out-${notificationId}`;

/**
 * Records the notification and the audience it is for (one insert; safe inside the caller's
 * transaction). The caller calls startFanOut(id) once that is committed.
 */
export async function createFanOutNotification(db: Db, audience: FanOutAudience, input: NotificationInput): Promise<number> {
  const { id } = await db
    .insertInto('notifications')
    .values({ ...notificationRow(input), fan_out: JSON.stringify(fanOutAudience.parse(audience)) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Enqueues the fan-out job (in this process without REDIS_URL); a second call while it waits is a no-op. */
export async function startFanOut(notificationId: number, opts: { replaceFinished?: boolean } = {}) {
  await enqueue('notification-fan-out', { notificationId }, { jobId: fanOutJobId(notificationId), replaceFinished: opts.replaceFinished });
}

/** The users an audience reaches with an id above `afterUserId`, in id order (a Kysely subquery). */
function audienceUsers(db: Db, audience: FanOutAudience, afterUserId: number) {
  let q = db.selectFrom('users').select('users.id').where('users.id', '>', afterUserId);
  if (audience.kind === 'team') q = q.where('users.id', 'in', (eb) => eb.selectFrom('team_users').select('team_users.user_id').where('team_users.team_id', '=', audience.id ?? 0));
  if (audience.kind === 'organisation') q = q.where('users.organisation_id', '=', audience.id ?? 0);
  if (audience.unlockedOnly) q = q.where('users.is_locked', '=', false);
  if (audience.excludeUserId) q = q.where('users.id', '<>', audience.excludeUserId);
  return q;
}

/** How many users an audience reaches now (an announcement answers this count). */
export async function countAudience(db: Db, audience: FanOutAudience): Promise<number> {
  const row = await db
    .selectFrom(audienceUsers(db, audience, 0).as('a'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * One batch: delivers the notification to the next `batchSize` (≤ DELIVERY_BATCH) audience members
 * after `afterUserId` in one statement. Answers the last user id looked at (null when the audience
 * is exhausted) and the users newly delivered to (a re-run finds them delivered and skips them).
 * Each copy carries the notification's own time, so a list reads in the order things happened,
 * whichever fan-out ran first.
 */
export async function deliverFanOutBatch(
  db: Db,
  notificationId: number,
  audience: FanOutAudience,
  afterUserId: number,
  batchSize = DELIVERY_BATCH,
): Promise<{ lastUserId: number | null; delivered: number[] }> {
  const size = Math.min(Math.max(batchSize, 1), DELIVERY_BATCH);
  const batch = audienceUsers(db, audience, afterUserId).orderBy('users.id').limit(size);
  const { rows } = await sql<{ last: number | null; delivered: number[] | null }>`
    with batch as (${batch}),
    ins as (
      insert into user_notifications (user_id, notification_id, created_at)
      select id, ${notificationId}, (select created_at from notifications where id = ${notificationId}) from batch
      on conflict (notification_id, user_id) do nothing
      returning user_id
    )
    select (select max(id) from batch) as last, (select json_agg(user_id) from ins) as delivered`.execute(db);
  const row = rows[0];
  const delivered = (row?.delivered ?? []).map(Number);
  return { lastUserId: row?.last === null || row?.last === undefined ? null : Number(row.last), delivered };
}

/**
 * The job's work: walks the whole audience batch by batch, bumping each batch's recipients' poll
 * versions, then marks the fan-out done. Answers how many users were newly delivered to.
 */
export async function fanOutNotification(
  db: Db,
  notificationId: number,
  opts: { batchSize?: number; onBatch?: (lastUserId: number) => Promise<void> | void } = {},
): Promise<number> {
  const row = await db.selectFrom('notifications').select(['fan_out', 'fanned_out_at']).where('id', '=', notificationId).executeTakeFirst();
  if (!row || row.fanned_out_at || !row.fan_out) return 0;
  const audience = fanOutAudience.parse(typeof row.fan_out === 'string' ? JSON.parse(row.fan_out) : row.fan_out);
  let after = 0;
  let total = 0;
  for (;;) {
    const { lastUserId, delivered } = await deliverFanOutBatch(db, notificationId, audience, after, opts.batchSize);
    total += delivered.length;
    await bumpVersions(delivered);
    if (lastUserId === null) break;
    after = lastUserId;
    await opts.onBatch?.(after);
  }
  await db.updateTable('notifications').set({ fanned_out_at: new Date() }).where('id', '=', notificationId).execute();
  return total;
}

/** The sweep: fan-outs not done a minute after they were recorded get their job again. */
export async function sweepFanOuts(db: Db, now = new Date(), limit = 100): Promise<number> {
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('fan_out', 'is not', null)
    .where('fanned_out_at', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - 60_000))
    .orderBy('id')
    .limit(limit)
    .execute();
  for (const r of rows) await startFanOut(r.id, { replaceFinished: true });
  return rows.length;
}
