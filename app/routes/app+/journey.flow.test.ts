import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { addMyActivity, completeMyActivityTask, getMyActivity } from '@modules/activities/index.server';
import { setTeamSchedule } from '@modules/journeys/index.server';
import { DAY } from '@modules/shared/clock';
import { args, formRequest, getRequest, runRoute, type RouteFn } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as journeyIndex from './journey.$journey._index';
import * as journeyStep from './journey.$journey.step.$step';
import * as teamJourneys from './team.$teamId.journeys';
import * as myActivities from './activities._index';
import * as summary from './journey.$journey.summary[.]pdf';
import { PDFDict, PDFName } from 'pdf-lib';
import { readPdf } from '../../../tests/support/pdf';

/**
 * The journey flow as a learner walks it (issue 25 s.1, decisions 269-270): Start resumes at the first
 * step not finished and says why; a step offers Add or Continue, never both, and one copy per step;
 * the last activity leads to a "journey complete" moment; the end panel, the PDF and the timeline
 * speak of a finished journey in the past tense.
 */
fixtureJourneysBeforeAll();

const J = 'running-effective-one-on-ones';

async function learner() {
  const organisationId = await makeOrganisation();
  const { teamId } = await makeTeam({ organisationId });
  await setTeamSchedule(getDb(), teamId, [{ journeyId: 3, scheduledAt: new Date(Date.now() - 7 * DAY) }], null);
  const u = await makeUser({ organisationId, teams: [{ teamId }], firstName: 'Flo', lastName: 'Flow' });
  return { teamId, userId: u.userId, cookie: (await signIn(u.userId)).cookie };
}

const post = <A extends RouteFn>(route: { action: A }, url: string, fields: Record<string, string>, cookie: string, params: Record<string, string> = {}) =>
  runRoute(route.action, formRequest(url, fields, { cookie }), params);
const stepsOf = async (cookie: string) => (await runRoute(journeyStep.loader, getRequest('/app/journey/3/step/end', { cookie }), { journey: '3', step: 'end' })).data.journey.steps;

