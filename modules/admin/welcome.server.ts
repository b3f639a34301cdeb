import { sql } from 'kysely';
import { DomainError, enqueue, type Db } from '@modules/shared/index.server';
import { addTeamUser, createUser } from '@modules/identity/index.server';

/**
 * Adds one person to an organisation and its teams without a password, then enqueues the
 * welcome-email batch for them: the job creates their password-create link and sends the
 * welcome email (issue 2, section 8). The batch key is per user, so a retried job sends once.
 */
export async function createUserAndSendWelcome(
  db: Db,
  input: { email: string; firstName: string; lastName: string; organisationId: number; teamIds: number[] },
) {
  const userId = await db.transaction().execute(async (trx) => {
    const id = await createUser(trx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      organisationId: input.organisationId,
    });
    for (const teamId of input.teamIds) await addTeamUser(trx, { teamId, userId: id });
    return id;
  });
  await enqueue('welcome-email-batch', { batchKey: `user-${userId}`, userIds: [userId] });
  return { userId };
}

/**
 * Who may be sent a welcome email (issue 8): only people with an account who have not activated it
 * (no password yet), and at most one welcome email per person per hour. Asked when an admin sends
 * (so the answer can say who was skipped) and again by the batch job before each email (so two
 * batches in the same hour still send one). The same batch run again is not "another email": its own
 * messages (key welcome:{batchKey}:{userId}) do not count, so a retried batch or a double-posted
 * confirmation still finishes. A cancelled message was never sent and does not count either.
 */
export const WELCOME_EMAIL_GAP_MS = 3600_000;
export const WELCOME_SKIPPED_NOTE =
  'Welcome emails go only to people who have not created their password yet, at most one per person per hour.';
export const NO_WELCOME_TO_SEND =
  'No welcome email was sent: these people have already created their password or were sent a welcome email in the last hour.';

export interface WelcomeRecipients {
  eligible: number[];
  /** Already activated (a password is set). */
  activated: { userId: number; email: string }[];
  /** Sent a welcome email within the last hour (by another batch). */
  recentlyWelcomed: { userId: number; email: string }[];
}

export async function welcomeRecipients(db: Db, userIds: number[], opts: { batchKey?: string; now?: Date } = {}): Promise<WelcomeRecipients> {
  const out: WelcomeRecipients = { eligible: [], activated: [], recentlyWelcomed: [] };
  const since = new Date((opts.now ?? new Date()).getTime() - WELCOME_EMAIL_GAP_MS);
  const own = opts.batchKey ? `welcome:${opts.batchKey}:` : null;
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', sql<boolean>`password_hash is not null`.as('activated')])
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
    const waiting = users.filter((u) => !u.activated);
    const recent = new Set<string>();
    if (waiting.length) {
      const rows = await db
        .selectFrom('communications')
        .select(sql<string>`lower(recipient)`.as('recipient'))
        .where(sql<string>`lower(recipient)`, 'in', waiting.map((u) => u.email.toLowerCase()))
        .where('kind', '=', 'welcome')
        .where('created_at', '>', since)
        .where('status', '!=', 'cancelled')
        .$if(own !== null, (q) => q.where(sql<boolean>`left(message_key, ${own!.length}) <> ${own}`))
        .execute();
      for (const r of rows) recent.add(r.recipient);
    }
    for (const u of users) {
      if (u.activated) out.activated.push({ userId: u.id, email: u.email });
      else if (recent.has(u.email.toLowerCase())) out.recentlyWelcomed.push({ userId: u.id, email: u.email });
      else out.eligible.push(u.id);
    }
  }
  // Unknown ids are left out of all three: the job skips a user who no longer exists.
  const order = new Map(userIds.map((id, n) => [id, n]));
  out.eligible.sort((a, b) => order.get(a)! - order.get(b)!);
  return out;
}

/** Throws the admin's message when nobody of a request may be welcomed now. */
export function requireSomeoneToWelcome(r: WelcomeRecipients) {
  if (!r.eligible.length) throw new DomainError('conflict', NO_WELCOME_TO_SEND);
}
