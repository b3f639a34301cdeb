import path from 'node:path';
import type { Db } from '@modules/shared/db/database';
import { loadEnv, logger } from '@modules/shared/index.server';
import { DAY } from '@modules/shared/clock';
import { addTeamUser, createOrganisation, createTeam, createUser, hashPassword } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { seedArticles, seedCatalogue } from '@modules/catalogue/index.server';
import { addMyActivity, completeMyActivityTask, seedActivities } from '@modules/activities/index.server';
import { BREAK_JOURNEY_ID, seedJourneys, setTeamSchedule, startUserJourney } from '@modules/journeys/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { seedDemoInsights } from './insights-demo-seed.server';
import { jobScheduler, seedDemoFeed, seedDemoFeedback } from '@modules/social/index.server';
import { seedDemoProfiles } from '@modules/identity/index.server';
import { seedDemoPeople } from './people-demo-seed.server';
import { fillDefaultPresetIfEmpty } from './default-preset.server';

export const DEMO_PASSWORD = 'leda-demo-2026';

/** Extra seeding steps other modules contribute (catalogue, articles): run after the accounts. */
type SeedStep = { name: string; run: (db: Db) => Promise<void> };
const extraSteps: SeedStep[] = [];
export function addSeedStep(step: SeedStep) {
  if (!extraSteps.some((s) => s.name === step.name)) extraSteps.push(step);
}

export const DEMO_ACCOUNTS = [
  { email: 'admin@leda.test', role: 'Product admin' },
  { email: 'orgadmin@leda.test', role: 'Organisation admin of Demo Organisation (member of both teams)' },
  { email: 'teamadmin@leda.test', role: 'Team admin of Leadership Team' },
  { email: 'learner@leda.test', role: 'Member of Leadership Team and Sales Team (full licence)' },
  { email: 'trial@leda.test', role: 'Trial licence expiring in 30 days' },
  { email: 'student@leda.test', role: 'Student licence' },
  { email: 'expired@leda.test', role: 'Licence expired yesterday' },
] as const;

/** The demo organisation, teams and accounts (all with password leda-demo-2026). */
export async function seedDemo(db: Db) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const demoOrg = await createOrganisation(db, { name: 'Demo Organisation', licenseType: LicenseType.Full, licenseExpiredAt: null, licenseNotes: 'Demo full licence' });
  const leadership = await createTeam(db, {
    organisationId: demoOrg,
    name: 'Leadership Team',
    description: '<p>The people who lead our teams, learning together one journey at a time.</p>',
  });
  const sales = await createTeam(db, { organisationId: demoOrg, name: 'Sales Team', description: '<p>Our customer-facing sales team.</p>' });

  await createUser(db, { email: 'admin@leda.test', firstName: 'Ada', lastName: 'Admin', jobTitle: 'Leda product admin', passwordHash: hash, isLedaAdmin: true, organisationId: null });
  const orgAdmin = await createUser(db, { email: 'orgadmin@leda.test', firstName: 'Olivia', lastName: 'Orgadmin', jobTitle: 'Head of People', passwordHash: hash, organisationId: demoOrg, isOrganisationAdmin: true });
  // The organisation admin sits in both demo teams, so the navigation shows their Insights entries.
  await addTeamUser(db, { teamId: leadership, userId: orgAdmin });
  await addTeamUser(db, { teamId: sales, userId: orgAdmin });
  const teamAdmin = await createUser(db, { email: 'teamadmin@leda.test', firstName: 'Theo', lastName: 'Teamadmin', jobTitle: 'Engineering Manager', passwordHash: hash, organisationId: demoOrg });
  await addTeamUser(db, { teamId: leadership, userId: teamAdmin, isTeamAdmin: true });
  const learner = await createUser(db, { email: 'learner@leda.test', firstName: 'Lee', lastName: 'Learner', jobTitle: 'Senior Consultant', passwordHash: hash, organisationId: demoOrg });
  await addTeamUser(db, { teamId: leadership, userId: learner });
  await addTeamUser(db, { teamId: sales, userId: learner });

  const trialOrg = await createOrganisation(db, { name: 'Trial Company', licenseType: LicenseType.Trial, licenseExpiredAt: new Date(now + 30 * DAY) });
  const trialTeam = await createTeam(db, { organisationId: trialOrg, name: 'Trial Team' });
  const trial = await createUser(db, { email: 'trial@leda.test', firstName: 'Tara', lastName: 'Trial', passwordHash: hash, organisationId: trialOrg });
  await addTeamUser(db, { teamId: trialTeam, userId: trial });

  const studentOrg = await createOrganisation(db, { name: 'Student Academy', licenseType: LicenseType.Student, licenseExpiredAt: null });
  await createUser(db, { email: 'student@leda.test', firstName: 'Sam', lastName: 'Student', passwordHash: hash, organisationId: studentOrg });

  const expiredOrg = await createOrganisation(db, { name: 'Expired Company', licenseType: LicenseType.Full, licenseExpiredAt: new Date(now - DAY) });
  const expiredTeam = await createTeam(db, { organisationId: expiredOrg, name: 'Former Team' });
  const expired = await createUser(db, { email: 'expired@leda.test', firstName: 'Eddie', lastName: 'Expired', passwordHash: hash, organisationId: expiredOrg });
  await addTeamUser(db, { teamId: expiredTeam, userId: expired });

  await seedArticles(db, path.resolve('content/articles'));
  await seedCatalogue(db);
  await seedActivities(db);
  // The demo learner's My Activities: one in progress (first task done), one completed.
  const oneToOne = await addMyActivity(db, learner, { activityId: 1 });
  await completeMyActivityTask(db, learner, { myActivityId: oneToOne.myActivityId, myActivityTaskId: oneToOne.myActivityTasks[0]!.myActivityTaskId });
  const reflection = await addMyActivity(db, learner, { activityId: 4 });
  for (const t of reflection.myActivityTasks) await completeMyActivityTask(db, learner, { myActivityId: reflection.myActivityId, myActivityTaskId: t.myActivityTaskId });
  await seedDemoJourneys(db, { leadership, sales, learner }, now);
  // The default preset's six journeys, break and posts (decision 251).
  await fillDefaultPresetIfEmpty(db);
  // Team insights: weeks of visits and some journey progress for the demo teams' charts.
  await seedDemoInsights(db, now);
  // The team feed: posts (pinned, with photos and a PDF, scheduled, global and organisation ones), likes, comments and their notifications.
  await seedDemoFeed(db, { leadership, sales }, jobScheduler, now);
  // Peer feedback: the demo learner's contacts and four answers, so Feedback results show.
  await seedDemoFeedback(db, learner, now);
  // Profiles: bios, mobile numbers and the organisation admin's photo.
  await seedDemoProfiles(db);
  // Admin people screens: last logins, a no-licence organisation, the learner's emails, audit records.
  await seedDemoPeople(db, now);

  for (const step of extraSteps) {
    logger().info({ step: step.name }, 'seeding');
    await step.run(db);
  }
}

