import { sql } from 'kysely';
import { DomainError, deleteBlobRows, removeBlobBytes, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';

/**
 * Erasing a person (issue 27 s.3, docs/decisions/262), in one transaction: every link and session
 * ends, the account row stays but loses its identity ('Former member', a placeholder email that
 * frees the address, no password, locked), uploaded files go, contacts and feedback go, posts and
 * comments stay as the Former member's (or go, the admin chooses), learning records stay without an
 * identity, and every other table that held the email or the names (emails sent, the audit log,
 * forms, imports, rate-limit keys) loses them. The audit log records the erasure without them.
 * The bytes of deleted files are removed after the commit. Running it twice does nothing more.
 */
export const FORMER_MEMBER = { firstName: 'Former', lastName: 'member' } as const;
export const ERASED_MARK = '[erased]';
export const USER_NOT_FOUND = 'User not found.';
export const ALREADY_ERASED = 'This account was erased already.';

const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;
/** NotificationType Welcome (modules/social): the one notification text that greets a person by name. */
const WELCOME_NOTIFICATION = 2;

export interface ErasureTarget {
  userId: number;
  organisationId: number | null;
  isLedaAdmin: boolean;
  fullName: string;
  email: string;
  erasedAt: Date | null;
}

/** The person an erasure is about, as the confirmation page and the policy see them. */
export async function getErasureTarget(db: Db, userId: number): Promise<ErasureTarget> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'organisation_id', 'is_leda_admin', 'first_name', 'last_name', 'email', 'erased_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new DomainError('not_found', USER_NOT_FOUND);
  return {
    userId: u.id,
    organisationId: u.organisation_id,
    isLedaAdmin: u.is_leda_admin,
    fullName: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    erasedAt: u.erased_at,
  };
}

/** Whether this admin may erase this person (the one policy: product admins; organisation admins their organisation's people). */
export async function mayErase(db: Db, actor: PolicyUser, userId: number): Promise<boolean> {
  const t = await getErasureTarget(db, userId).catch(() => null);
  return t !== null && policy.canEraseSomeone(actor, t);
}

export interface EraseOptions {
  /** true: posts and comments stay, shown as by 'Former member'; false: they are deleted. */
  keepPosts: boolean;
  /** 'admin': erased by an admin now; 'request': the person's own request came due. */
  reason: 'admin' | 'request';
}

