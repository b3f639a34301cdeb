import type { PrivacyRegistry } from './privacy';

/** Personal data in the shared tables (issue 27 s.1; the shape: ./privacy.ts). */
export const sharedPrivacy: PrivacyRegistry = [
  {
    table: 'communications',
    columns: { recipient: 'the email address it was sent to', subject: 'the subject', html: 'the email (may name you)', text: 'the email as plain text' },
    what: 'Emails Leda sent you',
    purpose: 'to show what was sent and retry failed deliveries',
    export: 'emails.json',
    erasure: 'delete',
    erasureNote: "emails to you are deleted; others' emails that name you lose their text; every body goes after 12 months",
  },
  {
    table: 'blobs',
    columns: { owner_user_id: 'whose file' },
    what: 'Files you uploaded (profile photo, post files, answer files)',
    purpose: 'to show them where you put them',
    export: 'files/',
    erasure: 'delete',
  },
  {
    table: 'rate_limits',
    columns: { key: 'an email or IP address counted for a short window (sign-in attempts)' },
    what: 'Short-lived counters of sign-in and form attempts',
    purpose: 'to stop abuse (security)',
    export: 'not exported (security data, kept an hour at most)',
    erasure: 'delete',
  },
];
