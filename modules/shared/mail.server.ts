import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { Db } from './db/database';
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

/**
 * One-time links are never stored (issue 7, item 5; docs/decisions/112-one-time-links-in-emails.md):
 * an email that carries one is stored with LINK_REMOVED where the token goes, and delivery puts a
 * token minted at that moment in its place, in the copy it sends only. The module that owns the
 * links registers a minter per email kind; a minter answering null (no such account any more)
 * cancels the email. So neither the communications table nor the job payload holds a usable link,
 * and a retry or the sweep's resend still sends a working one.
 */
export const LINK_REMOVED = '[link removed]';
/** Where the recipient's first name goes in an email written before the account was looked up. */
export const RECIPIENT_NAME = '[first name]';

/**
 * A fresh token for the email's link (and the recipient's first name), or null to cancel the email.
 * `headers` go on the sent message only (e.g. RFC 8058 List-Unsubscribe with the fresh link).
 */
export type OneTimeLinkMinter = (
  db: Db,
  email: { recipient: string; kind: string },
) => Promise<{ token: string; firstName?: string; headers?: Record<string, string> } | null>;
const linkMinters = new Map<string, OneTimeLinkMinter>();

export function registerOneTimeLink(kind: string, mint: OneTimeLinkMinter) {
  linkMinters.set(kind, mint);
}

export const hasOneTimeLink = (kind: string) => linkMinters.has(kind);

/**
 * Development without SMTP_URL: each delivered email (with its live link) is also kept as a file,
 * named by the row's id, message key and creation time (ids and keys repeat across databases sharing a DATA_DIR).
 */
type OutboxKey = { id: number; message_key: string; created_at: Date };
const devOutboxPath = (c: OutboxKey) => {
  const unique = createHash('sha256').update(`${c.id}\n${c.message_key}\n${new Date(c.created_at).toISOString()}`).digest('hex').slice(0, 32);
  return path.join(loadEnv().DATA_DIR, 'outbox', `communication-${c.id}-${unique}.html`);
};

/** The delivered HTML of a communication from the development outbox, or undefined. */
export function readDevOutbox(communication: OutboxKey): string | undefined {
  try {
    return fs.readFileSync(devOutboxPath(communication), 'utf8');
  } catch {
    return undefined;
  }
}

function writeDevOutbox(communication: OutboxKey, html: string) {
  if (loadEnv().APP_ENV !== 'development') return;
  const file = devOutboxPath(communication);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html, { mode: 0o600 });
}

export async function sendEmail(db: Db, message: EmailMessage): Promise<{ communicationId: number }> {
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
  if (!transport) {
    transport = nodemailer.createTransport(pooledUrl(SMTP_URL));
    // nodemailer's documented hook for the sockets it uses (its proxy support): ours have Nagle off.
    (transport as Transporter & { getSocket: typeof noDelaySocket }).getSocket = noDelaySocket;
  }
  return transport;
}

const CONNECT_TIMEOUT_MS = 60_000;

/**
 * An SMTP connection with Nagle's algorithm off. nodemailer writes the end of a message as a small
 * packet of its own, which then waited for the server's delayed ACK (about 40 ms) on every email:
 * 48 ms an email on one connection, 4 ms with this; a 10,000-person welcome batch took ~100 s.
 * nodemailer upgrades the socket to TLS itself (smtps:// or STARTTLS).
 */
function noDelaySocket(options: { host?: string; port?: number | string; secure?: boolean }, callback: (err: Error | null, socket?: { connection: net.Socket }) => void) {
  const socket = net.connect({ host: options.host || 'localhost', port: Number(options.port) || (options.secure ? 465 : 587) });
  socket.setNoDelay(true);
  socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('The mail server did not answer in time.')));
  const failed = (err: Error) => callback(err);
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    socket.setTimeout(0);
    callback(null, { connection: socket });
  });
}

