import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID, setTeamSchedule, type JourneyView, type startUserJourney } from '@modules/journeys/index.server';
import type { addMyActivity } from '@modules/activities/index.server';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { args, jsonRequest, run, type ApiAnswer, type ApiAnswerOf as Of, type Outcome } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as getContent from './journey+/getJourneyContent';
import * as createUserJourney from './journey+/createUserJourney';
import * as add from './myActivity+/addMyActivity';
import * as complete from './myActivity+/completeMyActivityTask';
import * as authenticate from './auth+/authenticate';

/** The journeys /api paths with real Requests on the real database, per role and licence. */
type Route = { action: (a: never) => Promise<unknown> };
const post = <T = ApiAnswer<object>>(route: Route, path: string, body: unknown, token?: string) => run<T>(() => route.action(args(jsonRequest(path, body, { token })) as never));
type Completed = ApiAnswer<{ myActivity: Awaited<ReturnType<typeof addMyActivity>>; completedUserJourneyId: number | null; completedJourneyId: number | null }>;

fixtureJourneysBeforeAll();

/** A team whose schedule holds journey 3 (open), a break, and journey 4 unlocking in two weeks. */
async function teamWithSchedule(licenseType: number = LicenseType.Full, licenseExpiredAt?: Date) {
  const organisationId = await makeOrganisation({ licenseType, licenseExpiredAt });
  const { teamId } = await makeTeam({ organisationId });
  await setTeamSchedule(getDb(), teamId, [
    { journeyId: 3, scheduledAt: new Date(Date.now() - 7 * DAY) },
    { journeyId: BREAK_JOURNEY_ID, scheduledAt: new Date(Date.now() + DAY), breakLabel: 'Break' },
    { journeyId: 4, scheduledAt: new Date(Date.now() + 14 * DAY), unlockedAt: new Date(Date.now() + 14 * DAY) },
  ]);
  const u = await makeUser({ organisationId, teams: [{ teamId }] });
  return { organisationId, teamId, userId: u.userId, token: (await signIn(u.userId)).token };
}

describe('/api/journey/getJourneyContent', () => {
  it("answers a team's journey with steps, items and statuses; global ones too; others 404, locked 403", async () => {
    const me = await teamWithSchedule();
    const j = await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, me.token);
    expect(j.status).toBe(200);
    expect(j.data).toMatchObject({ journeyId: 3, urlId: 'running-effective-one-on-ones', userJourney: null, action: 'Start' });
    expect(j.data.steps).toHaveLength(4);
    expect(j.data.steps[0]!).toMatchObject({ ordinal: 1, activities: [1], status: 'unstarted', statusLabel: 'Ready to start' });
    expect(j.data.steps[0]!.stepItems[0]).toMatchObject({ name: 'Running a good one-on-one', content: { urlId: 'running-a-good-one-on-one' }, video: null });
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 1 }, me.token)).status).toBe(200); // global
    expect(await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 5 }, me.token)).toMatchObject({ status: 404, data: { errorMsg: 'This journey could not be found.' } });
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: BREAK_JOURNEY_ID }, me.token)).status).toBe(404);
    expect(await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 4 }, me.token)).toMatchObject({ status: 403, data: { errorMsg: 'This journey is locked.' } });
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 'x' }, me.token)).status).toBe(400);
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 2_147_483_648 }, me.token)).status).toBe(400);
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 })).status).toBe(403);
  });

  it('a member of another team reads neither its journeys nor starts them; a student licence reads none', async () => {
    const other = await teamWithSchedule();
    const outsider = await makeUser();
    const { token } = await signIn(outsider.userId);
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, token)).status).toBe(404);
    expect((await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, token)).status).toBe(404);
    expect(other.teamId).toBeGreaterThan(0);
    const student = await teamWithSchedule(LicenseType.Student);
    expect(await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 1 }, student.token)).toMatchObject({ status: 403, data: { errorMsg: 'Journeys are not part of your licence.' } });
    const auth = await post<ApiAnswer<SessionStartPayload>>(authenticate, '/api/auth/authenticate', {}, student.token);
    expect(auth.data.referenceData!.journeys).toEqual([]);
    expect(auth.data.userJourneys).toEqual([]);
    // Journeys are hidden everywhere for a student licence, /api answers included.
    expect(auth.data.user!.userPermissions.teams[0]).toMatchObject({ teamId: student.teamId, teamJourneys: [] });
    expect(JSON.stringify(auth.data.user!.userPermissions)).not.toMatch(/"journeyId"/);
    expect(await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, student.token)).toMatchObject({ status: 403, data: { errorMsg: 'Journeys are not part of your licence.' } });
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, student.token)).status).toBe(403);
  });

  it('a learner whose organisation moves to a student licence no longer reads the journey they started', async () => {
    const me = await teamWithSchedule();
    expect((await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, me.token)).status).toBe(200);
    await getDb().updateTable('organisations').set({ license_type: LicenseType.Student }).where('id', '=', me.organisationId).execute();
    const token = (await signIn(me.userId)).token;
    expect(await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, token)).toMatchObject({ status: 403, data: { errorMsg: 'Journeys are not part of your licence.' } });
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, token)).status).toBe(403);
    const auth = await post<ApiAnswer<SessionStartPayload>>(authenticate, '/api/auth/authenticate', {}, token);
    expect(auth.data.userJourneys).toEqual([]);
    expect(auth.data.user!.userPermissions.teams[0]!.teamJourneys).toEqual([]);
  });

  it('an expired licence is refused', async () => {
    const expired = await teamWithSchedule(LicenseType.Full, new Date(Date.now() - DAY));
    expect((await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, expired.token)).status).toBe(403);
  });
});

