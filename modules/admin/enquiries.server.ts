import { sql } from 'kysely';
import {
  emailLayout,
  loadEnv,
  logger,
  rateLimiter,
  sendEmail,
  tryConsume, type Db,
} from '@modules/shared/index.server';
import type { EnquiryKind } from './tables';
import { requestNewsletterChange, unsubscribeNewsletterNow } from './newsletter.server';

/**
 * Public-form submissions: contact, try for free, the pricing Get enquiry, the newsletter box
 * and unsubscribe. Each is stored (enquiries, newsletter_subscriptions) and the enquiries are
 * emailed to SALES_EMAIL through the send-email job. A filled honeypot is refused without
 * storing anything; every form is rate-limited per client IP.
 */
export const PUBLIC_FORM_POINTS = 10;
export const PUBLIC_FORM_WINDOW_SECONDS = 10 * 60;
export const HONEYPOT_REFUSED = 'Sorry, we could not accept this form. Please try again or email us.';
export const FORMS_RATE_LIMITED = 'Too many submissions from your network. Please wait a few minutes and try again.';
/**
 * A cap on what all public forms together may send, whatever the client addresses: beyond
 * SALES_EMAILS_PER_HOUR an enquiry is still stored (sales see it in the enquiries list) but not
 * emailed, and a warning is logged (docs/decisions/111-public-form-global-cap.md).
 */
export const SALES_EMAILS_PER_HOUR = 100;

export type PublicFormResult =
  | { status: 'ok'; enquiryId: number | null }
  | { status: 'refused'; message: string }
  | { status: 'rate_limited'; message: string };

export interface PublicFormContext {
  clientIp: string;
  /** The honeypot field's value: a person never fills it. */
  honeypot?: string | null;
}

export interface EnquiryInput {
  kind: EnquiryKind;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  organisation?: string | null;
  jobTitle?: string | null;
  phoneNumber?: string | null;
  teamSize?: string | null;
  message?: string | null;
  consentToNews?: boolean;
}

const KIND_LABEL: Record<EnquiryKind, string> = {
  contact: 'Contact us',
  'try-for-free': 'Try for free',
  'get-leda': 'Pricing (Get Leda)',
  newsletter: 'Newsletter signup',
};

/** The honeypot and the per-IP limit, shared by every public form; null when the request may go on. */
export async function guardPublicForm(ctx: PublicFormContext): Promise<Exclude<PublicFormResult, { status: 'ok' }> | null> {
  if (ctx.honeypot && ctx.honeypot.trim() !== '') {
    logger().info({ ip: ctx.clientIp }, 'public form refused: honeypot filled');
    return { status: 'refused', message: HONEYPOT_REFUSED };
  }
  const limiter = rateLimiter('public-form', PUBLIC_FORM_POINTS, PUBLIC_FORM_WINDOW_SECONDS);
  if (!(await tryConsume(limiter, [`ip:${ctx.clientIp}`]))) return { status: 'rate_limited', message: FORMS_RATE_LIMITED };
  return null;
}

function salesEmail(id: number, e: EnquiryInput) {
  const rows: [string, string | null | undefined][] = [
    ['Name', [e.firstName, e.lastName].filter(Boolean).join(' ')],
    ['Email', e.email],
    ['Organisation', e.organisation],
    ['Job title', e.jobTitle],
    ['Phone', e.phoneNumber],
    ['Team size', e.teamSize],
    ['Message', e.message],
    ['Agreed to receive news', e.consentToNews ? 'Yes' : 'No'],
  ];
  const paragraphs = rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`);
  return {
    to: loadEnv().SALES_EMAIL,
    subject: `${KIND_LABEL[e.kind]}: ${[e.firstName, e.lastName].filter(Boolean).join(' ') || e.email}`.slice(0, 200),
    html: emailLayout({ heading: `New enquiry: ${KIND_LABEL[e.kind]}`, paragraphs }),
    text: paragraphs.join('\n'),
    kind: 'sales-enquiry',
    key: `enquiry-${id}`,
  };
}

/** Stores one enquiry and emails it to the sales address (newsletter signups are only stored). */
export async function submitEnquiry(db: Db, input: EnquiryInput, ctx: PublicFormContext): Promise<PublicFormResult> {
  const refused = await guardPublicForm(ctx);
  if (refused) return refused;
  const { id } = await db
    .insertInto('enquiries')
    .values({
      kind: input.kind,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      email: input.email,
      organisation: input.organisation ?? null,
      job_title: input.jobTitle ?? null,
      phone_number: input.phoneNumber ?? null,
      team_size: input.teamSize ?? null,
      message: input.message ?? null,
      consent_to_news: input.consentToNews ?? input.kind === 'newsletter',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Subscribing takes effect only through the link emailed to the address (decision 113).
  if (input.kind === 'newsletter' || input.consentToNews) await requestNewsletterChange(db, input.email, 'subscribe');
  if (input.kind !== 'newsletter') {
    if (await rateLimiter('sales-email', SALES_EMAILS_PER_HOUR, 3600).consume('all')) await sendEmail(db, salesEmail(id, input));
    else logger().warn({ enquiryId: id, kind: input.kind }, 'public forms: hourly sales-email cap reached; enquiry stored, not emailed');
  }
  return { status: 'ok', enquiryId: id };
}

/** The newsletter box: stored as an enquiry of kind newsletter; the subscription waits for the emailed link. */
export function subscribeToNewsletter(db: Db, email: string, ctx: PublicFormContext) {
  return submitEnquiry(db, { kind: 'newsletter', email }, ctx);
}

/**
 * Stops product-news email to this address at once (kept even if it never subscribed): spec 2.4, a
 * thank-you right after submit (decision 254, which replaces decision 113's emailed link for it).
 * The honeypot and the per-IP limit still apply.
 */
export async function unsubscribeEmail(db: Db, email: string, ctx: PublicFormContext): Promise<PublicFormResult> {
  const refused = await guardPublicForm(ctx);
  if (refused) return refused;
  await unsubscribeNewsletterNow(db, email);
  return { status: 'ok', enquiryId: null };
}

/** Product-news emails must skip an email for which this is true. */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select('unsubscribed_at')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row?.unsubscribed_at);
}

/** Whether product-news emails may go to this address: it subscribed and has not unsubscribed. */
export async function canReceiveProductNews(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select(['subscribed_at', 'unsubscribed_at'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row?.subscribed_at && !row.unsubscribed_at);
}
