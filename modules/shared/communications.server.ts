import { sql } from 'kysely';
import type { Db } from './db/database';
import { enqueue } from './queue.server';
import { deliverCommunication, readDevOutbox } from './mail.server';

/** The newest communication (email) recorded for a recipient, or undefined. */
export async function newestCommunicationTo(db: Db, recipient: string) {
  return db
    .selectFrom('communications')
    .select(['id', 'recipient', 'subject', 'html', 'kind', 'created_at'])
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.trim().toLowerCase()))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Development and tests only (the development outbox): the newest email to a recipient as it was
 * delivered, one-time link included. An email still waiting is delivered now (the claim makes this
 * safe beside a worker); one a worker is sending is waited for briefly. Undefined when there is none
 * or it was cancelled. The stored copy (newestCommunicationTo) never holds a usable link.
 */
export async function newestDeliveredEmailTo(db: Db, recipient: string) {
  const found = await newestCommunicationTo(db, recipient);
  if (!found) return undefined;
  const { message_key } = await db.selectFrom('communications').select('message_key').where('id', '=', found.id).executeTakeFirstOrThrow();
  const row = { ...found, message_key };
  for (let waited = 0; waited < 5000; waited += 100) {
    const html = readDevOutbox(row);
    if (html !== undefined) return { ...row, html };
    const result = await deliverCommunication(db, row.id).catch(() => 'retry' as const);
    if (result === 'cancelled') return undefined;
    if (result === 'skipped') {
      const now = await db.selectFrom('communications').select('status').where('id', '=', row.id).executeTakeFirst();
      if (now?.status === 'cancelled') return undefined;
      // Delivered elsewhere (SMTP, or before the outbox existed): the stored copy is what there is.
      if (now?.status !== 'sending') return { ...row, html: readDevOutbox(row) ?? row.html };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...row, html: readDevOutbox(row) ?? row.html };
}

/** A communication is given up (left 'failed') after this many delivery tries. */
export const MAX_DELIVERY_ATTEMPTS = 20;

/**
 * The delivery sweep (run every minute by jobs/sweep.job.ts): hands to send-email again every
 * communication a lost job left behind, as the row, not the job, is the truth:
 * - 'queued' for over 2 minutes (the enqueue never reached a worker, or the job was lost);
 * - 'failed' for over 10 minutes with tries left (its job's attempts were exhausted);
 * - 'sending' for over 15 minutes: the process died mid-send (a kill -9). No live send lasts that long
 *   (nodemailer gives up on a silent socket after 10 minutes), so it is resent, with the same
 *   Message-ID, which receiving servers use to drop the rare copy that had in fact arrived: every
 *   recipient gets the email (docs/decisions/123).
 * Delivery claims the row, so a job that was only slow can never send twice.
 */
export async function retryUndeliveredCommunications(db: Db, limit = 200): Promise<number> {
  const due = await db
    .updateTable('communications')
    .set({ updated_at: sql<Date>`now()`, status: sql<string>`case when status = 'sending' then 'failed' else status end` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('communications')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('updated_at', '<', sql<Date>`now() - interval '2 minutes'`)]),
            w.and([
              w('status', '=', 'failed'),
              w('updated_at', '<', sql<Date>`now() - interval '10 minutes'`),
              w('attempts', '<', MAX_DELIVERY_ATTEMPTS),
            ]),
            w.and([w('status', '=', 'sending'), w('updated_at', '<', sql<Date>`now() - interval '15 minutes'`), w('attempts', '<', MAX_DELIVERY_ATTEMPTS)]),
          ]),
        )
        .orderBy('updated_at')
        .limit(limit),
    )
    .returning(['id', 'created_at', 'attempts'])
    .execute();
  for (const row of due) await enqueue('send-email', { communicationId: row.id }, { jobId: sweepEmailJobId(row), replaceFinished: true });
  return due.length;
}

/**
 * The sweep's stable job id for a communication in its current try: a second sweep (or a second
 * worker's) while the first job still waits adds nothing. The creation time keeps it unique when a
 * reset database reuses an id; the tries count changes once a job has claimed the row, so a new
 * round is never mistaken for the last one (a finished job under the same id is replaced).
 */
export function sweepEmailJobId(row: { id: number; created_at: Date; attempts: number }) {
  return `email-${row.id}-${new Date(row.created_at).getTime()}-${row.attempts}`;
}
