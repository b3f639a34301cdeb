import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import { loadEnv } from './env.server';
import { logger } from './logger.server';
import { enqueue } from './queue.server';

/**
 * Every email is first recorded as a communication (recipient, subject, HTML), then the
 * send-email job delivers it: over SMTP when SMTP_URL is set, otherwise it is only logged.
 * message_key makes a repeated request (or a retried batch) reuse the same row.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text?: string;
  kind: string;
  /** Idempotency key, unique per email that should be sent once. */
  key: string;
}

export async function sendEmail(db: Kysely<Database>, message: EmailMessage): Promise<{ communicationId: number }> {
  const inserted = await db
    .insertInto('communications')
    .values({
      message_key: message.key,
      recipient: message.to.trim(),
      subject: message.subject,
      html: message.html,
      text: message.text ?? null,
      kind: message.kind,
      status: 'queued',
    })
    .onConflict((oc) => oc.column('message_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  const row =
    inserted ??
    (await db.selectFrom('communications').select('id').where('message_key', '=', message.key).executeTakeFirstOrThrow());
  // No BullMQ jobId: the row's claim (below) is the ledger. A jobId such as send-email-<id> would
  // make Redis silently drop the job for a new row that reuses an id after the database was reset.
  await enqueue('send-email', { communicationId: row.id });
  return { communicationId: row.id };
}

let transport: Transporter | undefined;
function getTransport(): Transporter | undefined {
  const { SMTP_URL } = loadEnv();
  if (!SMTP_URL) return undefined;
  transport ??= nodemailer.createTransport(SMTP_URL);
  return transport;
}

export function resetMailTransport() {
  transport?.close();
  transport = undefined;
}

export type DeliveryResult = 'sent' | 'logged' | 'skipped';

/**
 * The send-email processor. Claims the row (queued|failed -> sending) so that two runs can
 * never both send it; a row already sent, logged or being sent is left alone ('skipped').
 * A row that does not exist (yet) throws, so the job is retried: the caller may have recorded
 * it inside a transaction that had not committed when the worker picked the job up.
 */
export async function deliverCommunication(db: Kysely<Database>, communicationId: number): Promise<DeliveryResult> {
  const claimed = await db
    .updateTable('communications')
    .set({ status: 'sending', error: null })
    .where('id', '=', communicationId)
    .where('status', 'in', ['queued', 'failed'])
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const exists = await db.selectFrom('communications').select('status').where('id', '=', communicationId).executeTakeFirst();
    if (!exists) throw new Error(`Communication ${communicationId} not found (yet): retrying`);
    return 'skipped';
  }
  const t = getTransport();
  if (!t) {
    logger().info({ to: claimed.recipient, subject: claimed.subject, kind: claimed.kind }, 'email (no SMTP_URL: logged only)');
    await db.updateTable('communications').set({ status: 'logged', sent_at: new Date() }).where('id', '=', claimed.id).execute();
    return 'logged';
  }
  try {
    await t.sendMail({
      from: loadEnv().MAIL_FROM,
      to: claimed.recipient,
      subject: claimed.subject,
      html: claimed.html,
      text: claimed.text ?? undefined,
      messageId: `<communication-${claimed.id}.${claimed.message_key.replace(/[^A-Za-z0-9.-]/g, '-')}@leda>`,
    });
  } catch (error) {
    await db
      .updateTable('communications')
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where('id', '=', claimed.id)
      .execute();
    throw error;
  }
  await db.updateTable('communications').set({ status: 'sent', sent_at: new Date() }).where('id', '=', claimed.id).execute();
  return 'sent';
}

/** Escapes text for the HTML of an email. */
export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The one email layout: a heading, paragraphs, and an optional call-to-action button. */
export function emailLayout(opts: { heading: string; paragraphs: string[]; action?: { label: string; url: string } }) {
  const p = opts.paragraphs.map((x) => `<p style="margin:0 0 16px">${escapeHtml(x)}</p>`).join('');
  const a = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#2f6fae;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(opts.action.url)}</p>`
    : '';
  return `<div style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:0 auto;color:#1d2433"><h1 style="font-size:22px">${escapeHtml(opts.heading)}</h1>${p}${a}<p style="font-size:12px;color:#777;margin-top:32px">Leda, leadership and soft skills for teams.</p></div>`;
}
