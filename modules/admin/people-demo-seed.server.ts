import type { Db } from '@modules/shared/db/database';
import { DAY, HOUR } from '@modules/shared/clock';
import { addTeamUser, createOrganisation, createTeam, createUser, updateUser } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';

/**
 * The admin people screens' demo data (issue 14): last logins for the demo accounts (the user list's
 * "Last login" and the organisations' last activity), an organisation with no licence and its pilot
 * team, a few emails to the demo learner (the communication list) and audit records of those changes.
 */
export async function seedDemoPeople(db: Db, now: number) {
  const logins: [string, number][] = [
    ['admin@leda.test', 1 * HOUR],
    ['orgadmin@leda.test', 3 * HOUR],
    ['teamadmin@leda.test', 2 * DAY],
    ['learner@leda.test', 5 * HOUR],
    ['trial@leda.test', 6 * DAY],
  ];
  for (const [email, ago] of logins) {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).where('last_login_at', 'is', null).executeTakeFirst();
    if (user) await updateUser(db, user.id, { lastLoginAt: new Date(now - ago) });
  }
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@leda.test').executeTakeFirst();
  const actorId = admin?.id ?? null;

  const prospect = await createOrganisation(db, { name: 'Prospect Ltd', licenseType: null, licenseNotes: 'Talking to us about a pilot' });
  const pilot = await createTeam(db, { organisationId: prospect, name: 'Pilot Team' });
  for (const [first, last] of [
    ['Priya', 'Pilot'],
    ['Paul', 'Prospect'],
  ] as const) {
    const userId = await createUser(db, { email: `${first.toLowerCase()}.${last.toLowerCase()}@prospect.example`, firstName: first, lastName: last, organisationId: prospect });
    await addTeamUser(db, { teamId: pilot, userId });
  }
  await recordAudit(db, { actorId, action: 'organisation.create', entity: 'organisation', entityId: prospect, after: { name: 'Prospect Ltd', licenseType: null } });
  await recordAudit(db, { actorId, action: 'team.create', entity: 'team', entityId: pilot, after: { organisationId: prospect, name: 'Pilot Team' } });

  const emails = [
    { key: 'welcome', subject: 'Welcome to Leda', html: '<h2>Welcome to Leda, Lee</h2><p>Your team <strong>Leadership Team</strong> is waiting for you.</p><p><a href="https://leda.example/app">Open Leda</a></p>', ago: 20 * DAY },
    { key: 'journey', subject: 'A new journey is open', html: '<p>Hi Lee,</p><p>The journey <em>Leading with empathy</em> is now open for your team.</p>', ago: 6 * DAY },
    { key: 'reset', subject: 'Reset your password', html: '<p>Hi Lee,</p><p>Someone asked to reset your password. If it was not you, ignore this email.</p>', ago: 2 * DAY },
  ];
  await db
    .insertInto('communications')
    .values(
      emails.map((e) => ({
        message_key: `demo-people-${e.key}`,
        recipient: 'learner@leda.test',
        subject: e.subject,
        html: e.html,
        kind: 'demo',
        status: 'logged',
        created_at: new Date(now - e.ago),
        sent_at: new Date(now - e.ago),
      })),
    )
    .onConflict((oc) => oc.column('message_key').doNothing())
    .execute();
}
