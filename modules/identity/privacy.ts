import type { PrivacyRegistry } from '@modules/shared/privacy';

/** Personal data in the identity module's tables (issue 27 s.1; the shape: modules/shared/privacy.ts). */
export const identityPrivacy: PrivacyRegistry = [
  {
    table: 'users',
    columns: {
      first_name: 'first name',
      last_name: 'last name',
      email: 'email address (the sign-in name)',
      phone: 'phone number, when given',
      job_title: 'job title, when given',
      bio: 'a short bio the person wrote',
      profile_photo_blob_id: 'the profile photo',
      password_hash: 'the password, as a one-way hash',
      last_login_at: 'when the person last signed in',
    },
    what: 'Your account: name, email, job title, phone, bio, profile photo and password (hashed)',
    purpose: 'to provide the service under the contract with your organisation',
    export: 'profile.json',
    erasure: 'anonymise',
    erasureNote: "names become 'Former member', the email a placeholder (free for a new account), the rest removed; sign-in refused",
  },
  {
    table: 'team_users',
    columns: { user_id: 'the member' },
    what: 'Which teams you belong to, and whether you administer them',
    purpose: 'to show your team its journeys, feed and members',
    export: 'teams.json',
    erasure: 'delete',
  },
  {
    table: 'sessions',
    columns: { user_id: 'whose session' },
    what: 'Your signed-in sessions',
    purpose: 'to keep you signed in (security)',
    export: 'not exported (security data)',
    erasure: 'delete',
  },
  {
    table: 'one_time_tokens',
    columns: { user_id: 'whose link' },
    what: 'Password and account-verification links sent to you (hashed)',
    purpose: 'to let you set a password or verify your account',
    export: 'not exported (security data)',
    erasure: 'delete',
  },
  {
    table: 'user_settings',
    columns: { user_id: 'whose settings', value: 'a setting value (time zone, reminder days and times)' },
    what: 'Your notification settings and time zone',
    purpose: 'to send reminders when you asked for them',
    export: 'settings.json',
    erasure: 'delete',
  },
  {
    table: 'unsubscribe_tokens',
    columns: { user_id: 'whose link' },
    what: 'One-click unsubscribe links in reminder emails (hashed)',
    purpose: 'to let you stop an email in one click',
    export: 'not exported (security data)',
    erasure: 'delete',
  },
];
