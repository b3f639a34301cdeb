import type { Kysely } from 'kysely';
import type { Database } from './db/database';

/** The newest communication (email) recorded for a recipient, or undefined. */
export async function newestCommunicationTo(db: Kysely<Database>, recipient: string) {
  return db
    .selectFrom('communications')
    .select(['id', 'recipient', 'subject', 'html', 'kind', 'created_at'])
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.trim().toLowerCase()))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
