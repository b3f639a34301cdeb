import { randomBytes } from 'node:crypto';
import { hashToken, isTokenShaped, mintToken } from '@modules/identity/index.server';
import { sql } from 'kysely';
import {
  emailLayout,
  LINK_REMOVED,
  loadEnv,
  logger,
  rateLimiter,
  registerOneTimeLink,
  sendEmail, type Db,
} from '@modules/shared/index.server';
import { DAY } from '@modules/shared/clock';

/**
 * A newsletter subscribe takes effect only through a link emailed to the address (issue 7, item 12;
 * docs/decisions/113-newsletter-confirmation-and-styles.md): a form or /api call only sends the confirmation
 * email. The link's token is single use, expires after 7 days and is stored as its SHA-256; like the
 * account links it is minted at delivery, so the stored email holds no usable link. An unsubscribe
 * takes effect at once (spec: a thank-you right after submit; decision 254); unsubscribe links
 * emailed before that still work until they expire.
 */
export type NewsletterAction = 'subscribe' | 'unsubscribe';

export const NEWSLETTER_TOKEN_TTL_MS = 7 * DAY;
/** Confirmation emails to one address an hour, and to all addresses together an hour. */
export const NEWSLETTER_EMAILS_PER_ADDRESS_PER_HOUR = 3;
export const NEWSLETTER_EMAILS_PER_HOUR = 200;

const KIND: Record<NewsletterAction, string> = { subscribe: 'newsletter-subscribe', unsubscribe: 'newsletter-unsubscribe' };
const normal = (email: string) => email.trim().toLowerCase();

async function createNewsletterToken(db: Db, email: string, action: NewsletterAction) {
  const { token, tokenHash } = mintToken();
  await db
    .insertInto('newsletter_tokens')
    .values({ token_hash: tokenHash, email: normal(email), action, expires_at: new Date(Date.now() + NEWSLETTER_TOKEN_TTL_MS) })
    .execute();
  return token;
}

for (const action of ['subscribe', 'unsubscribe'] as const) {
  registerOneTimeLink(KIND[action], async (db, email) => ({ token: await createNewsletterToken(db, email.recipient, action) }));
}

function confirmationEmail(action: NewsletterAction) {
  const url = `${loadEnv().PUBLIC_URL}/newsletter/confirm/${LINK_REMOVED}`;
  return action === 'subscribe'
    ? {
        subject: 'Confirm your subscription to Leda news',
        html: emailLayout({
          heading: 'Confirm your subscription',
          paragraphs: [
            'Someone, hopefully you, asked to receive Leda product news and updates at this address.',
            'Please confirm with the button below. The link works once and expires in 7 days. If you did not ask for this, ignore this email and nothing changes.',
          ],
          action: { label: 'Yes, send me Leda news', url },
        }),
      }
    : {
        subject: 'Confirm you want to unsubscribe from Leda news',
        html: emailLayout({
          heading: 'Confirm unsubscribe',
          paragraphs: [
            'Someone, hopefully you, asked us to stop sending Leda product news to this address.',
            'Please confirm with the button below. The link works once and expires in 7 days. If you did not ask for this, ignore this email and nothing changes.',
          ],
          action: { label: 'Unsubscribe', url },
        }),
      };
}

/**
 * Emails the confirmation link for a subscribe or unsubscribe. Quietly capped (the caller's answer
 * does not change): a few emails per address an hour, and a total per hour across all addresses.
 */
export async function requestNewsletterChange(db: Db, email: string, action: NewsletterAction): Promise<void> {
  const address = normal(email);
  const perAddress = rateLimiter('newsletter-address', NEWSLETTER_EMAILS_PER_ADDRESS_PER_HOUR, 3600);
  if (!(await perAddress.consume(address))) return;
  if (!(await rateLimiter('newsletter-email', NEWSLETTER_EMAILS_PER_HOUR, 3600).consume('all'))) {
    logger().warn({ action }, 'newsletter: hourly confirmation-email cap reached; not sent');
    return;
  }
  await sendEmail(db, { to: address, ...confirmationEmail(action), kind: KIND[action], key: `${KIND[action]}:${randomBytes(12).toString('hex')}` });
}

/** What a live, unused confirmation link would do, without using it (the page shows the button). */
export async function peekNewsletterToken(db: Db, token: string) {
  if (!isTokenShaped(token)) return undefined;
  return db
    .selectFrom('newsletter_tokens')
    .select(['email', 'action'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

async function setSubscribed(db: Db, email: string) {
  const now = new Date();
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email, subscribed_at: now, unsubscribed_at: null })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet({ subscribed_at: now, unsubscribed_at: null }))
    .execute();
}

/** Stops product news to this address at once (the /unsubscribe page and /api/public/unsubscribe; decision 254). */
export async function unsubscribeNewsletterNow(db: Db, email: string): Promise<void> {
  await setUnsubscribed(db, normal(email));
}

async function setUnsubscribed(db: Db, email: string) {
  const now = new Date();
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email, subscribed_at: null, unsubscribed_at: now })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet({ unsubscribed_at: now }))
    .execute();
}

/** Uses the link up and applies it; undefined for an unknown, used or expired link. */
export async function confirmNewsletterChange(db: Db, token: string) {
  if (!isTokenShaped(token)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('newsletter_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['email', 'action'])
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.action === 'subscribe') await setSubscribed(trx, row.email);
    else await setUnsubscribed(trx, row.email);
    return row;
  });
}

/** Housekeeping: newsletter links expired over a day ago (used ones included). */
export async function pruneNewsletterTokens(db: Db) {
  await db.deleteFrom('newsletter_tokens').where('expires_at', '<', new Date(Date.now() - DAY)).execute();
}
