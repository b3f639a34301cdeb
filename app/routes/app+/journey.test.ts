import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { completeMyActivityTask, listMyActivities, getMyActivity } from '@modules/activities/index.server';
import { BREAK_JOURNEY_ID, setTeamSchedule } from '@modules/journeys/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { args, formRequest, getRequest, run, runRoute, type RouteFn } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as journeyIndex from './journey.$journey._index';
import * as journeyStep from './journey.$journey.step.$step';
import * as teamJourneys from './team.$teamId.journeys';
import * as appShell from '../app';
import * as badge from './journey.$journey.badge[.]svg';
import * as summary from './journey.$journey.summary[.]pdf';
import * as calendarFeed from '../calendar.$token.journeys[.]ics';
import ICAL from 'ical.js';
import { readPdf } from '../../../tests/support/pdf';

/** The journey pages and the team journeys page: what a learner sees and does, per role and licence. */
fixtureJourneysBeforeAll();

async function member(licenseType: number = LicenseType.Full) {
  const organisationId = await makeOrganisation({ licenseType });
  const { teamId } = await makeTeam({ organisationId });
  await setTeamSchedule(
    getDb(),
    teamId,
    [
      { journeyId: 2, scheduledAt: new Date(Date.now() - 30 * DAY) },
      { journeyId: BREAK_JOURNEY_ID, scheduledAt: new Date(Date.now() - 20 * DAY), breakLabel: 'Summer break' },
      { journeyId: 3, scheduledAt: new Date(Date.now() - 7 * DAY) },
      { journeyId: 4, scheduledAt: new Date(Date.now() + 14 * DAY), unlockedAt: new Date(Date.now() + 14 * DAY) },
      { journeyId: 6 },
    ],
    null,
  );
  const u = await makeUser({ organisationId, teams: [{ teamId }], firstName: 'Jo', lastName: 'Journeyer' });
  return { teamId, userId: u.userId, cookie: (await signIn(u.userId)).cookie };
}

const post = <A extends RouteFn>(route: { action: A }, url: string, fields: Record<string, string>, cookie: string, params: Record<string, string>) =>
  runRoute(route.action, formRequest(url, fields, { cookie }), params);

