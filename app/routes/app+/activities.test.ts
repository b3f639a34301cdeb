import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { addMyActivity, completeMyActivityTask } from '@modules/activities/index.server';
import { onQuery } from '@modules/shared/db/db.server';
import { formRequest, getRequest, ORIGIN, pick, runRoute, type LoaderData, type RouteFn } from '../../../tests/support/remix';
import { learner } from '../../../tests/support/explore';
import * as explore from './explore+/activities';
import * as mine from './activities._index';
import * as completed from './activities.completed-activities';
import { loader as shellLoader } from '../app';
import { renderRoute } from '../../../tests/support/render-route';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';

/** The three activity screens through their loaders and actions, as a learner without JavaScript uses them. */
fixtureJourneysBeforeAll();

const view = <L extends RouteFn>(route: { loader: L }, path: string, cookie: string) => runRoute(route.loader, getRequest(path, { cookie }));
const post = <A extends RouteFn>(route: { action: A }, path: string, fields: Record<string, string | string[]>, cookie: string) => runRoute(route.action, formRequest(path, fields, { cookie }));
/** A task of the activity shown on My Activities. */
type Task = NonNullable<LoaderData<typeof mine.loader>['selected']>['myActivityTasks'][number];
function multipart(path: string, fields: Record<string, string | string[] | File>, cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie }, body });
}
const render = (url: string, route: Parameters<typeof renderRoute>[1]['route'], cookie: string, actionData?: unknown) => renderRoute(url, { route, cookie, actionData });
const counter = async (cookie: string) => (await runRoute(shellLoader, getRequest('/app/activities', { cookie }))).data.myActivitiesCount;