describe('/api/journey/createUserJourney and completion', () => {
  it('starts once, completes steps through activities, and completeMyActivityTask reports the completed journey', async () => {
    const me = await teamWithSchedule();
    // An activity completed before the journey started does not count.
    const early = await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', { activityId: 1, journeyStepId: null }, me.token);
    for (const t of early.data.myActivityTasks) await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: early.data.myActivityId, myActivityTaskId: t.myActivityTaskId }, me.token);

    const started = await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, me.token);
    expect(started.data).toMatchObject({ journeyId: 3, completedAt: null });
    const again = await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, me.token);
    expect(again.data.userJourneyId).toBe(started.data.userJourneyId);
    expect((await post<Of<typeof startUserJourney>>(createUserJourney, '/api/journey/createUserJourney', { journeyId: 4 }, me.token)).status).toBe(403);

    const content = await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, me.token);
    expect(content.data.steps.map((s) => s.status)).toEqual(['unstarted', 'unstarted', 'unstarted', 'unstarted']);
    const steps: { stepId: number; activities: number[] }[] = content.data.steps;
    let last: Outcome<Completed> | undefined;
    for (const [i, step] of steps.entries()) {
      const my = await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', { activityId: step.activities[0], journeyStepId: step.stepId }, me.token);
      if (i === 0) {
        const mid = await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, me.token);
        expect(mid.data.steps[0]!.statusLabel).toBe('In progress');
      }
      for (const t of my.data.myActivityTasks) last = await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: my.data.myActivityId, myActivityTaskId: t.myActivityTaskId }, me.token);
      if (i < steps.length - 1) expect(last!.data.completedUserJourneyId ?? null).toBeNull();
    }
    expect(last!.data).toMatchObject({ completedUserJourneyId: started.data.userJourneyId, completedJourneyId: 3 });
    const done = await post<ApiAnswer<JourneyView>>(getContent, '/api/journey/getJourneyContent', { journeyId: 3 }, me.token);
    expect(done.data).toMatchObject({ action: 'View', userJourney: { completedAt: expect.any(String) } });
    expect(done.data.steps.every((s) => s.statusLabel === 'Finished')).toBe(true);

    const auth = await post<ApiAnswer<SessionStartPayload>>(authenticate, '/api/auth/authenticate', {}, me.token);
    expect(auth.data.userJourneys).toEqual([expect.objectContaining({ journeyId: 3, userJourneyId: started.data.userJourneyId, completedAt: expect.any(String) })]);
    expect((auth.data.referenceData!.journeys as { journeyId: number }[]).map((j) => j.journeyId).sort()).toEqual([1, 2, 3, 4]);
    expect(auth.data.user!.userPermissions.teams[0]!.teamJourneys).toEqual([{ journeyId: 3 }, { journeyId: 4 }]);
  });
});
