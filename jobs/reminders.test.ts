import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { DAY, drainInProcessJobs, enqueue, getDb, getQueue, getRedis, LINK_REMOVED, loadEnv, newestDeliveredEmailTo, resetEnvCache, resetMailTransport } from '@modules/shared/index.server';
import { startSmtpServer } from '../tests/support/smtp-server';
import { getCurrentUser, peekUnsubscribeToken, saveUserSettings, type UserSettings } from '@modules/identity/index.server';
import { addMyActivity } from '@modules/activities/index.server';
import { setTeamSchedule, startUserJourney } from '@modules/journeys/index.server';
import { localTimeIn, sweepReminders, type ReminderKind } from '@modules/social/index.server';
import { makeTeam, makeUser } from '../tests/support/factories';
import { fixtureJourneysBeforeAll } from '../tests/support/content';
import { createWorkers } from './worker';
import { setReminderSweepOptionsForTests } from './reminders.job';

/**
 * The reminder sweep (decision 199) with fixed clocks: local time in each user's zone across daylight
 * saving changes, at most one email per user, kind and local day, pace-aware journey reminders, the
 * monthly news and weekly digest, and a crash mid-sweep that loses and duplicates nothing (in
 * process, and on a real Redis worker whose first attempt dies).
 */
const savedRedis = process.env.REDIS_URL;

fixtureJourneysBeforeAll();

const at = (iso: string) => new Date(iso);

async function userWith(settings: Partial<UserSettings>, opts: { openActivity?: boolean; teams?: { teamId: number; isTeamAdmin?: boolean }[] } = {}) {
  const u = await makeUser({ teams: opts.teams });
  await saveUserSettings(getDb(), u.userId, settings);
  if (opts.openActivity !== false) await addMyActivity(getDb(), u.userId, { activityId: 1 });
  return u;
}

const reminders = (email: string, kind?: ReminderKind) => {
  let q = getDb().selectFrom('communications').select(['id', 'kind', 'subject', 'html', 'created_at']).where('recipient', '=', email);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
};

/** Runs a sweep every 15 minutes from `from` to `to` (inclusive) and records when each user got an activities reminder. */
async function sweepEvery15(from: string, to: string, users: { userId: number; email: string }[]) {
  const firstSeen = new Map<number, string[]>(users.map((u) => [u.userId, []]));
  const ids = new Set(users.map((u) => u.userId));
  for (let t = at(from).getTime(); t <= at(to).getTime(); t += 15 * 60_000) {
    await sweepReminders({
      now: new Date(t),
      afterEach: ({ userId, kind }) => {
        if (ids.has(userId) && kind === 'reminder-activities') firstSeen.get(userId)!.push(new Date(t).toISOString());
      },
    });
  }
  return firstSeen;
}

