import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, onEvent } from '@modules/shared/index.server';
import { getStory } from '@modules/catalogue/index.server';
import { makeUser } from '../../tests/support/factories';
import {
  addMyActivity,
  completeMyActivityTask,
  countUncompleted,
  deleteMyActivity,
  getActivityProgress,
  getMyActivity,
  hasCompletedAnySince,
  listMyActivities,
  type MyActivity,
} from './my-activities.server';
import { getActivityById, getGlobalActivities, importActivities } from './activity-catalogue.server';
import { saveAndCompleteTask, saveTaskAnswers, type FieldInput } from './answers.server';
import { FieldType } from './field-types';
import { TINY_PNG } from '../../tests/support/images';
import { FIXTURE_JOURNEYS, importFixtureActivities } from '../../tests/support/content';

/** The activity catalogue, a learner's copies, answers of every field type, completion in order. */
beforeAll(async () => {
  await importFixtureActivities();
});

const PNG = TINY_PNG;
const answer = (fieldId: number, value: string | null, selected: number[] = []): FieldInput => ({ fieldId, kind: 'answer', raw: { value, selected } });
const task = (m: MyActivity, i: number) => m.myActivityTasks[i]!;
const field = (m: MyActivity, t: number, f: number) => task(m, t).myActivityTaskFields[f]!;