/**
 * A pool of reused SMTP connections (at most the email queue's concurrency, 5), unless SMTP_URL
 * says otherwise (?pool=false, ?maxConnections=n): a new connection per email paid the server's
 * greeting each time, which kept a 10,000-person welcome batch far from its minute.
 */
function pooledUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '5');
  return url.toString();
}

export function resetMailTransport() {
  transport?.close();
  transport = undefined;
}

export type DeliveryResult = 'sent' | 'logged' | 'skipped' | 'cancelled';

/**
 * The send-email processor. Claims the row (queued|failed -> sending) so that two runs can
 * never both send it; a row already sent, logged or being sent is left alone ('skipped').
 * A row that does not exist (yet) throws, so the job is retried: the caller may have recorded
 * it inside a transaction that had not committed when the worker picked the job up.
 */
export async function deliverCommunication(db: Db, communicationId: number): Promise<DeliveryResult> {
  const claimed = await db
    .updateTable('communications')
    .set({ status: 'sending', error: null, attempts: sql<number>`attempts + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', communicationId)
    .where('status', 'in', ['queued', 'failed'])
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const exists = await db.selectFrom('communications').select('status').where('id', '=', communicationId).executeTakeFirst();
    if (!exists) throw new Error(`Communication ${communicationId} not found (yet): retrying`);
    return 'skipped';
  }
  let { html, text } = claimed;
  let headers: Record<string, string> | undefined;
  const mint = linkMinters.get(claimed.kind);
  if (!mint && html.includes(`${loadEnv().PUBLIC_URL}/`) && new RegExp(`${escapeRegExp(loadEnv().PUBLIC_URL)}/[A-Za-z0-9/_-]+/${escapeRegExp(LINK_REMOVED)}`).test(html)) {
    // Never send a dead link: the module that owns this kind has not registered its minter here.
    await db.updateTable('communications').set({ status: 'failed', error: `No link minter for ${claimed.kind}`, updated_at: new Date() }).where('id', '=', claimed.id).execute();
    throw new Error(`No one-time link minter registered for email kind ${claimed.kind}`);
  }
  if (mint) {
    const minted = await mint(db, claimed);
    if (minted === null) {
      await db
        .updateTable('communications')
        .set({ status: 'cancelled', error: 'No account can use this link', updated_at: new Date() })
        .where('id', '=', claimed.id)
        .execute();
      return 'cancelled';
    }
    const name = minted.firstName ?? '';
    headers = minted.headers;
    html = html.replaceAll(LINK_REMOVED, minted.token).replaceAll(RECIPIENT_NAME, escapeHtml(name));
    text = text?.replaceAll(LINK_REMOVED, minted.token).replaceAll(RECIPIENT_NAME, name) ?? null;
  }
  const t = getTransport();
  if (!t) {
    logger().info({ to: claimed.recipient, subject: claimed.subject, kind: claimed.kind }, 'email (no SMTP_URL: logged only)');
    writeDevOutbox(claimed, html);
    await db.updateTable('communications').set({ status: 'logged', sent_at: new Date(), updated_at: new Date() }).where('id', '=', claimed.id).execute();
    return 'logged';
  }
  try {
    await t.sendMail({
      from: loadEnv().MAIL_FROM,
      to: claimed.recipient,
      subject: claimed.subject,
      html,
      text: text ?? undefined,
      headers,
      messageId: `<communication-${claimed.id}.${claimed.message_key.replace(/[^A-Za-z0-9.-]/g, '-')}@leda>`,
    });
  } catch (error) {
    await db
      .updateTable('communications')
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error), updated_at: new Date() })
      .where('id', '=', claimed.id)
      .execute();
    throw error;
  }
  await db.updateTable('communications').set({ status: 'sent', sent_at: new Date(), updated_at: new Date() }).where('id', '=', claimed.id).execute();
  return 'sent';
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  return `<div style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:0 auto;color:#1d2433"><h1 style="font-size:22px">${escapeHtml(opts.heading)}</h1>${p}${a}<p style="font-size:12px;color:#595959;margin-top:32px">Leda, leadership and soft skills for teams.</p></div>`;
}
