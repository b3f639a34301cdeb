import { drainInProcessJobs, getDb, newestDeliveredEmailTo } from '@modules/shared/index.server';

/**
 * The newest email a recipient received, as delivered (one-time links included): the stored
 * communication never holds a usable link (docs/decisions/112), so tests read the development
 * outbox the send-email delivery writes. Works with in-process jobs and with Redis (no worker runs
 * in unit tests: a waiting email is delivered here).
 */
export async function deliveredEmailTo(email: string) {
  await drainInProcessJobs();
  const mail = await newestDeliveredEmailTo(getDb(), email);
  if (!mail) throw new Error(`no email delivered to ${email}`);
  return mail;
}

/** The one-time link (path and token) of a kind in the newest email to a recipient. */
export async function linkIn(email: string, kind: 'password-reset' | 'password-create' | 'verify-account') {
  const { html } = await deliveredEmailTo(email);
  const m = new RegExp(`https?://[^/"]+(/auth/${kind}/([A-Za-z0-9_-]+))`).exec(html);
  if (!m) throw new Error(`no ${kind} link in the email to ${email}`);
  return { path: m[1]!, token: m[2]! };
}
