import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, getDb, getJobProgress } from '@modules/shared/index.server';
import { saveUserSettings } from '@modules/identity/index.server';
import { addMyActivity } from '@modules/activities/index.server';
import { localTimeIn } from '@modules/social/index.server';
import { makeOrganisation, makeUser } from '../tests/support/factories';
import { startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server';
import { deleteQueueKeys, expireDeadWorkerLocks, startWorkerProcess, waitFor, type WorkerProcess } from '../tests/support/worker-process';
import { importFixtureActivities } from '../tests/support/content';

/**
 * The reminder sweep on a real `npm run worker` process (BullMQ on Redis), killed with SIGKILL
 * mid-sweep and restarted (issue 13): every due reminder is recorded once, none twice (the
 * reminder_sends ledger and the message keys). The worker is another process, so the sweep runs on
 * the real clock (its fixed clock is an in-process option): each user's reminder is due every day from
 * 00:00 in a time zone chosen where it is now mid-day, so the local date cannot turn during the test.
 * The fixed-clock and DST cases are jobs/reminders.test.ts.
 * Skipped without REDIS_URL because this is about a BullMQ worker process (CI's .ci/run always sets
 * it); and without DATABASE_URL, because a second process cannot open this file's in-memory PGlite
 * database (CI sets DATABASE_URL too).
 */
const canRun = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
const N = 400;
let smtp: TestSmtpServer | undefined;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  if (!canRun) return;
  smtp = await startSmtpServer();
  await importFixtureActivities();
});

afterAll(async () => {
  for (const w of workers) await w.kill9();
  await deleteQueueKeys();
  await smtp?.close();
});

/** A zone where it is now between 02:00 and 21:00, so the local day does not change during the test. */
function midDayZone() {
  const zones = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Pacific/Auckland', 'America/Los_Angeles'];
  return zones.find((z) => {
    const m = localTimeIn(z, new Date()).minutes;
    return m >= 120 && m <= 21 * 60;
  })!;
}

describe.skipIf(!canRun)('reminder sweep on a BullMQ worker process (Redis)', () => {
  it('a worker killed (kill -9) mid-sweep and a new worker: every due reminder recorded once, none twice', async () => {
    const zone = midDayZone();
    const organisationId = await makeOrganisation();
    const settings = {
      TIME_ZONE: zone,
      EMAIL_ACTIVITIES_REMINDER_DAYS: '0123456',
      EMAIL_ACTIVITIES_REMINDER_TIME: '00:00',
      EMAIL_JOURNEY_REMINDER_ENABLED: 'false',
      EMAIL_LEDA_UPDATES_ENABLED: 'false',
      EMAIL_TEAM_DIGEST_ENABLED: 'false',
    };
    const users: { userId: number; email: string }[] = [];
    for (let i = 0; i < N; i++) {
      const u = await makeUser({ organisationId });
      await saveUserSettings(getDb(), u.userId, settings);
      await addMyActivity(getDb(), u.userId, { activityId: 1 });
      users.push(u);
    }
    const ids = users.map((u) => u.userId);
    const recorded = () =>
      getDb().selectFrom('communications').select(['recipient', 'status']).where('kind', '=', 'reminder-activities').where('recipient', 'in', users.map((u) => u.email)).execute();
    const ledger = () => getDb().selectFrom('reminder_sends').select(['user_id', 'kind']).where('user_id', 'in', ids).execute();

    const env = { SMTP_URL: smtp!.url };
    const first = await startWorkerProcess(env);
    workers.push(first);
    const jobId = `reminders-kill-${ids[0]}`;
    await enqueue('reminders', {}, { jobId });
    await waitFor('some reminders recorded', async () => (await recorded()).length >= 20, 20_000, 10);
    await first.kill9();
    const atKill = (await recorded()).length;
    expect(atKill, 'the kill landed mid-sweep').toBeLessThan(N);

    // The dead worker's sweep goes back to its queue (see expireDeadWorkerLocks); a new worker runs it again.
    expect((await expireDeadWorkerLocks(['reminders', 'email'])).reminders).toEqual([jobId]);
    const second = await startWorkerProcess(env);
    workers.push(second);
    await waitFor('the sweep completed', async () => (await getJobProgress('reminders', jobId))?.state === 'completed', 30_000, 200);
    await second.stop();

    const rows = await recorded();
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(N);
    const sends = await ledger();
    expect(sends).toHaveLength(N);
    expect(new Set(sends.map((s) => s.user_id))).toEqual(new Set(ids));
    expect(sends.every((s) => s.kind === 'reminder-activities')).toBe(true);
    // Nobody was emailed twice.
    const received = new Map<string, number>();
    for (const m of smtp!.messages) for (const to of m.to) received.set(to, (received.get(to) ?? 0) + 1);
    expect([...received.values()].filter((n) => n > 1)).toEqual([]);
  }, 90_000);
});