/**
 * Journeys (content/catalogue/journeys) and both demo teams' schedules: a past journey, a break, the
 * current journey, a future one still locked, and an unscheduled one; the demo learner has started
 * the Leadership Team's current journey.
 */
async function seedDemoJourneys(db: Db, ids: { leadership: number; sales: number; learner: number }, now: number) {
  await seedJourneys(db);
  const at = (days: number) => new Date(now + days * DAY);
  await setTeamSchedule(db, ids.leadership, [
    { journeyId: 3, scheduledAt: at(-42), unlockedAt: at(-42), lengthDays: 14 },
    { journeyId: BREAK_JOURNEY_ID, scheduledAt: at(-28), breakLabel: 'Summer break', lengthDays: 14 },
    { journeyId: 4, scheduledAt: at(-7), unlockedAt: at(-7), lengthDays: 14 },
    { journeyId: 5, scheduledAt: at(21), unlockedAt: at(21), lengthDays: 14 },
    { journeyId: 6 },
  ]);
  await setTeamSchedule(db, ids.sales, [
    { journeyId: 2, scheduledAt: at(-35), unlockedAt: at(-35), lengthDays: 14 },
    { journeyId: 6, scheduledAt: at(-3), unlockedAt: at(-3), lengthDays: 14 },
    { journeyId: BREAK_JOURNEY_ID, scheduledAt: at(11), breakLabel: 'Quarter-end break', lengthDays: 7 },
    { journeyId: 3, scheduledAt: at(24), unlockedAt: at(24), lengthDays: 14 },
    { journeyId: 1 },
  ]);
  const learner = await getCurrentUser(db, ids.learner, async (teamIds) => new Map(teamIds.map((t) => [t, []])));
  if (learner) await startUserJourney(db, learner, 4);
}

/** Seeds only an empty database (first embedded start), never in production: the demo accounts share a public password. */
export async function seedDemoIfEmpty(db: Db) {
  if (loadEnv().APP_ENV === 'production') throw new Error('The demo seed is refused when APP_ENV=production.');
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedDemo(db);
  logger().info('demo data seeded: log in as learner@leda.test / leda-demo-2026');
  return true;
}