describe('Explore > Activities, My Activities and Completed Activities', () => {
  it('shows the empty states in the spec words', async () => {
    const { cookie } = await learner();
    expect((await view(mine, '/app/activities', cookie)).data).toMatchObject({ cards: [], selected: null });
    expect((await render('/app/activities', mine, cookie)).text).toContain("You don't have any activities in progress.");
    expect((await render('/app/activities/completed-activities', completed, cookie)).text).toContain('No activities to display.');
    const cards = (await render('/app/explore/activities', explore, cookie)).text;
    expect(cards).toContain('Plan and hold a great one-to-one');
    expect(cards).toContain('Add to My Activities');
    expect((await view(completed, '/app/activities/completed-activities', cookie)).data).toMatchObject({ cards: [], selected: null });
    const list = await view(explore, '/app/explore/activities', cookie);
    expect(list.data.cards.length).toBeGreaterThanOrEqual(16);
    expect(list.data.cards.every((c) => c.inProgress === null && c.completed === null)).toBe(true);
  });

  it('adds from Explore, fills every task with Save and Complete, and finds it under Completed with its answers', async () => {
    const { cookie } = await learner();
    const added = await post(explore, '/app/explore/activities', { intent: 'add', activityId: '1' }, cookie);
    expect(added.status).toBe(302);
    const myActivityId = Number(new URL(added.location!, ORIGIN).searchParams.get('myActivityId'));
    expect(added.location).toBe(`/app/activities?myActivityId=${myActivityId}`);
    expect(await counter(cookie)).toBe(1);

    let page = await view(mine, added.location!, cookie);
    expect(page.data.selected!.name).toBe('Plan and hold a great one-to-one');
    expect(page.data.cards.map((c) => c.myActivityId)).toEqual([myActivityId]);
    const [t0, t1, t2] = page.data.selected!.myActivityTasks;
    const f = (t: Task | undefined, i: number) => `field-${t!.myActivityTaskFields[i]!.myActivityTaskFieldId}`;
    const opt = (t: Task | undefined, i: number, o: number) => String(t!.myActivityTaskFields[i]!.myActivityTaskFieldOptions[o]!.myActivityTaskFieldOptionId);
    const base = (t: Task | undefined) => ({ myActivityId: String(myActivityId), myActivityTaskId: String(t!.myActivityTaskId) });

    // Explore shows it in progress.
    const progress = (await view(explore, '/app/explore/activities', cookie)).data.cards.find((c) => c.activityId === 1);
    expect(progress!.inProgress).toMatchObject({ myActivityId, taskCount: 3, completedTaskCount: 0 });

    // A bad value is a 400 with the field named and the posted values kept; nothing is saved.
    const bad = await post(mine, '/app/activities?index', { ...base(t0), intent: 'save', [f(t0, 0)]: 'Priya', [f(t0, 1)]: '2026-12-01', [`${f(t0, 1)}-time`]: '09:10' }, cookie);
    expect(bad.status).toBe(400);
    expect(pick(bad.data, 'error')).toMatchObject({ myActivityTaskId: t0!.myActivityTaskId, message: 'When is it?: pick a time in 15-minute steps.' });
    expect(pick(bad.data, 'error').posted?.[f(t0, 0)]).toEqual(['Priya']);
    const shown = await render(added.location!, mine, cookie, bad.data);
    expect(shown.text).toContain('When is it?: pick a time in 15-minute steps.');
    expect(shown.html).toContain('value="Priya"');
    page = await view(mine, added.location!, cookie);
    expect(page.data.selected!.myActivityTasks[0]!.myActivityTaskFields[0]!.value).toBeNull();

    const saved = await post(mine, '/app/activities?index', { ...base(t0), intent: 'save', [f(t0, 0)]: 'Priya', [f(t0, 1)]: '2026-12-01', [`${f(t0, 1)}-time`]: '09:15', [f(t0, 2)]: opt(t0, 2, 1) }, cookie);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/app/activities?myActivityId=${myActivityId}&saved=${t0!.myActivityTaskId}#task-${t0!.myActivityTaskId}`);
    const afterSave = await render(saved.location!.replace(/#.*/, ''), mine, cookie);
    expect(afterSave.text).toContain('Book it');
    expect(afterSave.text).toContain('Saved.');
    expect(afterSave.text).not.toContain('Prepare your questions');
    expect(afterSave.html).toContain('value="Priya"');
    expect(afterSave.text).toContain('0 of 3 tasks done');

    // The second task cannot be completed before the first.
    const early = await post(mine, '/app/activities?index', { ...base(t1), intent: 'complete' }, cookie);
    expect(early.status).toBe(409);
    expect(pick(early.data, 'error').message).toBe('Complete the tasks before this one first.');

    expect((await post(mine, '/app/activities?index', { ...base(t0), intent: 'complete', [f(t0, 0)]: 'Priya', [f(t0, 1)]: '2026-12-01', [`${f(t0, 1)}-time`]: '09:15', [f(t0, 2)]: opt(t0, 2, 1) }, cookie)).status).toBe(302);
    const auto = await runRoute(mine.action, multipart('/app/activities?index', { ...base(t1), intent: 'autosave', [f(t1, 0)]: 'What is taking your energy?', [f(t1, 1)]: [opt(t1, 1, 0), opt(t1, 1, 4)] }, cookie));
    expect(auto.data).toEqual({ saved: t1!.myActivityTaskId });
    expect((await post(mine, '/app/activities?index', { ...base(t1), intent: 'complete', [f(t1, 0)]: 'What is taking your energy?', [f(t1, 1)]: [opt(t1, 1, 0), opt(t1, 1, 4)] }, cookie)).status).toBe(302);

    // Edit a completed task: Save keeps it completed.
    const edit = await view(mine, `/app/activities?myActivityId=${myActivityId}&edit=${t0!.myActivityTaskId}`, cookie);
    expect(edit.data.editId).toBe(t0!.myActivityTaskId);
    const editing = await render(`/app/activities?myActivityId=${myActivityId}&edit=${t0!.myActivityTaskId}`, mine, cookie);
    expect(editing.text).toContain('Cancel');
    expect(editing.text).toContain('Prepare your questions');
    expect(editing.text).toContain('Hold it and reflect');
    await post(mine, '/app/activities?index', { ...base(t0), intent: 'save', [f(t0, 0)]: 'Priya S', [f(t0, 1)]: '2026-12-01', [`${f(t0, 1)}-time`]: '09:15', [f(t0, 2)]: opt(t0, 2, 1) }, cookie);

    const last = await post(mine, '/app/activities?index', { ...base(t2), intent: 'complete', [f(t2, 0)]: '<p>They want <b>more</b> ownership<script>x</script></p>', [f(t2, 1)]: opt(t2, 1, 1), [f(t2, 2)]: 'true' }, cookie);
    expect(last.location).toBe(`/app/activities/completed-activities?myActivityId=${myActivityId}&completed=1`);
    expect(await counter(cookie)).toBe(0);

    const done = await view(completed, last.location!, cookie);
    expect(done.data.justCompleted).toBe(true);
    const donePage = await render(last.location!, completed, cookie);
    for (const seen of ['Well done: you completed this activity.', 'Priya S', '01/12/26 9:15 AM', '30 minutes', 'Wellbeing, Blockers', 'About even', 'Yes', 'How useful was this activity?']) expect(donePage.text).toContain(seen);
    expect(donePage.html).toContain('<p>They want <b>more</b> ownership</p>');
    expect(done.data.cards.map((c) => c.myActivityId)).toEqual([myActivityId]);
    const answers = done.data.selected!.myActivityTasks.map((t) => t.myActivityTaskFields.map((x) => x.value ?? x.myActivityTaskFieldOptions.filter((o) => o.isSelected).map((o) => o.label).join('|')));
    expect(answers).toEqual([
      ['Priya S', '2026-12-01T09:15', '30 minutes'],
      ['What is taking your energy?', 'Wellbeing|Blockers'],
      ['<p>They want <b>more</b> ownership</p>', 'About even', 'true'],
    ]);
    // My Activities no longer lists it; opening it there goes to the completed view.
    expect((await view(mine, '/app/activities', cookie)).data.cards).toEqual([]);
    expect((await view(mine, `/app/activities?myActivityId=${myActivityId}`, cookie)).location).toBe(`/app/activities/completed-activities?myActivityId=${myActivityId}`);
    const card = (await view(explore, '/app/explore/activities', cookie)).data.cards.find((c) => c.activityId === 1);
    expect(card).toMatchObject({ inProgress: null, completed: { myActivityId } });

    // Stars and a message: 'Thank you for your feedback!'.
    const fb = await post(completed, '/app/activities/completed-activities', { myActivityId: String(myActivityId), rating: '5', message: 'Useful' }, cookie);
    expect(fb.location).toBe(`/app/activities/completed-activities?myActivityId=${myActivityId}&thanks=1`);
    expect((await view(completed, fb.location!, cookie)).data.thanks).toBe(true);
    expect((await render(fb.location!, completed, cookie)).text).toContain('Thank you for your feedback!');
    expect((await render('/app/explore/activities', explore, cookie)).text).toMatch(/Plan and hold a great one-to-one .*Completed \d\d\/\d\d\/\d\d View/);
    const rows = await getDb().selectFrom('system_feedbacks').select(['feedback_type', 'rating', 'message', 'activity_id']).where('url', '=', `/app/activities/completed-activities?myActivityId=${myActivityId}`).orderBy('feedback_type').execute();
    expect(rows).toEqual([
      { feedback_type: 8, rating: 5, message: null, activity_id: 1 },
      { feedback_type: 9, rating: null, message: 'Useful', activity_id: 1 },
    ]);
    expect((await post(completed, '/app/activities/completed-activities', { myActivityId: String(myActivityId), rating: '9' }, cookie)).status).toBe(400);
  });

  it('uploads a file by content and deletes an activity after confirming', async () => {
    const { cookie } = await learner();
    const added = await post(explore, '/app/explore/activities', { intent: 'add', activityId: '13' }, cookie);
    const myActivityId = Number(new URL(added.location!, ORIGIN).searchParams.get('myActivityId'));
    const { selected } = (await view(mine, added.location!, cookie)).data;
    const [t0, t1] = selected!.myActivityTasks;
    const base = (t: Task | undefined) => ({ myActivityId: String(myActivityId), myActivityTaskId: String(t!.myActivityTaskId) });
    await post(mine, '/app/activities?index', { ...base(t0), intent: 'complete' }, cookie);
    const upload = `field-${t1!.myActivityTaskFields[0]!.myActivityTaskFieldId}`;
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'map.png', { type: 'image/png' });
    const refused = await runRoute(mine.action, multipart('/app/activities?index', { ...base(t1), intent: 'save', [upload]: exe }, cookie));
    expect(refused.status).toBe(400);
    expect(pick(refused.data, 'error').message).toMatch(/^Your stakeholder map: This type of file is not allowed\./);
    const csv = new File(['name,influence\nAlex,high\n'], 'map.csv', { type: 'text/csv' });
    expect((await runRoute(mine.action, multipart('/app/activities?index', { ...base(t1), intent: 'save', [upload]: csv }, cookie))).status).toBe(302);
    const after = (await view(mine, added.location!, cookie)).data.selected!.myActivityTasks[1]!.myActivityTaskFields[0];
    expect(JSON.parse(after!.value!)).toMatchObject({ fileName: 'map.csv', contentType: 'text/csv' });

    expect((await view(mine, `${added.location!}&confirmDelete=1`, cookie)).data.confirmDelete).toBe(true);
    const deleted = await post(mine, '/app/activities?index', { intent: 'delete', myActivityId: String(myActivityId) }, cookie);
    expect(deleted.location).toBe('/app/activities');
    expect((await view(mine, added.location!, cookie)).status).toBe(404);
  });

  it("shows a journey step's activity with its journey's name as a ribbon, and 'N/A' for an unknown journey", async () => {
    const { userId, cookie } = await learner();
    const step = await getDb()
      .selectFrom('journey_steps as s')
      .innerJoin('journeys as j', 'j.id', 's.journey_id')
      .select(['s.id', 'j.name'])
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    // Copies linked to a step, one of them to a step that is gone (a new link is checked: add-my-activity-step.test.ts).
    const linkTo = async (activityId: number, journeyStepId: number) => {
      const my = await addMyActivity(getDb(), userId, { activityId });
      await getDb().updateTable('my_activities').set({ journey_step_id: journeyStepId }).where('id', '=', my.myActivityId).execute();
    };
    await linkTo(1, step.id);
    await linkTo(2, 2_000_000_000);
    await addMyActivity(getDb(), userId, { activityId: 3 });
    const page = await view(mine, '/app/activities', cookie);
    expect(page.data.cards.map((c) => c.journeyRibbon)).toEqual([null, 'N/A', step.name]); // newest first
    const text = (await render('/app/activities', mine, cookie)).text;
    expect(text).toContain(`From the journey ${step.name}`);
    expect(text).toContain('From the journey N/A');
  });

  it("another learner's activity is a 404 on every screen and action; bad ids are 4xx, never 500", async () => {
    const owner = await learner();
    const other = await learner();
    const added = await post(explore, '/app/explore/activities', { intent: 'add', activityId: '4' }, owner.cookie);
    const myActivityId = new URL(added.location!, ORIGIN).searchParams.get('myActivityId')!;
    expect((await view(mine, `/app/activities?myActivityId=${myActivityId}`, other.cookie)).status).toBe(404);
    expect((await view(completed, `/app/activities/completed-activities?myActivityId=${myActivityId}`, other.cookie)).status).toBe(404);
    expect((await post(mine, '/app/activities?index', { intent: 'delete', myActivityId }, other.cookie)).status).toBe(404);
    expect((await view(mine, '/app/activities?myActivityId=abc', other.cookie)).status).toBe(404);
    expect((await view(mine, '/app/activities?myActivityId=99999999999', other.cookie)).status).toBe(404);
    expect((await post(mine, '/app/activities?index', { intent: 'save', myActivityId: 'x', myActivityTaskId: '1' }, other.cookie)).status).toBe(400);
    expect((await post(explore, '/app/explore/activities', { intent: 'add', activityId: '424242' }, other.cookie)).status).toBe(404);
    expect((await view(mine, '/app/activities', owner.cookie)).data.cards).toHaveLength(1);
  });

  it('pages the activities in progress 20 a page, newest first, with plain links that keep the chosen activity', async () => {
    const { userId, cookie } = await learner();
    const ids: number[] = [];
    const add = async (n: number) => {
      for (let i = 0; i < n; i++) ids.push((await addMyActivity(getDb(), userId, { activityId: (ids.length % 16) + 1 })).myActivityId);
    };
    const queries = async (url: string) => {
      await view(mine, url, cookie); // warm, as a running server is
      let n = 0;
      const off = onQuery(() => n++);
      try {
        await view(mine, url, cookie);
      } finally {
        off();
      }
      return n;
    };
    await add(3);
    const withThree = await queries('/app/activities');
    await add(42);
    const newest = [...ids].reverse();
    // The page's cost does not grow with the learner's activities.
    expect(await queries('/app/activities')).toBe(withThree);
    expect(await queries('/app/activities?page=3')).toBe(withThree);

    const first = await view(mine, '/app/activities', cookie);
    expect(first.data.cards.map((c) => c.myActivityId)).toEqual(newest.slice(0, 20));
    expect(first.data.paging).toEqual({ page: 1, hasMore: true, myActivityId: null });
    expect(first.data.selected!.myActivityId).toBe(newest[0]);
    const firstPage = await render('/app/activities', mine, cookie);
    expect(firstPage.html).toContain('aria-label="Activities pages"');
    expect(firstPage.html).toMatch(/<a [^>]*href="\/app\/activities\?page=2"[^>]*>More activities<\/a>/);
    expect(firstPage.text).not.toContain('Newer activities');

    // Page 2: the selected activity is the first card of the page shown.
    const second = await view(mine, '/app/activities?page=2', cookie);
    expect(second.data.cards.map((c) => c.myActivityId)).toEqual(newest.slice(20, 40));
    expect(second.data.selected!.myActivityId).toBe(newest[20]);
    expect((await render('/app/activities?page=2', mine, cookie)).text).toMatch(/Newer activities · More activities/);

    const third = await view(mine, '/app/activities?page=3', cookie);
    expect(third.data.cards.map((c) => c.myActivityId)).toEqual(newest.slice(40));
    expect(third.data.paging).toMatchObject({ page: 3, hasMore: false });
    const thirdPage = await render('/app/activities?page=3', mine, cookie);
    expect(thirdPage.html).toMatch(/<a [^>]*href="\/app\/activities\?page=2"[^>]*>Newer activities<\/a>/);
    expect(thirdPage.text).not.toContain('More activities');
    expect(thirdPage.html).toContain(`href="/app/activities?myActivityId=${newest[40]}&amp;page=3"`); // a card keeps its page

    // An activity chosen on page 1 still opens on page 3; the pager and the panel keep it.
    const chosen = `/app/activities?myActivityId=${newest[0]}&page=3`;
    const kept = await view(mine, chosen, cookie);
    expect(kept.data.selected!.myActivityId).toBe(newest[0]);
    expect(kept.data.cards.map((c) => c.myActivityId)).toEqual(newest.slice(40));
    const keptPage = await render(chosen, mine, cookie);
    expect(keptPage.html).toContain(`href="/app/activities?myActivityId=${newest[0]}&amp;page=2"`);
    expect(keptPage.html).toContain(`href="/app/activities?myActivityId=${newest[0]}&amp;page=3&amp;confirmDelete=1"`);

    // A malformed page is a 404, like a malformed myActivityId; a page past the end goes back to the first.
    for (const bad of ['0', '-1', 'abc', '1.5', '1e3', '10001', '99999999999999999999']) expect((await view(mine, `/app/activities?page=${bad}`, cookie)).status, bad).toBe(404);
    expect((await view(mine, '/app/activities?page=4', cookie)).location).toBe('/app/activities');
    expect((await view(mine, `/app/activities?myActivityId=${newest[0]}&page=9`, cookie)).location).toBe(`/app/activities?myActivityId=${newest[0]}`);
    expect((await view(mine, '/app/activities?page=', cookie)).data.paging.page).toBe(1);
  });

  it('pages the completed activities 20 a page, the newest completion first', async () => {
    const { userId, cookie } = await learner();
    const done: number[] = [];
    for (let i = 0; i < 21; i++) {
      const my = await addMyActivity(getDb(), userId, { activityId: (i % 16) + 1 });
      for (const t of my.myActivityTasks) await completeMyActivityTask(getDb(), userId, { myActivityId: my.myActivityId, myActivityTaskId: t.myActivityTaskId });
      done.push(my.myActivityId);
    }
    const newest = [...done].reverse();
    const path = '/app/activities/completed-activities';
    const first = await view(completed, path, cookie);
    expect(first.data.cards.map((c) => c.myActivityId)).toEqual(newest.slice(0, 20));
    expect(first.data.paging).toEqual({ page: 1, hasMore: true, myActivityId: null });
    expect(first.data.selected).toBeNull();
    expect((await render(path, completed, cookie)).html).toMatch(/<a [^>]*href="\/app\/activities\/completed-activities\?page=2"[^>]*>More activities<\/a>/);

    const second = await view(completed, `${path}?page=2`, cookie);
    expect(second.data.cards.map((c) => c.myActivityId)).toEqual([done[0]]);
    expect(second.data.paging).toMatchObject({ page: 2, hasMore: false });
    const secondPage = await render(`${path}?page=2`, completed, cookie);
    expect(secondPage.html).toMatch(/<a [^>]*href="\/app\/activities\/completed-activities"[^>]*>Newer activities<\/a>/);
    expect(secondPage.text).not.toContain('More activities');

    // The oldest completion (page 2) opens from page 1, and the pager keeps it.
    const chosen = await render(`${path}?myActivityId=${done[0]}`, completed, cookie);
    expect(chosen.text).toContain('How useful was this activity?');
    expect(chosen.html).toContain(`href="${path}?myActivityId=${done[0]}&amp;page=2"`);
    expect((await view(completed, `${path}?page=abc`, cookie)).status).toBe(404);
    expect((await view(completed, `${path}?page=3`, cookie)).location).toBe(path);
  });
});