describe('the activity catalogue', () => {
  it('seeds 16 global activities that together use every field type at least twice', async () => {
    const list = await getGlobalActivities(getDb());
    expect(list.length).toBeGreaterThanOrEqual(16);
    const counts = new Map<number, number>();
    for (const a of list) {
      const full = await getActivityById(getDb(), a.activityId);
      expect(full.taskCount).toBe(full.activityTasks.length);
      for (const t of full.activityTasks) for (const f of t.activityTaskFields) counts.set(f.type, (counts.get(f.type) ?? 0) + 1);
    }
    for (const type of Object.values(FieldType)) expect(counts.get(type) ?? 0).toBeGreaterThanOrEqual(2);
    expect(list[0]!.isFeatured).toBe(true);
    expect(list.every((a) => a.activitySkills.length > 0)).toBe(true);
  });

  it('re-importing keeps the ids and chapters show their related activities by name', async () => {
    const before = await getGlobalActivities(getDb());
    await importActivities(getDb(), FIXTURE_JOURNEYS);
    expect((await getGlobalActivities(getDb())).map((a) => a.activityId)).toEqual(before.map((a) => a.activityId));
    const story = await getStory(getDb(), 'feedback-that-lands');
    const chapter = story!.chapters.find((c) => c.urlId === 'both-directions')!;
    expect(chapter.relatedActivities.map((a) => a.name)).toEqual(['Give feedback with Situation, Behaviour, Impact', 'A week of specific recognition']);
  });

  it('an unknown activity is not found', async () => {
    await expect(getActivityById(getDb(), 999_999)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('my activities', () => {
  it('copies the tasks at add time, so a later catalogue change never alters the copy', async () => {
    const { userId } = await makeUser();
    const my = await addMyActivity(getDb(), userId, { activityId: 1 });
    expect(my.name).toBe('Plan and hold a great one-to-one');
    expect(my.myActivityTasks.map((t) => t.ordinal)).toEqual([0, 1, 2]);
    await getDb().updateTable('activity_tasks').set({ name: 'Changed' }).where('activity_id', '=', 1).execute();
    expect(task(await getMyActivity(getDb(), userId, my.myActivityId), 0).name).toBe('Book it');
    await importActivities(getDb(), FIXTURE_JOURNEYS);
    expect(await countUncompleted(getDb(), userId)).toBe(1);
  });

  it('saves answers of each type, refuses wrong types and foreign options, and saves nothing half-way', async () => {
    const { userId } = await makeUser();
    const my = await addMyActivity(getDb(), userId, { activityId: 1 });
    const ids = { myActivityId: my.myActivityId, myActivityTaskId: task(my, 0).myActivityTaskId };
    const [who, when, length] = task(my, 0).myActivityTaskFields;
    const option = length!.myActivityTaskFieldOptions[1]!.myActivityTaskFieldOptionId;
    const saved = await saveTaskAnswers(getDb(), userId, { ...ids, fields: [answer(who!.myActivityTaskFieldId, 'Priya'), answer(when!.myActivityTaskFieldId, '2026-12-01T09:15'), answer(length!.myActivityTaskFieldId, null, [option])] });
    expect(field(saved, 0, 0).value).toBe('Priya');
    expect(field(saved, 0, 1).value).toBe('2026-12-01T09:15');
    expect(field(saved, 0, 2).myActivityTaskFieldOptions.filter((o) => o.isSelected).map((o) => o.label)).toEqual(['30 minutes']);

    const otherOption = field(my, 1, 1).myActivityTaskFieldOptions[0]!.myActivityTaskFieldOptionId;
    const bad = [
      [answer(who!.myActivityTaskFieldId, 'Sam'), answer(when!.myActivityTaskFieldId, 'next tuesday')],
      [answer(who!.myActivityTaskFieldId, 'Sam'), answer(when!.myActivityTaskFieldId, '2026-12-01T09:10')],
      [answer(who!.myActivityTaskFieldId, 'Sam'), answer(length!.myActivityTaskFieldId, null, [otherOption])],
      [answer(who!.myActivityTaskFieldId, 'x'.repeat(251))],
    ];
    const messages = [];
    for (const fields of bad) {
      const err = await saveTaskAnswers(getDb(), userId, { ...ids, fields }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'invalid' });
      messages.push((err as Error).message);
    }
    expect(messages).toEqual([
      'When is it?: enter a date and time as YYYY-MM-DDTHH:MM.',
      'When is it?: pick a time in 15-minute steps.',
      'How long?: that option does not belong to this field.',
      'Who is it with?: too long (max 250 characters).',
    ]);
    expect(field(await getMyActivity(getDb(), userId, my.myActivityId), 0, 0).value).toBe('Priya');
  });

  it('sanitises HtmlEditor answers, checks uploads by their bytes and clamps times', async () => {
    const { userId } = await makeUser();
    const purpose = await addMyActivity(getDb(), userId, { activityId: 9 });
    const t0 = task(purpose, 0);
    const html = await saveTaskAnswers(getDb(), userId, {
      myActivityId: purpose.myActivityId,
      myActivityTaskId: t0.myActivityTaskId,
      fields: [answer(t0.myActivityTaskFields[0]!.myActivityTaskFieldId, '<p onclick="x()">We help <script>alert(1)</script><strong>teams</strong></p>')],
    });
    expect(field(html, 0, 0).value).toBe('<p>We help <strong>teams</strong></p>');
    await completeMyActivityTask(getDb(), userId, { myActivityId: purpose.myActivityId, myActivityTaskId: t0.myActivityTaskId });
    const t1 = task(purpose, 1);
    const uploadId = t1.myActivityTaskFields[0]!.myActivityTaskFieldId;
    const fake = saveTaskAnswers(getDb(), userId, { myActivityId: purpose.myActivityId, myActivityTaskId: t1.myActivityTaskId, fields: [{ fieldId: uploadId, kind: 'file', file: { name: 'board.png', bytes: new TextEncoder().encode('MZ not a png') } }] });
    await expect(fake).rejects.toMatchObject({ code: 'invalid' });
    const ok = await saveTaskAnswers(getDb(), userId, { myActivityId: purpose.myActivityId, myActivityTaskId: t1.myActivityTaskId, fields: [{ fieldId: uploadId, kind: 'file', file: { name: 'board.png', bytes: PNG } }] });
    expect(JSON.parse(field(ok, 1, 0).value!)).toMatchObject({ fileName: 'board.png', contentType: 'image/png' });
    const csv = await saveTaskAnswers(getDb(), userId, { myActivityId: purpose.myActivityId, myActivityTaskId: t1.myActivityTaskId, fields: [{ fieldId: uploadId, kind: 'file', file: { name: 'notes.csv', bytes: new TextEncoder().encode('who,what\nPriya,ideas\n') } }] });
    expect(JSON.parse(field(csv, 1, 0).value!)).toMatchObject({ fileName: 'notes.csv', contentType: 'text/csv' });

    const stress = await addMyActivity(getDb(), userId, { activityId: 7 });
    const time = task(stress, 0).myActivityTaskFields[1]!;
    const early = saveTaskAnswers(getDb(), userId, { myActivityId: stress.myActivityId, myActivityTaskId: task(stress, 0).myActivityTaskId, fields: [answer(time.myActivityTaskFieldId, '06:45')] });
    await expect(early).rejects.toThrow('A daily time to practise: pick a time at or after 7:00 AM.');
  });

  it('completes tasks only in order; the last one completes the activity, announces it once and counts as progress', async () => {
    const { userId } = await makeUser();
    const start = new Date(Date.now() - 1000);
    // Linked to a journey step as an older copy may be (addMyActivity checks a new link: its own test).
    const added = await addMyActivity(getDb(), userId, { activityId: 10 });
    await getDb().updateTable('my_activities').set({ journey_step_id: 42 }).where('id', '=', added.myActivityId).execute();
    const my = { ...added, journeyStepId: 42 };
    const heard: number[] = [];
    const off = onEvent('myActivity.completed', 'test', async (_db, fact) => {
      if (fact.userId === userId) heard.push(fact.journeyStepId ?? 0);
      return fact.userId === userId ? { completedUserJourneyId: 7, completedJourneyId: 3 } : undefined;
    });
    try {
      const second = { myActivityId: my.myActivityId, myActivityTaskId: task(my, 1).myActivityTaskId };
      await expect(completeMyActivityTask(getDb(), userId, second)).rejects.toMatchObject({ code: 'conflict', message: 'Complete the tasks before this one first.' });
      const first = await completeMyActivityTask(getDb(), userId, { myActivityId: my.myActivityId, myActivityTaskId: task(my, 0).myActivityTaskId });
      expect(first.activityCompleted).toBe(false);
      expect(first.completedUserJourneyId).toBeUndefined();
      expect(await hasCompletedAnySince(getDb(), userId, [10], start)).toBe(false);
      const last = await saveAndCompleteTask(getDb(), userId, { ...second, fields: [answer(field(my, 1, 0).myActivityTaskFieldId, 'true')] });
      expect(last.activityCompleted).toBe(true);
      expect(last).toMatchObject({ completedUserJourneyId: 7, completedJourneyId: 3 });
      expect(last.myActivity.completedAt).not.toBeNull();
      expect(field(last.myActivity, 1, 0).value).toBe('true');
      // Completing again changes nothing and announces nothing.
      const again = await completeMyActivityTask(getDb(), userId, second);
      expect(again.activityCompleted).toBe(false);
      expect(heard).toEqual([42]);
    } finally {
      off();
    }
    expect(await countUncompleted(getDb(), userId)).toBe(0);
    expect(await hasCompletedAnySince(getDb(), userId, [3, 10], start)).toBe(true);
    expect(await hasCompletedAnySince(getDb(), userId, [10], new Date(Date.now() + 60_000))).toBe(false);
    expect(Object.keys(await getActivityProgress(getDb(), userId))).toEqual(['10']);
    expect((await listMyActivities(getDb(), userId, { completed: true })).map((m) => m.myActivityId)).toEqual([my.myActivityId]);
  });

  it("a listener that fails after the commit leaves the completion standing (decision 131)", async () => {
    const { userId } = await makeUser();
    const my = await addMyActivity(getDb(), userId, { activityId: 14 });
    for (const t of my.myActivityTasks.slice(0, -1)) await completeMyActivityTask(getDb(), userId, { myActivityId: my.myActivityId, myActivityTaskId: t.myActivityTaskId });
    const last = { myActivityId: my.myActivityId, myActivityTaskId: my.myActivityTasks.at(-1)!.myActivityTaskId };
    const seen: number[] = [];
    const off = onEvent('myActivity.completed', 'test-failing', async (db, fact) => {
      if (fact.userId !== userId) return;
      // The listener sees the committed completion through a connection of its own.
      const row = await db.selectFrom('my_activities').select('completed_at').where('id', '=', fact.myActivityId).executeTakeFirstOrThrow();
      if (row.completed_at) seen.push(fact.myActivityId);
      throw new Error('journeys is down');
    });
    try {
      const done = await completeMyActivityTask(getDb(), userId, last);
      expect(done.activityCompleted).toBe(true);
    } finally {
      off();
    }
    expect(seen).toEqual([my.myActivityId]);
    const after = await getMyActivity(getDb(), userId, my.myActivityId);
    expect(after.completedAt).not.toBeNull();
    expect(after.myActivityTasks.at(-1)!.completedAt).not.toBeNull();
  });

  it("another user's activity is not found for reading, saving, completing or deleting", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const my = await addMyActivity(getDb(), owner.userId, { activityId: 4 });
    const ids = { myActivityId: my.myActivityId, myActivityTaskId: task(my, 0).myActivityTaskId };
    await expect(getMyActivity(getDb(), other.userId, my.myActivityId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(saveTaskAnswers(getDb(), other.userId, { ...ids, fields: [answer(field(my, 0, 0).myActivityTaskFieldId, 'mine now')] })).rejects.toMatchObject({ code: 'not_found' });
    await expect(completeMyActivityTask(getDb(), other.userId, ids)).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteMyActivity(getDb(), other.userId, my.myActivityId)).rejects.toMatchObject({ code: 'not_found' });
    await deleteMyActivity(getDb(), owner.userId, my.myActivityId);
    await expect(getMyActivity(getDb(), owner.userId, my.myActivityId)).rejects.toMatchObject({ code: 'not_found' });
  });
});
