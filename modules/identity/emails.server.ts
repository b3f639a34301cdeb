import type { Db } from '@modules/shared/db/database';
import { emailLayout, LINK_REMOVED, RECIPIENT_NAME, registerOneTimeLink } from '@modules/shared/mail.server';
import { loadEnv } from '@modules/shared/env.server';
import { createOneTimeToken } from './tokens.server';
import type { OneTimeTokenPurpose } from './tables';

/**
 * Links in emails come from PUBLIC_URL, never from the request's Host header. A one-time link is
 * written with LINK_REMOVED in place of its token: that is what the communications table keeps, and
 * the send-email delivery mints the token (below) into the copy it sends (docs/decisions/112).
 */
const link = (path: string) => `${loadEnv().PUBLIC_URL}${path}`;

/** The email kinds that carry a one-time link, and the purpose of that link. */
export const LINK_PURPOSE_BY_KIND = {
  'password-reset': 'password-reset',
  welcome: 'password-create',
  'verify-account': 'verify-account',
} as const satisfies Record<string, OneTimeTokenPurpose>;

/** A fresh token (and the first name) for the account with this email; null (the email is cancelled) when none may use it. */
async function mintFor(db: Db, recipient: string, purpose: OneTimeTokenPurpose) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'is_locked', 'first_name'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', recipient.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user || user.is_locked) return null;
  return { token: await createOneTimeToken(db, user.id, purpose), firstName: user.first_name };
}

for (const [kind, purpose] of Object.entries(LINK_PURPOSE_BY_KIND)) {
  registerOneTimeLink(kind, (db, email) => mintFor(db, email.recipient, purpose));
}

/** The same email whether or not the address has an account: delivery cancels it when it has none. */
export function passwordResetEmail() {
  return {
    subject: 'Reset your Leda password',
    html: emailLayout({
      heading: 'Reset your password',
      paragraphs: [
        `Hi ${RECIPIENT_NAME},`,
        'We received a request to reset the password for your Leda account. The link below works once and expires in 2 hours.',
        'If you did not ask for this, you can ignore this email: your password stays the same.',
      ],
      action: { label: 'Change password', url: link(`/auth/password-reset/${LINK_REMOVED}`) },
    }),
  };
}

export function welcomeEmail(firstName: string, organisationName: string | null) {
  return {
    subject: 'Welcome to Leda: create your password',
    html: emailLayout({
      heading: 'Welcome to Leda',
      paragraphs: [
        `Hi ${firstName},`,
        `${organisationName ? `${organisationName} has` : 'You have been'} invited you to Leda, where your team learns leadership and soft skills together through short journeys, stories, games and real-world activities.`,
        'Create your password to get started. The link works once and expires in 14 days.',
      ],
      action: { label: 'Create a password', url: link(`/auth/password-create/${LINK_REMOVED}`) },
    }),
  };
}

export function verifyAccountEmail(firstName: string) {
  return {
    subject: 'Verify your Leda account',
    html: emailLayout({
      heading: 'Verify your account',
      paragraphs: [`Hi ${firstName},`, 'Please confirm your email address to finish setting up your Leda account.'],
      action: { label: 'Verify my account', url: link(`/auth/verify-account/${LINK_REMOVED}`) },
    }),
  };
}