describe('reminder sweep (in-process jobs)', () => {
  beforeAll(() => {
    delete process.env.REDIS_URL;
    resetEnvCache();
  });
  afterAll(async () => {
    await drainInProcessJobs();
    if (savedRedis) process.env.REDIS_URL = savedRedis;
    resetEnvCache();
  });

  it('computes local date, weekday and time with daylight saving', () => {
    // London moves to BST at 01:00 UTC on 29 March 2026; New York to EDT at 07:00 UTC on 8 March 2026.
    expect(localTimeIn('Europe/London', at('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', weekday: 0, minutes: 59 });
    expect(localTimeIn('Europe/London', at('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', weekday: 0, minutes: 120 });
    expect(localTimeIn('America/New_York', at('2026-03-08T06:59:00Z'))).toEqual({ date: '2026-03-08', weekday: 0, minutes: 60 + 59 });
    expect(localTimeIn('America/New_York', at('2026-03-08T07:00:00Z'))).toEqual({ date: '2026-03-08', weekday: 0, minutes: 180 });
    expect(localTimeIn('America/New_York', at('2026-03-09T03:30:00Z'))).toEqual({ date: '2026-03-08', weekday: 0, minutes: 23 * 60 + 30 });
  });

  it('sends the activities reminder at 7am local on the chosen days in London and New York across both DST changes, once per local day', async () => {
    const days = { EMAIL_ACTIVITIES_REMINDER_DAYS: '01', EMAIL_ACTIVITIES_REMINDER_TIME: '07:00', EMAIL_LEDA_UPDATES_ENABLED: 'false', EMAIL_JOURNEY_REMINDER_ENABLED: 'false' };
    const london = await userWith({ ...days, TIME_ZONE: 'Europe/London' });
    const newYork = await userWith({ ...days, TIME_ZONE: 'America/New_York' });
    const quiet = await userWith({ ...days, TIME_ZONE: 'Europe/London' }, { openActivity: false });
    const users = [london, newYork, quiet];

    // New York's change (Sunday 8 March): 7am EST would be 12:00 UTC, 7am EDT is 11:00 UTC.
    const march8 = await sweepEvery15('2026-03-08T05:30:00Z', '2026-03-08T11:30:00Z', users);
    const march9 = await sweepEvery15('2026-03-09T05:30:00Z', '2026-03-09T11:30:00Z', users);
    // London's change (Sunday 29 March): 7am GMT was 07:00 UTC, 7am BST is 06:00 UTC.
    const march29 = await sweepEvery15('2026-03-29T05:30:00Z', '2026-03-29T11:30:00Z', users);
    const march30 = await sweepEvery15('2026-03-30T05:30:00Z', '2026-03-30T11:30:00Z', users);

    expect(march8.get(london.userId)).toEqual(['2026-03-08T07:00:00.000Z']);
    expect(march8.get(newYork.userId)).toEqual(['2026-03-08T11:00:00.000Z']);
    expect(march9.get(london.userId)).toEqual(['2026-03-09T07:00:00.000Z']);
    expect(march9.get(newYork.userId)).toEqual(['2026-03-09T11:00:00.000Z']);
    expect(march29.get(london.userId)).toEqual(['2026-03-29T06:00:00.000Z']);
    expect(march29.get(newYork.userId)).toEqual(['2026-03-29T11:00:00.000Z']);
    expect(march30.get(london.userId)).toEqual(['2026-03-30T06:00:00.000Z']);
    // No uncompleted activity, no reminder.
    expect(march8.get(quiet.userId)).toEqual([]);

    // A late sweep the same local day (New York, 23:30 on Monday 30 March) sends nothing more.
    await sweepReminders({ now: at('2026-03-31T03:30:00Z') });
    expect(await reminders(newYork.email, 'reminder-activities')).toHaveLength(4);
    expect(await reminders(london.email, 'reminder-activities')).toHaveLength(4);
    const ledger = await getDb()
      .selectFrom('reminder_sends')
      .select((eb) => eb.cast<string>('local_date', 'text').as('d'))
      .where('user_id', '=', london.userId)
      .orderBy('local_date')
      .execute();
    expect(ledger.map((r) => r.d)).toEqual(['2026-03-08', '2026-03-09', '2026-03-29', '2026-03-30']);

    // The email: the open activity, My Activities, and a one-click unsubscribe link minted at delivery.
    const [stored] = await reminders(london.email, 'reminder-activities');
    expect(stored!.subject).toBe('Your activities are waiting for you');
    expect(stored!.html).toContain(`/unsubscribe/${LINK_REMOVED}`);
    const delivered = await newestDeliveredEmailTo(getDb(), london.email);
    const token = /\/unsubscribe\/([A-Za-z0-9_-]{40,})/.exec(delivered!.html)?.[1];
    expect(await peekUnsubscribeToken(getDb(), token!)).toMatchObject({ userId: london.userId, kind: 'reminder-activities' });
  });

  it('sends the journey reminder only to a learner behind the team schedule, news once a month and a weekly digest to team admins', async () => {
    const db = getDb();
    // A Wednesday at noon, 10 days from now, early in its month (so the next day is the same month).
    let now = new Date(Date.now() + 10 * DAY);
    while (now.getUTCDay() !== 3 || now.getUTCDate() > 25) now = new Date(now.getTime() + DAY);
    now.setUTCHours(12, 0, 0, 0);
    const { teamId, organisationId } = await makeTeam();
    await setTeamSchedule(db, teamId, [
      { journeyId: 2, scheduledAt: new Date(Date.now() - 30 * DAY), lengthDays: 14 },
      { journeyId: 3, scheduledAt: new Date(Date.now()), lengthDays: 28 },
    ]);
    await db.insertInto('contents').values({ url_id: `news-${teamId}`, name: 'Giving feedback that lands', overview: 'Five habits.', is_public: true }).execute();
    const settings = { TIME_ZONE: 'UTC', EMAIL_JOURNEY_REMINDER_TIME: '09:00', EMAIL_ACTIVITIES_REMINDER_ENABLED: 'false' };
    const behind = await userWith(settings, { teams: [{ teamId, isTeamAdmin: true }], openActivity: false });
    const onPace = await userWith(settings, { teams: [{ teamId }], openActivity: false });
    const noNews = await userWith({ ...settings, EMAIL_LEDA_UPDATES_ENABLED: 'false' }, { teams: [{ teamId }], openActivity: false });
    expect(organisationId).toBeGreaterThan(0);
    await startUserJourney(db, (await getCurrentUser(db, behind.userId))!, 2);
    await startUserJourney(db, (await getCurrentUser(db, onPace.userId))!, 3);

    await sweepReminders({ now });
    const journey = await reminders(behind.email, 'reminder-journey');
    expect(journey).toHaveLength(1);
    expect(journey[0]!.subject).toMatch(/^Continue your journey: /);
    expect(journey[0]!.html).toContain('/app/journey/');
    expect(await reminders(onPace.email, 'reminder-journey')).toHaveLength(0);
    expect(await reminders(behind.email, 'leda-updates')).toHaveLength(1);
    expect((await reminders(behind.email, 'leda-updates'))[0]!.html).toContain('Giving feedback that lands');
    expect(await reminders(noNews.email, 'leda-updates')).toHaveLength(0);
    const digest = await reminders(behind.email, 'team-digest');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.html).toContain('0 members of 3 active this week, 0 journeys completed, 2 journeys in progress.');
    expect(await reminders(onPace.email, 'team-digest')).toHaveLength(0);

    // Again the same minute, and the next day: no second journey reminder within the week, no
    // second news in the month, no second digest in the week.
    await sweepReminders({ now });
    await sweepReminders({ now: new Date(now.getTime() + DAY) });
    for (const kind of ['reminder-journey', 'leda-updates', 'team-digest'] as const) expect(await reminders(behind.email, kind)).toHaveLength(1);
    // A week later the learner is reminded again.
    await sweepReminders({ now: new Date(now.getTime() + 7 * DAY + 60_000) });
    expect(await reminders(behind.email, 'reminder-journey')).toHaveLength(2);
  });

  it('the sent email carries RFC 8058 List-Unsubscribe headers with its own fresh link', async () => {
    const smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    resetMailTransport();
    try {
      const u = await userWith({ TIME_ZONE: 'Asia/Tokyo', EMAIL_ACTIVITIES_REMINDER_DAYS: '5', EMAIL_LEDA_UPDATES_ENABLED: 'false' });
      await sweepReminders({ now: at('2026-01-16T00:00:00Z') }); // Friday 9am in Tokyo
      await drainInProcessJobs();
      const mail = smtp.messages.find((m) => m.raw.includes(`To: ${u.email}`));
      expect(mail?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const header = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail!.raw)?.[1];
      const token = header?.replace(/\s+/g, '').split('/unsubscribe/')[1];
      expect(await peekUnsubscribeToken(getDb(), token ?? '')).toMatchObject({ userId: u.userId, kind: 'reminder-activities' });
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
      resetMailTransport();
      await smtp.close();
    }
  });

  it('a crash after some sends: the re-run sends the rest and nobody twice (message keys and the ledger)', async () => {
    const settings = { TIME_ZONE: 'UTC', EMAIL_ACTIVITIES_REMINDER_DAYS: '4', EMAIL_ACTIVITIES_REMINDER_TIME: '10:00', EMAIL_LEDA_UPDATES_ENABLED: 'false' };
    const users: Awaited<ReturnType<typeof userWith>>[] = [];
    for (let i = 0; i < 5; i++) users.push(await userWith(settings));
    const mine = new Set(users.map((u) => u.userId));
    const now = at('2026-01-15T10:30:00Z'); // a Thursday
    let seen = 0;
    await expect(
      sweepReminders({
        now,
        batchSize: 2,
        afterEach: ({ userId }) => {
          if (mine.has(userId) && ++seen === 3) throw new Error('worker died');
        },
      }),
    ).rejects.toThrow('worker died');
    const counts = async () => Promise.all(users.map(async (u) => (await reminders(u.email, 'reminder-activities')).length));
    const afterCrash = await counts();
    expect(afterCrash.every((n) => n <= 1)).toBe(true);
    expect(afterCrash.filter((n) => n === 1).length).toBeLessThan(5);

    await sweepReminders({ now: new Date(now.getTime() + 15 * 60_000), batchSize: 2 });
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
  });
});

describe.skipIf(!savedRedis)('reminder sweep on a BullMQ worker (Redis)', () => {
  let queues: Queue[];
  beforeAll(() => {
    process.env.REDIS_URL = savedRedis;
    resetEnvCache();
    queues = (['reminders', 'email'] as const).map((n) => getQueue(n)!);
  });
  afterAll(async () => {
    setReminderSweepOptionsForTests(undefined);
    await Promise.all(queues.map((q) => q.obliterate({ force: true }).catch(() => undefined)));
    const redis = getRedis();
    if (redis) {
      const keys = await redis.keys(`${loadEnv().REDIS_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
    }
  });

  it('a worker that dies mid-sweep loses no reminder and duplicates none: the retry sends the rest', async () => {
    const settings = { TIME_ZONE: 'America/New_York', EMAIL_ACTIVITIES_REMINDER_DAYS: '2', EMAIL_ACTIVITIES_REMINDER_TIME: '06:00', EMAIL_LEDA_UPDATES_ENABLED: 'false' };
    const users: Awaited<ReturnType<typeof userWith>>[] = [];
    for (let i = 0; i < 5; i++) users.push(await userWith(settings));
    const mine = new Set(users.map((u) => u.userId));
    let seen = 0;
    let crashes = 0;
    setReminderSweepOptionsForTests({
      now: at('2026-11-03T12:00:00Z'), // Tuesday 7am in New York (EST, after the change)
      batchSize: 2,
      afterEach: ({ userId }) => {
        if (mine.has(userId) && ++seen === 3 && crashes++ === 0) throw new Error('worker died mid-sweep');
      },
    });
    const worker = createWorkers({ queues: ['reminders', 'email'] });
    const outcomes: string[] = [];
    worker.on('completed', (job) => job.name === 'reminders' && outcomes.push('completed'));
    worker.on('failed', (job) => job.name === 'reminders' && outcomes.push('failed'));
    try {
      await enqueue('reminders', {});
      const deadline = Date.now() + 20_000;
      while (!outcomes.includes('completed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(outcomes).toEqual(['failed', 'completed']);
      const counts = await Promise.all(users.map(async (u) => (await reminders(u.email, 'reminder-activities')).length));
      expect(counts).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await worker.close();
    }
  }, 30_000);
});