/** Erases a person. actorId: the admin (null: the housekeeping job performing a person's own request). */
export async function eraseUser(db: Db, actorId: number | null, userId: number, opts: EraseOptions): Promise<{ erased: boolean }> {
  const blobs = await (db.isTransaction ? run(db) : (db as Db).transaction().execute(run));
  if (blobs === null) return { erased: false };
  await removeBlobBytes(db, blobs);
  return { erased: true };

  async function run(trx: Db): Promise<string[] | null> {
    const u = await trx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'profile_photo_blob_id', 'erased_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!u) throw new DomainError('not_found', USER_NOT_FOUND);
    if (u.erased_at) {
      await trx.deleteFrom('erasure_requests').where('user_id', '=', userId).execute();
      return null;
    }
    const email = u.email.trim().toLowerCase();
    const names = [u.first_name, u.last_name].map((n) => n.trim()).filter((n) => n.length > 0);
    const fullName = names.join(' ');
    const former = `${FORMER_MEMBER.firstName} ${FORMER_MEMBER.lastName}`;

    // Links and sessions end; private lists go.
    for (const table of ['sessions', 'one_time_tokens', 'unsubscribe_tokens', 'journey_calendar_tokens', 'feedback_tokens', 'user_contacts', 'feedback_responses', 'feedback_respondents', 'user_settings', 'reminder_sends', 'erasure_requests', 'data_exports', 'scim_users'] as const) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx
      .deleteFrom('notifications')
      .where('type', '=', WELCOME_NOTIFICATION)
      .where('id', 'in', (eb) => eb.selectFrom('user_notifications').select('notification_id').where('user_id', '=', userId))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('user_notifications as o').select('o.id').whereRef('o.notification_id', '=', 'notifications.id').where('o.user_id', '!=', userId))))
      .execute();
    await trx.deleteFrom('user_notifications').where('user_id', '=', userId).execute();
    // Others' notifications name the person ('<name> commented on your post'): they now name the Former member.
    if (fullName) {
      await trx
        .updateTable('notifications')
        .set({ title: sql`replace(title, ${fullName}, ${former})`, message: sql`replace(message, ${fullName}, ${former})` })
        .where((eb) => eb.or([eb(sql<number>`strpos(title, ${fullName})`, '>', 0), eb(sql<number>`strpos(message, ${fullName})`, '>', 0)]))
        .execute();
    }
    await trx.deleteFrom('team_users').where('user_id', '=', userId).execute();

    // Posts and comments: kept as the Former member's, or deleted.
    if (!opts.keepPosts) {
      await trx.deleteFrom('post_comments').where('user_id', '=', userId).execute();
      await trx.deleteFrom('posts').where('creator_id', '=', userId).execute();
    }

    // What they wrote and what stays (posts, comments, answers) loses their own name in it.
    const unname = (col: string) => {
      let expr = sql<string>`${sql.ref(col)}`;
      if (fullName) expr = sql<string>`regexp_replace(${expr}, ${regexEscape(fullName)}, ${former}, 'gi')`;
      for (const n of names) expr = sql<string>`regexp_replace(${expr}, ${regexEscape(n)}, ${ERASED_MARK}, 'gi')`;
      return expr;
    };
    const namePattern = names.map(regexEscape).join('|');
    if (namePattern) {
      await trx.updateTable('posts').set({ text: unname('text') }).where('creator_id', '=', userId).where(sql<boolean>`text ~* ${namePattern}`).execute();
      await trx.updateTable('post_comments').set({ text: unname('text') }).where('user_id', '=', userId).where(sql<boolean>`text ~* ${namePattern}`).execute();
      await trx
        .updateTable('my_activity_task_fields')
        .set({ value: unname('value') })
        .where(sql<boolean>`value ~* ${namePattern}`)
        .where('my_activity_task_id', 'in', (eb) =>
          eb.selectFrom('my_activity_tasks as t').innerJoin('my_activities as a', 'a.id', 't.my_activity_id').select('t.id').where('a.user_id', '=', userId),
        )
        .execute();
    }

    // Uploaded files: post files, the profile photo, answer files.
    const files = await trx.selectFrom('files').select(['id', 'blob_id']).where('creator_id', '=', userId).execute();
    if (files.length) await trx.deleteFrom('files').where('id', 'in', files.map((f) => f.id)).execute();
    const owned = await trx.selectFrom('blobs').select('id').where('owner_user_id', '=', userId).where('variant_of', 'is', null).execute();
    const blobIds = [...new Set([...files.map((f) => f.blob_id), ...owned.map((b) => b.id), ...(u.profile_photo_blob_id ? [u.profile_photo_blob_id] : [])])];
    await trx
      .updateTable('my_activity_task_fields')
      .set({ value: null })
      .where('value', 'like', '{"blobId":%')
      .where('my_activity_task_id', 'in', (eb) =>
        eb.selectFrom('my_activity_tasks as t').innerJoin('my_activities as a', 'a.id', 't.my_activity_id').select('t.id').where('a.user_id', '=', userId),
      )
      .execute();

    // Learning records stay (pointing at the anonymised account); what could identify goes.
    await trx.updateTable('system_feedbacks').set({ message: null }).where('user_id', '=', userId).execute();
    await trx.updateTable('page_views').set({ cid: null }).where('user_id', '=', userId).execute();
    await trx.updateTable('page_events').set({ cid: null, properties: null }).where('user_id', '=', userId).execute();

    // Wherever else the email or the names were written.
    await trx.deleteFrom('communications').where(sql<boolean>`lower(trim(recipient)) = ${email}`).execute();
    const mentions = (col: string) =>
      sql<boolean>`(strpos(lower(${sql.ref(col)}), ${email}) > 0 ${fullName ? sql`or strpos(lower(${sql.ref(col)}), ${fullName.toLowerCase()}) > 0` : sql``})`;
    await trx
      .updateTable('communications')
      .set({ subject: ERASED_MARK, html: '', text: null, status: sql`case when status in ('queued', 'failed') then 'cancelled' else status end` })
      .where((eb) => eb.or([eb(mentions('subject'), '=', true), eb(mentions('html'), '=', true), eb(mentions('text'), '=', true)]))
      .execute();
    for (const table of ['enquiries', 'newsletter_subscriptions', 'newsletter_tokens'] as const) {
      await trx.deleteFrom(table).where(sql<boolean>`lower(trim(email)) = ${email}`).execute();
    }
    await trx
      .updateTable('team_import_rows')
      .set({ email: erasedEmail(userId), first_name: FORMER_MEMBER.firstName, last_name: FORMER_MEMBER.lastName, job_title: null, message: null })
      .where(sql<boolean>`lower(trim(email)) = ${email}`)
      .execute();
    await trx.deleteFrom('rate_limits').where(sql<boolean>`strpos(lower(key), ${email}) > 0`).execute();
    await scrubAuditLog(trx, userId, email, names);

    // The account: no identity, no password, no way in; the email is free for a new account.
    await trx
      .updateTable('users')
      .set({
        first_name: FORMER_MEMBER.firstName,
        last_name: FORMER_MEMBER.lastName,
        email: erasedEmail(userId),
        phone: null,
        job_title: null,
        bio: null,
        profile_photo_blob_id: null,
        password_hash: null,
        password_updated_at: null,
        last_login_at: null,
        is_locked: true,
        is_verified: false,
        is_leda_admin: false,
        is_organisation_admin: false,
        organisation_id: null,
        erased_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    const gone = await deleteBlobRows(trx, blobIds);
    await recordAudit(trx, { actorId, action: 'user.erase', entity: 'user', entityId: userId, after: { postsKept: opts.keepPosts, reason: opts.reason } });
    return gone;
  }
}

