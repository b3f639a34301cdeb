import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { setTeamSchedule } from '@modules/journeys/index.server';
import { DAY } from '@modules/shared/clock';
import { args, jsonRequest, runData } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as createUserJourney from './journey+/createUserJourney';
import * as add from './myActivity+/addMyActivity';

/**
 * Issue 8: /api/myActivity/addMyActivity takes a journeyStepId only when the step belongs to a
 * journey the learner has started and the activity is one of that step's activities.
 */
type Route = { action: (a: never) => Promise<unknown> };
const post = (route: Route, p: string, body: unknown, token?: string) => runData(() => route.action(args(jsonRequest(p, body, { token })) as never));

fixtureJourneysBeforeAll();

async function learnerWith(journeyIds: number[]) {
  const organisationId = await makeOrganisation();
  const { teamId } = await makeTeam({ organisationId });
  await setTeamSchedule(getDb(), teamId, journeyIds.map((journeyId, i) => ({ journeyId, scheduledAt: new Date(Date.now() - (10 - i) * DAY) })));
  const u = await makeUser({ organisationId, teams: [{ teamId }] });
  return { userId: u.userId, token: (await signIn(u.userId)).token };
}

async function stepsOf(journeyId: number) {
  return getDb()
    .selectFrom('journey_steps as s')
    .innerJoin('journey_step_activities as a', 'a.step_id', 's.id')
    .select(['s.id as stepId', 'a.activity_id as activityId'])
    .where('s.journey_id', '=', journeyId)
    .orderBy('s.ordinal')
    .execute();
}

const myActivityCount = async (userId: number) =>
  (await getDb().selectFrom('my_activities').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n;

describe('/api/myActivity/addMyActivity with a journeyStepId', () => {
  it("accepts a step of a journey the learner started; refuses an unstarted journey's step, another team's, an unknown one and an activity not in the step", async () => {
    const me = await learnerWith([3, 4]);
    const other = await learnerWith([5]);
    expect((await post(createUserJourney, '/api/journey/createUserJourney', { journeyId: 3 }, me.token)).status).toBe(200);
    expect((await post(createUserJourney, '/api/journey/createUserJourney', { journeyId: 5 }, other.token)).status).toBe(200);
    const [mine] = await stepsOf(3);
    const [notStarted] = await stepsOf(4);
    const [othersStep] = await stepsOf(5);
    const notInStep = (await getDb().selectFrom('activities').select('id').where('id', 'not in', (await stepsOf(3)).filter((s) => s.stepId === mine!.stepId).map((s) => s.activityId)).limit(1).executeTakeFirstOrThrow()).id;

    const ok = await post(add, '/api/myActivity/addMyActivity', { activityId: mine!.activityId, journeyStepId: mine!.stepId }, me.token);
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ sourceActivityId: mine!.activityId, journeyStepId: mine!.stepId });
    const before = Number(await myActivityCount(me.userId));

    const stepNotYours = { status: 400, data: { errorMsg: 'That step is not part of a journey you have started.' } };
    expect(await post(add, '/api/myActivity/addMyActivity', { activityId: notStarted!.activityId, journeyStepId: notStarted!.stepId }, me.token)).toMatchObject(stepNotYours);
    expect(await post(add, '/api/myActivity/addMyActivity', { activityId: othersStep!.activityId, journeyStepId: othersStep!.stepId }, me.token)).toMatchObject(stepNotYours);
    expect(await post(add, '/api/myActivity/addMyActivity', { activityId: mine!.activityId, journeyStepId: 2_000_000_000 }, me.token)).toMatchObject(stepNotYours);
    expect(await post(add, '/api/myActivity/addMyActivity', { activityId: notInStep, journeyStepId: mine!.stepId }, me.token)).toMatchObject({
      status: 400,
      data: { errorMsg: 'That activity is not part of this step.' },
    });
    expect(Number(await myActivityCount(me.userId))).toBe(before);
    // Without a step the activity is added as before.
    expect((await post(add, '/api/myActivity/addMyActivity', { activityId: notInStep, journeyStepId: null }, me.token)).status).toBe(200);
  });
});
