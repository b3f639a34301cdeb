import type { Kysely } from 'kysely';
import type { Database } from '@modules/shared/db/database';
import { enqueue } from '@modules/shared/index.server';
import { addTeamUser, createUser } from '@modules/identity/index.server';

/**
 * Adds one person to an organisation and its teams without a password, then enqueues the
 * welcome-email batch for them: the job creates their password-create link and sends the
 * welcome email (issue 2, section 8). The batch key is per user, so a retried job sends once.
 */
export async function createUserAndSendWelcome(
  db: Kysely<Database>,
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
