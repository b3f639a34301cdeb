import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { setTeamSchedule } from '@modules/journeys/index.server';
import { DAY } from '@modules/shared/clock';
import { args, formRequest, getRequest, run, runRoute, type RouteFn } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as journeyIndex from './journey.$journey._index';
import * as journeyStep from './journey.$journey.step.$step';
import * as gamePlayer from './explore+/games.$game';
import * as surveyPlayer from './explore+/assessments.$assessment';

/**
 * A journey step's survey and game open the Explore players with ?returnTo={the step} (decision 174):
 * the player's Close and Finish ('Back to the journey step') lead back, every click keeps the return
 * path (POST/redirect/GET, so it works without JavaScript), and the step then shows the item completed.
 */
fixtureJourneysBeforeAll();

const J = 'giving-feedback-that-lands';
const GAME_STEP = `/app/journey/${J}/step/in-the-moment`;
const SURVEY_STEP = `/app/journey/${J}/step/both-directions`;
const back = (step: string) => `?returnTo=${encodeURIComponent(step)}`;

/** A learner whose team has journey 2 (a game step and a survey step), started. */
async function startedLearner() {
  const organisationId = await makeOrganisation();
  const { teamId } = await makeTeam({ organisationId });
  await setTeamSchedule(getDb(), teamId, [{ journeyId: 2, scheduledAt: new Date(Date.now() - 7 * DAY) }], null);
  const u = await makeUser({ organisationId, teams: [{ teamId }] });
  const { cookie } = await signIn(u.userId);
  await run(() => journeyIndex.action(args(formRequest(`/app/journey/${J}`, { intent: 'start' }, { cookie }), { journey: J }) as never));
  return { userId: u.userId, cookie };
}

const player = <L extends RouteFn, A extends RouteFn>(route: { loader: L; action: A }, list: string, param: string) => ({
  view: (cookie: string, id: string, query = '') => runRoute(route.loader, getRequest(`${list}/${id}${query}`, { cookie }), { [param]: id }),
  click: (cookie: string, id: string, query: string, fields: Record<string, string>) => runRoute(route.action, formRequest(`${list}/${id}${query}`, fields, { cookie }), { [param]: id }),
});
const survey = player(surveyPlayer, '/app/explore/assessments', 'assessment');
const game = player(gamePlayer, '/app/explore/games', 'game');

const stepPage = (cookie: string, step: string) =>
  renderRoute(`/app/journey/${J}/step/${step}`, { route: journeyStep, cookie, params: { journey: J, step } });

describe('a survey in a journey step', () => {
  it('opens the Explore survey player with the step as its return path, keeps it on every click, and comes back to the step completed', async () => {
    const me = await startedLearner();
    const before = await stepPage(me.cookie, 'both-directions');
    expect(before.html).toContain(`href="/app/explore/assessments/team-communication-survey${back(SURVEY_STEP).replaceAll('&', '&amp;')}"`);
    expect(before.text).toContain('Take the survey: Team Communication Survey');
    expect(before.text).not.toContain('Completed');

    const a = 'team-communication-survey';
    const q = back(SURVEY_STEP);
    const start = await survey.view(me.cookie, a, q);
    expect(start.data.returnTo).toBe(SURVEY_STEP);
    // Without JavaScript every click is a form post answered by a redirect: the return path stays.
    expect(await survey.click(me.cookie, a, q, { intent: 'start' })).toMatchObject({ status: 302, location: `/app/explore/assessments/${a}${q}` });
    let current = await survey.view(me.cookie, a, q);
    while (current.data.status === 'question') {
      const question = current.data.question!;
      const res = await survey.click(me.cookie, a, q, { intent: 'answer', questionId: String(question.questionId), optionId: String(question.options[0]!.optionId) });
      expect(res.location).toBe(`/app/explore/assessments/${a}${q}`);
      current = await survey.view(me.cookie, a, q);
    }
    expect(current.data.status).toBe('results');

    const results = await renderRoute(`/app/explore/assessments/${a}${q}`, { route: surveyPlayer, cookie: me.cookie, params: { assessment: a } });
    expect(results.text).toContain('Back to the journey step');
    expect(results.text).not.toContain('Finish');
    expect(results.html).toContain(`href="${SURVEY_STEP}"`);
    expect(results.html).not.toContain('href="/app/explore/assessments"');

    const after = await stepPage(me.cookie, 'both-directions');
    expect(after.text).toContain('See your results: Team Communication Survey Completed');
  });

  it('ignores a return path that is not a journey step on this site: the player keeps its own list', async () => {
    const me = await startedLearner();
    const a = 'team-communication-survey';
    for (const returnTo of ['//evil.example/app/journey/x/step/y', 'https://evil.example/', '/app/team', '/\\evil.example', '/app/journey/x/step/y/../../../../team', 'javascript:alert(1)']) {
      const q = `?returnTo=${encodeURIComponent(returnTo)}`;
      expect((await survey.view(me.cookie, a, q)).data.returnTo).toBeNull();
      expect((await survey.click(me.cookie, a, q, { intent: 'restart' })).location).toBe(`/app/explore/assessments/${a}`);
    }
    const plain = await renderRoute(`/app/explore/assessments/${a}`, { route: surveyPlayer, cookie: me.cookie, params: { assessment: a } });
    expect(plain.html).toContain('href="/app/explore/assessments"');
  });
});

describe('a game in a journey step', () => {
  it('opens the Explore game player with the step as its return path and comes back to the step completed', async () => {
    const me = await startedLearner();
    const g = 'the-heated-meeting';
    const q = back(GAME_STEP);
    const before = await stepPage(me.cookie, 'in-the-moment');
    expect(before.html).toContain(`href="/app/explore/games/${g}${q}"`);

    const open = await renderRoute(`/app/explore/games/${g}${q}`, { route: gamePlayer, cookie: me.cookie, params: { game: g } });
    expect(open.html).toContain(`href="${GAME_STEP}"`); // Close leads back to the step

    expect((await game.click(me.cookie, g, q, { intent: 'start' })).location).toBe(`/app/explore/games/${g}${q}`);
    // Each stage's choices in turn: a bad one leads to 'Try again' and back, the next one moves on.
    const tried = new Map<number, Set<number>>();
    let current = await game.view(me.cookie, g, q);
    for (let n = 0; current.data.status === 'playing' && n < 300; n++) {
      const stage = current.data.stage!;
      const seen = tried.get(stage.stageId) ?? new Set<number>();
      const choice = stage.choices.find((c) => !seen.has(c.choiceId)) ?? stage.choices[0];
      if (choice) tried.set(stage.stageId, seen.add(choice.choiceId));
      const fields: Record<string, string> =
        stage.button === 'choose'
          ? { intent: 'choose', stageId: String(stage.stageId), choiceId: String(choice!.choiceId) }
          : { intent: 'continue', stageId: String(stage.stageId) };
      expect((await game.click(me.cookie, g, q, fields)).location).toBe(`/app/explore/games/${g}${q}`);
      current = await game.view(me.cookie, g, q);
    }
    expect(current.data.status).toBe('results');
    const results = await renderRoute(`/app/explore/games/${g}${q}`, { route: gamePlayer, cookie: me.cookie, params: { game: g } });
    expect(results.text).toContain('Back to the journey step');

    const after = await stepPage(me.cookie, 'in-the-moment');
    expect(after.text).toMatch(/See your results: .+ Completed/);
  });
});