describe('the journey flow', () => {
  it("Start opens step 1 when its activity is already under way, says why, and offers Continue instead of Add", async () => {
    const me = await learner();
    await post(journeyIndex, `/app/journey/${J}`, { intent: 'start' }, me.cookie, { journey: J });
    const steps = await stepsOf(me.cookie);
    // Step 1's activity started from Explore (no step): the step is in progress.
    await addMyActivity(getDb(), me.userId, { activityId: steps[0]!.activities[0]! });
    const open = await renderRoute('/app/journey/3', { route: journeyIndex, cookie: me.cookie, params: { journey: '3' } });
    expect(open.location).toBe(`/app/journey/${J}/step/their-meeting?resumed=1`);
    const page = await renderRoute(open.location!, { route: journeyStep, cookie: me.cookie, params: { journey: J, step: 'their-meeting' } });
    expect(page.text).toContain("Picking up where you left off: you have started STEP 1's activity but not finished it yet.");
    expect(page.text).toContain('Continue in My Activities');
    expect(page.text).not.toContain('Add to My Activities');
  });

  it('adding a step activity twice answers the same copy; the database holds one copy per activity and step', async () => {
    const me = await learner();
    await post(journeyIndex, `/app/journey/${J}`, { intent: 'start' }, me.cookie, { journey: J });
    const steps = await stepsOf(me.cookie);
    const fields = { intent: 'addActivity', activityId: String(steps[1]!.activities[0]!), journeyStepId: String(steps[1]!.stepId) };
    const params = { journey: J, step: 'listen-to-understand' };
    const first = await post(journeyStep, `/app/journey/${J}/step/listen-to-understand`, fields, me.cookie, params);
    const second = await post(journeyStep, `/app/journey/${J}/step/listen-to-understand`, fields, me.cookie, params);
    expect(first.status).toBe(302);
    expect(second.location).toBe(first.location);
    const copies = await getDb().selectFrom('my_activities').select('id').where('user_id', '=', me.userId).where('journey_step_id', '=', steps[1]!.stepId).execute();
    expect(copies).toHaveLength(1);
    await expect(
      getDb().insertInto('my_activities').values({ user_id: me.userId, source_activity_id: steps[1]!.activities[0]!, name: 'dup', journey_step_id: steps[1]!.stepId }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    const page = await renderRoute(`/app/journey/${J}/step/listen-to-understand`, { route: journeyStep, cookie: me.cookie, params });
    expect(page.text).toContain('Continue in My Activities');
    expect(page.text).not.toContain('Add to My Activities');
  });

  it('the last activity ends on a "journey complete" moment; the end panel, PDF and timeline speak of a finished journey', async () => {
    const me = await learner();
    await post(journeyIndex, `/app/journey/${J}`, { intent: 'start' }, me.cookie, { journey: J });
    const steps = await stepsOf(me.cookie);
    let last: Awaited<ReturnType<typeof getMyActivity>> | null = null;
    for (const [i, step] of steps.entries()) {
      const my = await addMyActivity(getDb(), me.userId, { activityId: step.activities[0]!, journeyStepId: step.stepId });
      const tasks = my.myActivityTasks;
      for (const t of tasks.slice(0, i === steps.length - 1 ? -1 : undefined)) await completeMyActivityTask(getDb(), me.userId, { myActivityId: my.myActivityId, myActivityTaskId: t.myActivityTaskId });
      if (i === steps.length - 1) last = await getMyActivity(getDb(), me.userId, my.myActivityId);
    }
    // The last task, completed with the form's Complete button (its answers as they stand).
    const t = last!.myActivityTasks.at(-1)!;
    const fields: Record<string, string> = { intent: 'complete', myActivityId: String(last!.myActivityId), myActivityTaskId: String(t.myActivityTaskId) };
    // Each field a valid answer by its type (5 is a date field).
    for (const f of t.myActivityTaskFields)
      fields[`field-${f.myActivityTaskFieldId}`] = f.myActivityTaskFieldOptions[0] ? String(f.myActivityTaskFieldOptions[0].myActivityTaskFieldOptionId) : f.type === 5 ? '2026-12-01' : 'My answer';
    const done = await post(myActivities, '/app/activities?index', fields, me.cookie);
    expect(done.data && 'error' in done.data ? done.data.error : null, JSON.stringify(t.myActivityTaskFields)).toBeNull();
    expect(done.location).toBe('/app/journey/3/step/end?completed=1');
    const end = await renderRoute(done.location!, { route: journeyStep, cookie: me.cookie, params: { journey: '3', step: 'end' } });
    expect(end.text).toContain('Journey complete!');
    expect(end.text).toContain('Congratulations!');
    expect(end.text).toContain('Over 4 steps you worked through:');
    expect(end.text).toContain('Their meeting, not yours');
    expect(end.text).not.toContain('you will');
    expect(end.text).toMatch(/You completed this journey on \d{1,2} [A-Z][a-z]+ 20\d\d\./);
    // The summary PDF: a readable date, the steps by their names, no future tense.
    const pdfResponse = (await summary.loader(args(new Request('http://localhost:3000/app/journey/3/summary.pdf', { headers: { cookie: `${me.cookie}; tz=Australia%2FSydney` } }), { journey: '3' }) as never)) as Response;
    const { pdf, text, structure, marked } = await readPdf(new Uint8Array(await pdfResponse.arrayBuffer()));
    // Decisions 332 and 354: title shown, language, subject and keywords set; tagged, in reading order.
    expect(pdf.getTitle()).toBe('Running effective one-on-ones: summary for Flo Flow');
    expect(pdf.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en-GB)');
    expect(String(pdf.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle')))).toBe('true');
    expect(pdf.getSubject()).toBe('Running effective one-on-ones: journey summary');
    expect(pdf.getKeywords()).toContain('journey summary');
    expect(marked).toBe(true);
    expect(structure.slice(0, 6)).toEqual(['Document', 'Figure', 'P', 'H1', 'P', 'P']);
    expect(structure.filter((t) => t === 'H2')).toHaveLength(3);
    expect(structure.filter((t) => t === 'LI')).toHaveLength(4);
    expect(text).toContain('Over 4 steps you worked through');
    expect(text).toContain('STEP 1: Their meeting, not yours');
    expect(text).not.toContain('you will');
    expect(text.split('\n')[0]).toBe('Leda');
    // The date reads in the viewer's zone, as the screens write it: '28 November 2026 at 11:05 (Australia/Sydney)'.
    const sydney = new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    expect(text).toMatch(new RegExp(`Completed by Flo Flow on ${sydney} at \\d\\d:\\d\\d \\(Australia/Sydney\\)`));
    expect(text).not.toContain(`on ${new Date().toISOString().slice(0, 10)}`);
    // The team timeline: Review, not Continue.
    const timeline = await renderRoute(`/app/team/${me.teamId}/journeys`, { route: teamJourneys, cookie: me.cookie, params: { teamId: String(me.teamId) } });
    expect(timeline.html).toContain('aria-label="Review Running effective one-on-ones"');
    expect(timeline.text).not.toMatch(/Continue/);
  });
});
