import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { args, jsonRequest, run, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import type { addMyActivity, getActivityById, getGlobalActivities, listMyActivities, loadMyActivities, saveTaskAnswers } from '@modules/activities/index.server';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { makeUser, signIn } from '../../../tests/support/factories';
import { importFixtureActivities } from '../../../tests/support/content';
import * as getActivity from './activity+/getActivityById';
import * as getGlobal from './activity+/getGlobalActivities';
import * as getCompleted from './activity+/getCompletedActivities';
import * as add from './myActivity+/addMyActivity';
import * as save from './myActivity+/saveMyActivityTaskFields';
import * as complete from './myActivity+/completeMyActivityTask';
import * as del from './myActivity+/deleteMyActivity';
import * as copies from './myActivity+/getCompletedMyActivitiesByActivityId';
import * as authenticate from './auth+/authenticate';

/** Every activities /api path with real Requests on the real database: answers, id swaps, bad values, order. */
type Route = { action: (a: never) => Promise<unknown> };
const post = <T = ApiAnswer<object>>(route: Route, path: string, body: unknown, token?: string) => run<T>(() => route.action(args(jsonRequest(path, body, { token })) as never));
/** The first items of a list the test has just seen filled (three tasks, their fields). */
const some = <T>(xs: T[]) => xs as [T, T, T, ...T[]];
type Completed = ApiAnswer<{ myActivity: Awaited<ReturnType<typeof addMyActivity>>; completedUserJourneyId: number | null; completedJourneyId: number | null }>;

async function learner() {
  const u = await makeUser();
  return { userId: u.userId, token: (await signIn(u.userId)).token };
}
async function snapshot(myActivityId: number) {
  const db = getDb();
  const tasks = await db.selectFrom('my_activity_tasks').selectAll().where('my_activity_id', '=', myActivityId).orderBy('id').execute();
  const fields = await db.selectFrom('my_activity_task_fields').selectAll().where('my_activity_task_id', 'in', tasks.map((t) => t.id)).orderBy('id').execute();
  const options = await db.selectFrom('my_activity_task_field_options').selectAll().where('my_activity_task_field_id', 'in', fields.map((f) => f.id)).orderBy('id').execute();
  return JSON.stringify({ tasks, fields, options });
}

beforeAll(async () => {
  await importFixtureActivities();
});

describe('/api/activity', () => {
  it('lists the global activities and answers one with its tasks, fields and options', async () => {
    const { token } = await learner();
    const list = await post<Of<typeof getGlobalActivities>>(getGlobal, '/api/activity/getGlobalActivities', {}, token);
    expect(list.status).toBe(200);
    expect(list.data.length).toBeGreaterThanOrEqual(16);
    expect(list.data[0]).toMatchObject({ activityId: expect.any(Number), name: expect.any(String), taskCount: expect.any(Number), isGlobal: true });
    const one = await post<Of<typeof getActivityById>>(getActivity, '/api/activity/getActivityById', { activityId: 1 }, token);
    expect(one.data.activityTasks[0]!.activityTaskFields[2]).toMatchObject({ type: 6, label: 'How long?', activityTaskFieldOptions: expect.arrayContaining([expect.objectContaining({ label: '30 minutes' })]) });
    expect((await post<Of<typeof getActivityById>>(getActivity, '/api/activity/getActivityById', { activityId: 987_654 }, token)).data).toEqual({ errorMsg: 'That activity was not found.' });
    expect((await post<Of<typeof getActivityById>>(getActivity, '/api/activity/getActivityById', { activityId: 2_147_483_648 }, token)).status).toBe(400);
    expect((await post<Of<typeof getActivityById>>(getActivity, '/api/activity/getActivityById', { activityId: 'one' }, token)).data.errorMsg).toBe('activityId: Expected a number');
    expect((await post<Of<typeof getGlobalActivities>>(getGlobal, '/api/activity/getGlobalActivities', {})).status).toBe(403);
  });
});

describe('/api/myActivity', () => {
  it('adds, saves, completes in order, lists the completed copies and deletes, with errorMsg on every failure', async () => {
    const me = await learner();
    const added = await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', { activityId: 2, journeyStepId: null }, me.token);
    expect(added.status).toBe(200);
    const my = added.data;
    expect(my).toMatchObject({ name: 'Give feedback with Situation, Behaviour, Impact', completedAt: null, sourceActivityId: 2 });
    const [t0, t1, t2] = some(my.myActivityTasks);
    const [situation, behaviour] = some(t0.myActivityTaskFields);
    const body = (task: { myActivityTaskId: number }, fields: unknown[]) => ({ myActivityId: my.myActivityId, myActivityTaskId: task.myActivityTaskId, myActivityTaskFields: fields });

    const saved = await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', body(t0, [{ myActivityTaskFieldId: situation.myActivityTaskFieldId, value: 'Tuesday planning' }]), me.token);
    expect(saved.status).toBe(200);
    expect(saved.data.myActivityTasks[0]!.myActivityTaskFields[0]!.value).toBe('Tuesday planning');

    // A task out of order, a field of another task, and nothing saved by either.
    const before = await snapshot(my.myActivityId);
    const outOfOrder = await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', body(t1, [{ myActivityTaskFieldId: t1.myActivityTaskFields[0]!.myActivityTaskFieldId, value: '2026-12-01' }]), me.token);
    expect(outOfOrder).toMatchObject({ status: 409, data: { errorMsg: 'Complete the tasks before this one first.' } });
    const otherTask = await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', body(t0, [{ myActivityTaskFieldId: behaviour.myActivityTaskFieldId, value: 'ok' }, { myActivityTaskFieldId: t1.myActivityTaskFields[0]!.myActivityTaskFieldId, value: '2026-12-01' }]), me.token);
    expect(otherTask.status).toBe(400);
    expect(otherTask.data.errorMsg).toMatch(/is not part of this task/);
    expect((await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: my.myActivityId, myActivityTaskId: t2.myActivityTaskId }, me.token)).status).toBe(409);
    expect(await snapshot(my.myActivityId)).toBe(before);

    for (const t of [t0, t1]) expect((await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: my.myActivityId, myActivityTaskId: t.myActivityTaskId }, me.token)).status).toBe(200);

    // A wrong type and an option of another field: 400 with the field named, nothing saved.
    const [received, different] = some(t2.myActivityTaskFields);
    // An option of another field (the Dropdown of another of the learner's activities).
    const other = (await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', { activityId: 6 }, me.token)).data;
    const otherFieldOption = other.myActivityTasks[0]!.myActivityTaskFields[0]!.myActivityTaskFieldOptions[0]!.myActivityTaskFieldOptionId;
    const mid = await snapshot(my.myActivityId);
    const wrongType = await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', body(t1, [{ myActivityTaskFieldId: t1.myActivityTaskFields[0]!.myActivityTaskFieldId, value: '31/12/2026' }]), me.token);
    expect(wrongType).toMatchObject({ status: 400, data: { errorMsg: 'Day: enter a date as YYYY-MM-DD.' } });
    const foreign = await post(
      save,
      '/api/myActivity/saveMyActivityTaskFields',
      body(t2, [
        { myActivityTaskFieldId: different.myActivityTaskFieldId, value: 'Ask first' },
        { myActivityTaskFieldId: received.myActivityTaskFieldId, myActivityTaskFieldOptions: [{ myActivityTaskFieldOptionId: otherFieldOption, isSelected: true }] },
      ]),
      me.token,
    );
    expect(foreign).toMatchObject({ status: 400, data: { errorMsg: 'How was it received?: that option does not belong to this field.' } });
    expect(await snapshot(my.myActivityId)).toBe(mid);

    const welcomed = received.myActivityTaskFieldOptions[0]!.myActivityTaskFieldOptionId;
    const ok = await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', body(t2, [{ myActivityTaskFieldId: received.myActivityTaskFieldId, myActivityTaskFieldOptions: [{ myActivityTaskFieldOptionId: welcomed, isSelected: true }] }]), me.token);
    expect(ok.data.myActivityTasks[2]!.myActivityTaskFields[0]!.myActivityTaskFieldOptions.map((o) => o.isSelected)).toEqual([true, false, false]);
    const done = await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: my.myActivityId, myActivityTaskId: t2.myActivityTaskId }, me.token);
    expect(done.data).toMatchObject({ completedUserJourneyId: null, completedJourneyId: null });
    expect(done.data.myActivity.completedAt).toEqual(expect.any(String));

    const completed = await post<Of<typeof listMyActivities>>(getCompleted, '/api/activity/getCompletedActivities', {}, me.token);
    expect(completed.data.map((m) => m.myActivityId)).toEqual([my.myActivityId]);
    const byActivity = await post<Of<typeof loadMyActivities>>(copies, '/api/myActivity/getCompletedMyActivitiesByActivityId', { activityId: 2 }, me.token);
    expect(byActivity.data[0]!.myActivityTasks[0]!.myActivityTaskFields[0]!.value).toBe('Tuesday planning');

    const session = await post<ApiAnswer<SessionStartPayload>>(authenticate, '/api/auth/authenticate', {}, me.token);
    expect((session.data.myActivities as { myActivityId: number }[]).map((m) => m.myActivityId)).toEqual([other.myActivityId, my.myActivityId]);
    // Summaries, not full copies (decision 147): progress and names, no tasks or answers.
    expect(session.data.myActivities[1]).toMatchObject({ myActivityId: my.myActivityId, name: my.name, completedAt: expect.any(String), taskCount: 3, completedTaskCount: 3 });
    expect(session.data.myActivities[1]).not.toHaveProperty('myActivityTasks');
    expect(Object.keys(session.data.userProgress!.activity)).toEqual(['2']);

    expect((await post<ApiAnswer<{ myActivityId: number }>>(del, '/api/myActivity/deleteMyActivity', { myActivityId: my.myActivityId }, me.token)).status).toBe(200);
    const gone = await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: my.myActivityId, myActivityTaskId: t2.myActivityTaskId }, me.token);
    expect(gone).toMatchObject({ status: 404, data: { errorMsg: 'That activity was not found. It may have been deleted.' } });
  });

  it("answers 404 for another user's activity on every path and leaves it as it was", async () => {
    const owner = await learner();
    const other = await learner();
    const my = (await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', { activityId: 4 }, owner.token)).data;
    const t0 = my.myActivityTasks[0]!;
    const before = await snapshot(my.myActivityId);
    const tries = [
      await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', { myActivityId: my.myActivityId, myActivityTaskId: t0.myActivityTaskId, myActivityTaskFields: [{ myActivityTaskFieldId: t0.myActivityTaskFields[0]!.myActivityTaskFieldId, value: 'hijack' }] }, other.token),
      await post<Completed>(complete, '/api/myActivity/completeMyActivityTask', { myActivityId: my.myActivityId, myActivityTaskId: t0.myActivityTaskId }, other.token),
      await post<ApiAnswer<{ myActivityId: number }>>(del, '/api/myActivity/deleteMyActivity', { myActivityId: my.myActivityId }, other.token),
    ];
    for (const r of tries) expect(r).toMatchObject({ status: 404, data: { errorMsg: 'That activity was not found. It may have been deleted.' } });
    expect(await snapshot(my.myActivityId)).toBe(before);
    const theirs = await post<Of<typeof loadMyActivities>>(copies, '/api/myActivity/getCompletedMyActivitiesByActivityId', { activityId: 4 }, other.token);
    expect(theirs.data).toEqual([]);
  });

  it('refuses bodies that are not valid: missing ids, ids out of range, a value of the wrong JSON type', async () => {
    const me = await learner();
    expect((await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', {}, me.token)).data).toEqual({ errorMsg: 'activityId: This field is required' });
    expect((await post<Of<typeof addMyActivity>>(add, '/api/myActivity/addMyActivity', { activityId: 999_999 }, me.token)).status).toBe(404);
    expect((await post<ApiAnswer<{ myActivityId: number }>>(del, '/api/myActivity/deleteMyActivity', { myActivityId: -1 }, me.token)).status).toBe(400);
    const wrong = await post<Of<typeof saveTaskAnswers>>(save, '/api/myActivity/saveMyActivityTaskFields', { myActivityId: 1, myActivityTaskId: 1, myActivityTaskFields: [{ myActivityTaskFieldId: 1, value: { html: 1 } }] }, me.token);
    expect(wrong.status).toBe(400);
    expect(wrong.data.errorMsg).toEqual(expect.any(String));
  });
});