/**
 * The audit log keeps its entries, without the person: their email as an actor goes, and any value in
 * a before/after state equal to (or containing) their email, or equal to one of their names, becomes
 * '[erased]'. Candidates: entries about this user, by this user, or whose state mentions the email or a name.
 */
async function scrubAuditLog(trx: Db, userId: number, email: string, names: string[]) {
  await trx.updateTable('audit_log').set({ actor_email: null }).where('actor_id', '=', userId).execute();
  const lowerNames = names.map((n) => n.toLowerCase());
  const state = sql`lower(coalesce(audit_log.before::text, '') || coalesce(audit_log.after::text, ''))`;
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'user'), eb('entity_id', '=', String(userId))]),
        eb(sql<number>`strpos(${state}, ${email})`, '>', 0),
        ...lowerNames.map((n) => eb(sql<number>`strpos(${state}, ${JSON.stringify(n)})`, '>', 0)),
      ]),
    )
    .execute();
  const scrub = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const l = v.trim().toLowerCase();
      return l.includes(email) || lowerNames.includes(l) || (lowerNames.length > 1 && l === lowerNames.join(' ')) ? ERASED_MARK : v;
    }
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]));
    return v;
  };
  for (const r of rows) {
    const before = r.before == null ? null : JSON.stringify(scrub(r.before));
    const after = r.after == null ? null : JSON.stringify(scrub(r.after));
    await trx.updateTable('audit_log').set({ before, after }).where('id', '=', r.id).execute();
  }
}
