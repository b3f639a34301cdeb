import { emailLayout } from '@modules/shared/mail.server';
import { loadEnv } from '@modules/shared/env.server';

/** Links in emails come from PUBLIC_URL, never from the request's Host header. */
const link = (path: string) => `${loadEnv().PUBLIC_URL}${path}`;

export function passwordResetEmail(firstName: string, token: string) {
  return {
    subject: 'Reset your Leda password',
    html: emailLayout({
      heading: 'Reset your password',
      paragraphs: [
        `Hi ${firstName},`,
        'We received a request to reset the password for your Leda account. The link below works once and expires in 2 hours.',
        'If you did not ask for this, you can ignore this email: your password stays the same.',
      ],
      action: { label: 'Change password', url: link(`/auth/password-reset/${token}`) },
    }),
  };
}

export function welcomeEmail(firstName: string, token: string, organisationName: string | null) {
  return {
    subject: 'Welcome to Leda: create your password',
    html: emailLayout({
      heading: 'Welcome to Leda',
      paragraphs: [
        `Hi ${firstName},`,
        `${organisationName ? `${organisationName} has` : 'You have been'} invited you to Leda, where your team learns leadership and soft skills together through short journeys, stories, games and real-world activities.`,
        'Create your password to get started. The link works once and expires in 14 days.',
      ],
      action: { label: 'Create a password', url: link(`/auth/password-create/${token}`) },
    }),
  };
}

export function verifyAccountEmail(firstName: string, token: string) {
  return {
    subject: 'Verify your Leda account',
    html: emailLayout({
      heading: 'Verify your account',
      paragraphs: [`Hi ${firstName},`, 'Please confirm your email address to finish setting up your Leda account.'],
      action: { label: 'Verify my account', url: link(`/auth/verify-account/${token}`) },
    }),
  };
}