describe('/app/journey/{journey}', () => {
  it('shows a journey not yet started with its steps and Start; Start opens the first step', async () => {
    const me = await member();
    const page = await renderRoute('/app/journey/running-effective-one-on-ones', { route: journeyIndex, cookie: me.cookie, params: { journey: 'running-effective-one-on-ones' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Running effective one-on-ones');
    expect(page.text).toContain('STEP 1 Their meeting, not yours Ready to start');
    expect(page.html).toContain('>Start</button>');
    const started = await post(journeyIndex, '/app/journey/running-effective-one-on-ones', { intent: 'start' }, me.cookie, { journey: 'running-effective-one-on-ones' });
    expect(started).toMatchObject({ status: 302, location: '/app/journey/3' });
    const open = await renderRoute('/app/journey/3', { route: journeyIndex, cookie: me.cookie, params: { journey: '3' } });
    expect(open.location).toBe('/app/journey/running-effective-one-on-ones/step/their-meeting');
  });

  it('a step shows its items, activities, statuses and Back/Next STEP n; an activity added from the step completes it', async () => {
    const me = await member();
    await post(journeyIndex, '/app/journey/3', { intent: 'start' }, me.cookie, { journey: '3' });
    const params = { journey: 'running-effective-one-on-ones', step: 'listen-to-understand' };
    const page = await renderRoute('/app/journey/running-effective-one-on-ones/step/listen-to-understand', { route: journeyStep, cookie: me.cookie, params });
    expect(page.text).toContain('STEP 2: Listen to understand');
    expect(page.text).toContain('Back: STEP 1');
    expect(page.text).toContain('Next: STEP 3');
    expect(page.html).toContain('<video');
    expect(page.text).toContain('The active listening challenge');
    expect(page.text).toContain('Add to My Activities');

    const added = await post(journeyStep, '/app/journey/x/step/y', { intent: 'addActivity', activityId: '5', journeyStepId: String(0) }, me.cookie, params);
    expect(added.status).toBe(400);
    const content = await renderRoute('/app/journey/3/step/end', { route: journeyStep, cookie: me.cookie, params: { journey: '3', step: 'end' } });
    expect(content.text).toContain('Journey in progress');
    expect(content.text).not.toContain('Congratulations!');

    // Work through every step through its activity; the video and the reading are recorded too.
    const steps = (await runRoute(journeyStep.loader, getRequest('/app/journey/3/step/end', { cookie: me.cookie }), { journey: '3', step: 'end' })).data.journey.steps;
    const watched = await post(journeyStep, '/app/journey/3/step/listen-to-understand', { intent: 'completeVideo', videoId: String(steps[1]!.stepItems[0]!.video!.videoId) }, me.cookie, params);
    expect(watched.data).toEqual({ done: 'video' });
    expect((await post(journeyStep, '/app/journey/3/step/x', { intent: 'completeVideo', videoId: '999999' }, me.cookie, params)).status).toBe(400);
    const read = await post(journeyStep, '/app/journey/3/step/their-meeting', { intent: 'completeContent', contentId: String(steps[0]!.stepItems[0]!.content!.contentId) }, me.cookie, params);
    expect(read.data).toEqual({ done: 'content' });
    for (const step of steps) {
      const add = await post(journeyStep, '/app/journey/3/step/x', { intent: 'addActivity', activityId: String(step.activities[0]), journeyStepId: String(step.stepId) }, me.cookie, params);
      expect(add.status).toBe(302);
      const myActivityId = Number(new URL(add.location!, 'http://x').searchParams.get('myActivityId'));
      const my = await getMyActivity(getDb(), me.userId, myActivityId);
      expect(my.journeyStepId).toBe(step.stepId);
      for (const t of my.myActivityTasks) await completeMyActivityTask(getDb(), me.userId, { myActivityId, myActivityTaskId: t.myActivityTaskId });
    }
    expect((await listMyActivities(getDb(), me.userId, { completed: true })).length).toBe(4);
    const end = await renderRoute('/app/journey/3', { route: journeyIndex, cookie: me.cookie, params: { journey: '3' } });
    expect(end.location).toBe('/app/journey/running-effective-one-on-ones/step/end');
    const done = await renderRoute('/app/journey/3/step/end', { route: journeyStep, cookie: me.cookie, params: { journey: '3', step: 'end' } });
    expect(done.text).toContain('Congratulations!');
    expect(done.text).toContain('Download your summary (PDF)');
    expect(done.text).toContain('STEP 4 Keep it going Finished');
    // The badge and the summary PDF: a real PDF holding the learner's name.
    const get = (route: { loader: RouteFn }, url: string, cookie: string) => run<unknown>(() => route.loader(args(getRequest(url, { cookie }), { journey: '3' }) as never));
    const svg = await run(async () => (badge.loader(args(new Request('http://localhost:3000/app/journey/3/badge.svg', { headers: { cookie: me.cookie } }), { journey: '3' }) as never) as Promise<Response>));
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(String(svg.data)).toContain('Running effective one-on-ones badge');
    const pdfResponse = (await summary.loader(args(new Request('http://localhost:3000/app/journey/3/summary.pdf', { headers: { cookie: me.cookie } }), { journey: '3' }) as never)) as Response;
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdfResponse.arrayBuffer());
    const { pdf, text } = await readPdf(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe('Running effective one-on-ones: summary for Jo Journeyer');
    expect(text).toContain('Completed by Jo Journeyer');
    const outsider = await makeUser();
    expect((await get(summary, '/app/journey/3/summary.pdf', (await signIn(outsider.userId)).cookie)).status).toBe(404);
    const other = await member();
    await post(journeyIndex, '/app/journey/3', { intent: 'start' }, other.cookie, { journey: '3' });
    expect(await get(summary, '/app/journey/3/summary.pdf', other.cookie)).toMatchObject({ status: 403, data: 'Finish the journey to download its summary.' });
    const stars = await post(journeyStep, '/app/journey/3/step/end', { intent: 'stars', rating: '5' }, me.cookie, { journey: '3', step: 'end' });
    expect(stars.data).toEqual({ feedback: 'stars' });
    expect((await post(journeyStep, '/app/journey/3/step/end', { intent: 'stars', rating: '9' }, me.cookie, { journey: '3', step: 'end' })).data).toEqual({ formError: 'Choose 1 to 5 stars' });
    const row = await getDb().selectFrom('system_feedbacks').selectAll().where('user_id', '=', me.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ feedback_type: 10, rating: 5, journey_id: 3 });
  });

  it('a locked, foreign or unknown journey is the 404 page; a student licence goes home', async () => {
    const me = await member();
    for (const j of ['4', '5', '1000', 'no-such-journey', '../x']) {
      const page = await run(() => journeyIndex.loader(args(new Request(`http://localhost:3000/app/journey/${j}`, { headers: { cookie: me.cookie } }), { journey: j }) as never));
      expect(page.status).toBe(404);
    }
    expect((await post(journeyIndex, '/app/journey/4', { intent: 'start' }, me.cookie, { journey: '4' })).status).toBe(404);
    expect((await renderRoute('/app/journey/3/step/nope', { route: journeyStep, cookie: me.cookie, params: { journey: '3', step: 'their-meeting' } })).location).toBe('/app/journey/running-effective-one-on-ones');
    const student = await member(LicenseType.Student);
    const page = await renderRoute('/app/journey/1', { route: journeyIndex, cookie: student.cookie, params: { journey: '1' } });
    expect(page.status).toBe(302);
    expect(page.location).not.toContain('/app/journey');
  });
});

describe('/app/team/{teamId}/journeys', () => {
  it('shows the timeline by date with the break, the current journey, Start, a hidden button when locked, and the filters', async () => {
    const me = await member();
    const url = `/app/team/${me.teamId}/journeys`;
    const page = await renderRoute(url, { route: teamJourneys, cookie: me.cookie, params: { teamId: String(me.teamId) } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('All Journeys In Progress Journeys Completed Journeys');
    expect(page.text.indexOf('Giving feedback that lands')).toBeLessThan(page.text.indexOf('Summer break'));
    expect(page.text.indexOf('Summer break')).toBeLessThan(page.text.indexOf('Running effective one-on-ones'));
    expect(page.text).toMatch(/Running effective one-on-ones Current/);
    expect(page.html).toContain('aria-label="Start Running effective one-on-ones"');
    expect(page.html).not.toContain('aria-label="Start Delegating well"');
    expect(page.text).toMatch(/Delegating well Upcoming .* Locked until/);
    expect(page.text).toContain('More journeys');
    await post(journeyIndex, '/app/journey/3', { intent: 'start' }, me.cookie, { journey: '3' });
    const inProgress = await renderRoute(`${url}?filter=inprogress`, { route: teamJourneys, cookie: me.cookie, params: { teamId: String(me.teamId) } });
    expect(inProgress.text).toContain('Running effective one-on-ones');
    expect(inProgress.html).toContain('aria-label="Continue Running effective one-on-ones"');
    expect(inProgress.text).not.toContain('Giving feedback that lands');
    const completed = await renderRoute(`${url}?filter=completed`, { route: teamJourneys, cookie: me.cookie, params: { teamId: String(me.teamId) } });
    expect(completed.text).toContain('No journeys to show.');
  });

  it('a filter hides entries but never relabels them: a completed past journey stays "Past" under Completed Journeys', async () => {
    const me = await member();
    const params = { teamId: String(me.teamId) };
    await post(journeyIndex, '/app/journey/2', { intent: 'start' }, me.cookie, { journey: '2' });
    await getDb().updateTable('user_journeys').set({ completed_at: new Date() }).where('user_id', '=', me.userId).where('journey_id', '=', 2).execute();
    const completed = await renderRoute(`/app/team/${me.teamId}/journeys?filter=completed`, { route: teamJourneys, cookie: me.cookie, params });
    expect(completed.text).toMatch(/Giving feedback that lands Past/);
    expect(completed.text).not.toContain('Current');
    expect(completed.html).not.toContain('is-current');
    expect(completed.text).not.toContain('Running effective one-on-ones');
  });

  it('redirects home for a team without journeys, another team, and a student licence', async () => {
    const me = await member();
    const bare = await makeTeam({ organisationId: (await getDb().selectFrom('teams').select('organisation_id').where('id', '=', me.teamId).executeTakeFirstOrThrow()).organisation_id });
    await getDb().insertInto('team_users').values({ team_id: bare.teamId, user_id: me.userId }).execute();
    const noJourneys = await renderRoute(`/app/team/${bare.teamId}/journeys`, { route: teamJourneys, cookie: me.cookie, params: { teamId: String(bare.teamId) } });
    // Spec: "redirects home if the team is missing or has no journeys": the app home (decision 255).
    expect(noJourneys.location).toBe('/app/home');
    const other = await member();
    const foreign = await renderRoute(`/app/team/${other.teamId}/journeys`, { route: teamJourneys, cookie: me.cookie, params: { teamId: String(other.teamId) } });
    expect(foreign.status).toBe(302);
    expect(foreign.location).toBe('/app/home');
    const unknown = await renderRoute('/app/team/999999/journeys', { route: teamJourneys, cookie: me.cookie, params: { teamId: '999999' } });
    expect(unknown.location).toBe('/app/home');
    const student = await member(LicenseType.Student);
    const hidden = await renderRoute(`/app/team/${student.teamId}/journeys`, { route: teamJourneys, cookie: student.cookie, params: { teamId: String(student.teamId) } });
    expect(hidden.location).toBe('/app/explore/story');
  });
});

describe('the private journey calendar feed', () => {
  it('gives a private link whose feed a real calendar parser reads (one event per scheduled journey, unlock date in the description); revoking ends it', async () => {
    const me = await member();
    const params = { teamId: String(me.teamId) };
    const made = await post(teamJourneys, `/app/team/${me.teamId}/journeys`, { intent: 'createCalendar' }, me.cookie, params);
    expect(made.data.calendarUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\/journeys\.ics$/);
    const token = made.data.calendarUrl!.split('/')[4]!;
    const page = await renderRoute(`/app/team/${me.teamId}/journeys`, { route: teamJourneys, cookie: me.cookie, params, actionData: made.data });
    expect(page.text).toContain('Your new calendar link (shown once; earlier links stop working)');
    expect(page.html).toContain(made.data.calendarUrl!);

    const feed = await run<string>(() => calendarFeed.loader(args(new Request(`http://localhost:3000/calendar/${token}/journeys.ics`), { token }) as never));
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const cal = new ICAL.Component(ICAL.parse(feed.data));
    const events = cal.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    // Journeys 2, 3 and 4 are scheduled (the break and the unscheduled journey 6 are not events).
    expect(events.map((e) => e.summary.replace(/ \(.*\)$/, ''))).toEqual(['Giving feedback that lands', 'Running effective one-on-ones', 'Delegating well']);
    expect(events[2]!.description).toContain(`Unlocks on ${new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10)}.`);
    expect(events[2]!.startDate.isDate).toBe(true);
    expect(feed.data.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const again = await post(teamJourneys, `/app/team/${me.teamId}/journeys`, { intent: 'createCalendar' }, me.cookie, params);
    expect((await run(() => calendarFeed.loader(args(new Request('http://localhost:3000/x'), { token }) as never))).status).toBe(404);
    const newToken = again.data.calendarUrl!.split('/')[4]!;
    await post(teamJourneys, `/app/team/${me.teamId}/journeys`, { intent: 'revokeCalendar' }, me.cookie, params);
    expect((await run(() => calendarFeed.loader(args(new Request('http://localhost:3000/x'), { token: newToken }) as never))).status).toBe(404);
    expect((await run(() => calendarFeed.loader(args(new Request('http://localhost:3000/x'), { token: 'short' }) as never))).status).toBe(404);
    expect((await post(teamJourneys, `/app/team/${me.teamId}/journeys`, { intent: 'other' }, me.cookie, params)).status).toBe(400);
  });
});

describe('side navigation', () => {
  it("shows a team's Journeys entry only when the team has journeys, never for a student licence", async () => {
    const me = await member();
    const { teamId: bare } = await makeTeam({ organisationId: (await getDb().selectFrom('teams').select('organisation_id').where('id', '=', me.teamId).executeTakeFirstOrThrow()).organisation_id });
    await getDb().insertInto('team_users').values({ team_id: bare, user_id: me.userId }).execute();
    const shell = await runRoute(appShell.loader, getRequest('/app', { cookie: me.cookie }));
    const byId = new Map(shell.data.nav.teams.map((t) => [t.teamId, t.journeys]));
    expect(byId.get(me.teamId)).toBe(true);
    expect(byId.get(bare)).toBe(false);
    const student = await member(LicenseType.Student);
    const hidden = await runRoute(appShell.loader, getRequest('/app', { cookie: student.cookie }));
    expect(hidden.data.nav.teams.map((t) => t.journeys)).toEqual([false]);
  });
});
