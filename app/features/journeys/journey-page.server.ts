import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { appHomePath, policy, type CurrentUser } from '@modules/identity/index.server';
import { getJourneyWithCopies, startUserJourney, firstStepToOpen, resumeReason, readableDate, summaryWithoutStepList, type ActivityCopy, type JourneyView } from '@modules/journeys/index.server';
import { addMyActivity, getActivityNames } from '@modules/activities/index.server';
import { FeedbackType, getUserProgress, recordCompletion, submitSystemFeedback } from '@modules/catalogue/index.server';
import { journeyStepAction } from '@modules/journeys/schemas';
import { getDb } from '@modules/shared/index.server';
import { orNotFoundPage, orRefusal } from '~/utils/domain-error.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { safeRedirectPath } from '../../utils/safe-redirect.server';
import { requireUser } from '../../utils/session.server';

/**
 * The journey pages (/app/journey/{journey} and .../step/{step|end}): loading with access checks
 * (a missing, foreign or locked journey is the 404 page, as the spec says for a failed start), the
 * step to open, and the page's actions (start, add an activity from a step, video watched, reading
 * done, journey stars and message). Routes stay thin and call these.
 */
export const journeyPath = (j: { urlId: string }, step?: { urlId: string } | 'end') =>
  `/app/journey/${j.urlId}${step ? `/step/${step === 'end' ? 'end' : step.urlId}` : ''}`;

/** A journey step's own address: /app/journey/{journey}/step/{step|end}, nothing else. */
const STEP_PATH = /^\/app\/journey\/[\w-]+\/step\/[\w-]+$/;

/**
 * The Explore players (games, surveys) opened from a journey step carry ?returnTo={the step}: the
 * player's Close and Finish lead back there (docs/decisions/174). Only a journey step address that
 * passes safeRedirectPath is accepted; anything else is ignored (the player's own list is used).
 */
export function journeyReturnPath(request: Request): string | null {
  const to = safeRedirectPath(new URL(request.url).searchParams.get('returnTo'), '');
  return STEP_PATH.test(to) ? to : null;
}

/** The player's address with the return path kept (so POST/redirect/GET stays inside the journey). */
export const withReturnPath = (path: string, returnTo: string | null) => (returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path);

async function requireJourneyUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!policy.canSeeJourneys(user)) throw redirect(appHomePath(user));
  return user;
}

// A missing, foreign or locked journey is the 404 page (learner-app s.4), whichever refusal the module gives.
const loadJourneyAndCopies = (user: CurrentUser, param: string | undefined): Promise<{ journey: JourneyView; copies: ActivityCopy[] }> =>
  orNotFoundPage(() => getJourneyWithCopies(getDb(), user, routeId(param)));

const loadJourney = async (user: CurrentUser, param: string | undefined): Promise<JourneyView> => (await loadJourneyAndCopies(user, param)).journey;

/**
 * /app/journey/{journey}: a started journey opens its first step not finished, else 'end' (decision 270);
 * ?resumed=1 lets the step say why it was opened.
 */
export async function journeyIndexLoader(request: Request, context: AppLoadContext, param: string | undefined) {
  const user = await requireJourneyUser(request, context);
  const journey = await loadJourney(user, param);
  if (journey.userJourney) {
    const open = firstStepToOpen(journey.steps);
    if (open === 'end') throw redirect(journeyPath(journey, 'end'));
    const why = resumeReason(journey.steps, journey.steps.indexOf(open));
    throw redirect(`${journeyPath(journey, open)}${why ? '?resumed=1' : ''}`);
  }
  return { journey: { ...journey, htmlSummary: summaryWithoutStepList(journey.htmlSummary) } };
}

/**
 * What a step offers for each of its activities: Continue for a copy under way (this step's, else any),
 * Completed for one finished since the journey started, else Add (decision 269).
 */
export type StepActivityState = { kind: 'add' } | { kind: 'continue'; myActivityId: number } | { kind: 'completed'; myActivityId: number };
export function stepActivityState(activityId: number, stepId: number, copies: ActivityCopy[], startedAt: string): StepActivityState {
  const mine = copies.filter((c) => c.sourceActivityId === activityId);
  const open = mine.find((c) => c.completedAt === null && c.journeyStepId === stepId) ?? mine.find((c) => c.completedAt === null);
  if (open) return { kind: 'continue', myActivityId: open.myActivityId };
  const done = mine.find((c) => c.completedAt !== null && c.completedAt >= startedAt);
  if (done) return { kind: 'completed', myActivityId: done.myActivityId };
  return { kind: 'add' };
}

