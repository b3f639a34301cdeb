import { DAY, emailLayout, loadEnv, logger, sendEmail, type Db } from '@modules/shared/index.server';
import { recordAudit } from './audit.server';
import { eraseUser } from './erasure.server';

/**
 * A person's own erasure request (issue 27 s.3, decision 262): their organisation's admins are told by
 * email, and housekeeping erases the account ERASURE_DELAY_DAYS later unless the person withdrew it
 * (the row deleted). Their posts and comments stay as the Former member's.
 */
export const ERASURE_DELAY_DAYS = 14;

export interface ErasureRequest {
  requestedAt: string;
  dueAt: string;
}

export async function getErasureRequest(db: Db, userId: number): Promise<ErasureRequest | null> {
  const r = await db.selectFrom('erasure_requests').select(['requested_at', 'due_at']).where('user_id', '=', userId).executeTakeFirst();
  return r ? { requestedAt: new Date(r.requested_at).toISOString(), dueAt: new Date(r.due_at).toISOString() } : null;
}

/** Records the request (a second one keeps the first date) and emails the person's organisation admins. */
export async function requestErasure(db: Db, userId: number, now = new Date()): Promise<ErasureRequest> {
  const dueAt = new Date(now.getTime() + ERASURE_DELAY_DAYS * DAY);
  const inserted = await db
    .insertInto('erasure_requests')
    .values({ user_id: userId, requested_at: now, due_at: dueAt })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  const request = (await getErasureRequest(db, userId))!;
  if (!inserted) return request;
  await recordAudit(db, { actorId: userId, action: 'user.requestErasure', entity: 'user', entityId: userId, after: { dueAt: request.dueAt } });
  const person = await db.selectFrom('users').select(['first_name', 'last_name', 'organisation_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (person.organisation_id === null) return request;
  const admins = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organisation_id', '=', person.organisation_id)
    .where('is_organisation_admin', '=', true)
    .where('erased_at', 'is', null)
    .where('id', '!=', userId)
    .execute();
  const name = `${person.first_name} ${person.last_name}`.trim();
  const when = dueAt.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (const admin of admins) {
    await sendEmail(db, {
      to: admin.email,
      subject: `${name} asked for their Leda account to be erased`,
      html: emailLayout({
        heading: 'An erasure request',
        paragraphs: [
          `${name} asked for their Leda account and personal data to be erased. Unless they withdraw the request, it will be erased on ${when}.`,
          'Their posts and comments will stay, shown as by a Former member; their learning records stay in your team insights without their name.',
        ],
        action: { label: `Open ${name}'s profile`, url: `${loadEnv().PUBLIC_URL}/app/profile/${userId}` },
      }),
      kind: 'erasure-request',
      key: `erasure-request:${userId}:${now.getTime()}:${admin.id}`,
    });
  }
  return request;
}

/** Withdraws the person's request: nothing will be erased. */
export async function withdrawErasure(db: Db, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('erasure_requests').where('user_id', '=', userId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) return false;
  await recordAudit(db, { actorId: userId, action: 'user.withdrawErasure', entity: 'user', entityId: userId });
  return true;
}

/** Housekeeping: performs every request that came due. Safe to run twice (an erased account is skipped). */
export async function runDueErasures(db: Db, now = new Date()): Promise<number> {
  const due = await db.selectFrom('erasure_requests').select('user_id').where('due_at', '<=', now).orderBy('due_at').limit(100).execute();
  let n = 0;
  for (const { user_id } of due) {
    try {
      if ((await eraseUser(db, null, user_id, { keepPosts: true, reason: 'request' })).erased) n++;
    } catch (err) {
      logger().error({ err, userId: user_id }, 'erasure request failed');
    }
  }
  return n;
}