/** /app/journey/{journey}/step/{step|end}: the journey with the selected step and what the learner has done. */
export async function journeyStepLoader(request: Request, context: AppLoadContext, param: string | undefined, stepParam: string | undefined) {
  const user = await requireJourneyUser(request, context);
  const { journey, copies } = await loadJourneyAndCopies(user, param);
  const userJourney = journey.userJourney;
  if (!userJourney) throw redirect(journeyPath(journey));
  const url = new URL(request.url);
  const key = routeId(stepParam);
  const index = key === 'end' ? journey.steps.length : journey.steps.findIndex((s) => s.urlId === key || String(s.stepId) === key);
  if (index < 0) notFound();
  const step = journey.steps[index] ?? null;
  const [progress, names] = await Promise.all([getUserProgress(getDb(), user.userId), getActivityNames(getDb(), step?.activities ?? [])]);
  return {
    journey: { ...journey, htmlSummary: summaryWithoutStepList(journey.htmlSummary) },
    stepIndex: index,
    step,
    resumed: step && url.searchParams.get('resumed') === '1' ? resumeReason(journey.steps, index) : null,
    // The "journey complete" moment: completing the last activity leads here with ?completed=1.
    justCompleted: !step && !!userJourney.completedAt && url.searchParams.get('completed') === '1',
    completedOn: userJourney.completedAt ? readableDate(userJourney.completedAt) : null,
    activities: (step?.activities ?? []).map((activityId) => ({
      activityId,
      name: names.get(activityId) ?? 'Activity',
      state: stepActivityState(activityId, step!.stepId, copies, userJourney.startedAt),
    })),
    watched: Object.keys(progress.video).map(Number),
    read: Object.keys(progress.content).map(Number),
    // Surveys and games finished in the Explore players (opened from the step, they lead back here).
    played: Object.keys(progress.game).map(Number),
    surveyed: Object.keys(progress.assessment).map(Number),
    learnerName: user.fullName,
  };
}

/** The journey pages' one action: every intent checks the journey (and step) on the server first. */
export async function journeyAction(request: Request, context: AppLoadContext, param: string | undefined) {
  const user = await requireJourneyUser(request, context);
  const form = await request.formData().catch(() => null);
  const body: Record<string, string> = {};
  for (const [k, v] of form ?? []) if (typeof v === 'string') body[k] = v;
  const parsed = journeyStepAction.safeParse(body);
  if (!parsed.success) return data({ formError: parsed.error.issues[0]?.message ?? 'That request was not valid.' }, { status: 400 });
  const input = parsed.data;
  if (input.intent === 'start') {
    // A missing, foreign or locked journey cannot be started: the 404 page (learner-app s.4).
    const started = await orNotFoundPage(() => startUserJourney(getDb(), user, routeId(param)));
    throw redirect(`/app/journey/${started.journeyId}`);
  }
  const journey = await loadJourney(user, param);
  if (!journey.userJourney) return data({ formError: 'Start the journey first.' }, { status: 409 });
  const url = new URL(request.url).pathname;
  return orRefusal(async () => {
    switch (input.intent) {
      case 'addActivity': {
        const step = journey.steps.find((s) => s.stepId === input.journeyStepId);
        if (!step || !step.activities.includes(input.activityId)) return data({ formError: 'That activity is not part of this step.' }, { status: 400 });
        // One copy per activity and step: Add twice (or a stale page) opens the copy there is.
        const my = await addMyActivity(getDb(), user.userId, { activityId: input.activityId, journeyStepId: step.stepId });
        throw redirect(my.completedAt ? `/app/activities/completed-activities?myActivityId=${my.myActivityId}` : `/app/activities?myActivityId=${my.myActivityId}`);
      }
      case 'completeVideo':
      case 'completeContent': {
        const kind = input.intent === 'completeVideo' ? 'video' : 'content';
        const itemId = input.intent === 'completeVideo' ? input.videoId : input.contentId;
        const inJourney = journey.steps.some((s) => s.stepItems.some((i) => (kind === 'video' ? i.video?.videoId : i.content?.contentId) === itemId));
        if (!inJourney) return data({ formError: 'That item is not part of this journey.' }, { status: 400 });
        await recordCompletion(getDb(), user.userId, kind, itemId);
        return { done: kind };
      }
      case 'stars':
        await submitSystemFeedback(getDb(), user.userId, { feedbackType: FeedbackType.JourneyStars, rating: input.rating, url, journeyId: journey.journeyId });
        return { feedback: 'stars' };
      case 'message':
        await submitSystemFeedback(getDb(), user.userId, { feedbackType: FeedbackType.JourneyMessage, message: input.message, url, journeyId: journey.journeyId });
        return { feedback: 'message' };
    }
  }, (e) => ({ formError: e.message }));
}
