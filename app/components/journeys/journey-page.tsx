import type { LinksFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '~/components/explore/breadcrumbs';
import { Html } from '~/components/explore/html';
import { VideoPlayer } from '~/components/explore/video-player';
import { exploreLinks } from '~/components/explore/explore-page';
import journeyStyles from '~/styles/journeys.css';
import { ProgressBar } from '~/components/ui/progress';
import { StarRating } from '~/components/ui/star-rating';
import { Stepper, type StepState } from '~/components/ui/stepper';
import { Toast } from '~/components/ui/toast';

/** Shapes the journey pages render (serialised from modules/journeys' JourneyView). */
export interface StepItemView {
  stepItemId: number;
  name: string;
  actionName: string;
  htmlContent: string;
  assessment: { assessmentId: number; urlId: string; name: string } | null;
  content: { contentId: number; urlId: string; name: string; htmlContent: string } | null;
  game: { gameId: number; urlId: string; name: string } | null;
  video: { videoId: number; urlId: string; name: string; videoUrl: string } | null;
}
export interface StepView {
  stepId: number;
  urlId: string;
  ordinal: number;
  name: string;
  overview: string;
  statusLabel: string;
  status: string;
  stepItems: StepItemView[];
}
export interface JourneyPageView {
  journeyId: number;
  urlId: string;
  name: string;
  overview: string;
  htmlSummary: string;
  steps: StepView[];
  userJourney: { completedAt: string | null } | null;
}

/** The journey pages' styles: the players' (explore.css) and their own. */
export const journeyLinks: LinksFunction = () => [...exploreLinks(), { rel: 'stylesheet', href: journeyStyles }];

const stepHref = (j: JourneyPageView, s: StepView | 'end') => `/app/journey/${j.urlId}/step/${s === 'end' ? 'end' : s.urlId}`;

/** The overview: a plain section on wide screens, an accordion (details) on narrow ones. */
function Overview({ journey }: { journey: JourneyPageView }) {
  return (
    <details className="journey-overview" open>
      <summary>About this journey</summary>
      <p>{journey.overview}</p>
    </details>
  );
}

const STEP_STATE: Record<string, StepState> = { completed: 'done', inprogress: 'inprogress' };

/** The step navigation: a stepper with each step's status ('Ready to start', 'In progress', 'Finished'). */
export function StepNav({ journey, current }: { journey: JourneyPageView; current: number | null }) {
  const done = !!journey.userJourney?.completedAt;
  return (
    <Stepper
      label="Journey steps"
      current={current}
      items={[
        ...journey.steps.map((s, i) => ({ key: s.stepId, href: stepHref(journey, s), kicker: `STEP ${i + 1}`, title: s.name, state: STEP_STATE[s.status] ?? 'todo', statusLabel: s.statusLabel })),
        { key: 'end', href: stepHref(journey, 'end'), title: 'Journey end', state: done ? 'done' : 'todo', final: true },
      ]}
    />
  );
}

/** How far the learner is: 'n of m steps finished', a bar under the journey's title. */
export function JourneyProgress({ journey }: { journey: JourneyPageView }) {
  const finished = journey.steps.filter((s) => s.status === 'completed').length;
  const total = journey.steps.length;
  if (!total) return null;
  return (
    <div className="journey-progress">
      <ProgressBar value={finished} max={total} label="Your progress" valueText={`${finished} of ${total} steps finished`} tone={finished === total ? 'success' : 'brand'} />
    </div>
  );
}

/** Back and Next, labelled 'STEP n' (top and bottom of the step). */
export function BackNext({ journey, index, where }: { journey: JourneyPageView; index: number; where: 'top' | 'bottom' }) {
  const prev = index > 0 ? journey.steps[index - 1] : undefined;
  const next = index < journey.steps.length ? (journey.steps[index + 1] ?? 'end') : undefined;
  return (
    <nav aria-label={`Step navigation (${where})`} className="journey-back-next">
      {prev ? (
        <Link to={stepHref(journey, prev)} className="button secondary">
          Back: STEP {index}
        </Link>
      ) : null}
      {next ? (
        <Link to={stepHref(journey, next)} className="button primary">
          {next === 'end' ? 'Next: Journey end' : `Next: STEP ${index + 2}`}
        </Link>
      ) : null}
    </nav>
  );
}

/** Where a step's survey or game opens: the Explore player, told to come back to this step. */
export const playerHref = (kind: 'assessments' | 'games', urlId: string, returnTo: string) =>
  `/app/explore/${kind}/${urlId}?returnTo=${encodeURIComponent(returnTo)}`;

interface ItemState {
  watched: boolean;
  read: boolean;
  /** The item's survey or game reached its results. */
  finished: boolean;
}

function PlayerLink({ to, label, finished }: { to: string; label: string; finished: boolean }) {
  return (
    <p className="journey-player actions">
      <Link className="button primary" to={to}>
        {label}
      </Link>{' '}
      {finished ? <span className="badge done">Completed</span> : null}
    </p>
  );
}

function ItemBody({ journey, step, item, state, nextTo }: { journey: JourneyPageView; step: StepView; item: StepItemView; state: ItemState; nextTo: string }) {
  if (item.video) {
    return <VideoPlayer key={item.video.videoId} video={item.video} watched={state.watched} next={{ to: nextTo, name: 'the next step' }} finishedTo={stepHref(journey, 'end')} />;
  }
  if (item.content) {
    return (
      <div className="journey-reading">
        <Html html={item.content.htmlContent} />
        {state.read ? (
          <span className="badge done">Read</span>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="completeContent" />
            <input type="hidden" name="contentId" value={item.content.contentId} />
            <button type="submit" className="button small">
              Mark as read
            </button>
          </Form>
        )}
      </div>
    );
  }
  // Surveys and games play in the Explore players, which lead back to this step (decision 174).
  const here = stepHref(journey, step);
  if (item.assessment) {
    return (
      <PlayerLink
        to={playerHref('assessments', item.assessment.urlId, here)}
        label={`${state.finished ? 'See your results' : item.actionName || 'Take the survey'}: ${item.assessment.name}`}
        finished={state.finished}
      />
    );
  }
  if (item.game) {
    return (
      <PlayerLink to={playerHref('games', item.game.urlId, here)} label={`${state.finished ? 'See your results' : item.actionName || 'Play'}: ${item.game.name}`} finished={state.finished} />
    );
  }
  return null;
}

export function StepContent({
  journey,
  step,
  index,
  activities,
  watched,
  read,
  played,
  surveyed,
}: {
  journey: JourneyPageView;
  step: StepView;
  index: number;
  activities: StepActivityView[];
  watched: number[];
  read: number[];
  played: number[];
  surveyed: number[];
}) {
  const nextTo = stepHref(journey, journey.steps[index + 1] ?? 'end');
  return (
    <section aria-labelledby="step-heading" className="journey-step">
      <header className="journey-step-head">
        <h2 id="step-heading">
          STEP {index + 1}: {step.name}
        </h2>
        <p>
          <span className={`badge step-status${step.status === 'completed' ? ' tone-success' : step.status === 'inprogress' ? ' tone-brand' : ''}`}>{step.statusLabel}</span>
        </p>
      </header>
      <p className="journey-step-overview">{step.overview}</p>
      {step.stepItems.map((item) => (
        <article key={item.stepItemId} className="journey-item">
          <h3>{item.name}</h3>
          <Html html={item.htmlContent} />
          <ItemBody
            journey={journey}
            step={step}
            item={item}
            state={{
              watched: !!item.video && watched.includes(item.video.videoId),
              read: !!item.content && read.includes(item.content.contentId),
              finished: (!!item.game && played.includes(item.game.gameId)) || (!!item.assessment && surveyed.includes(item.assessment.assessmentId)),
            }}
            nextTo={nextTo}
          />
        </article>
      ))}
      {activities.length ? (
        <section aria-labelledby="step-activities" className="journey-activities">
          <h3 id="step-activities">Activities</h3>
          <p>Complete one of these activities to finish this step.</p>
          <ul>
            {activities.map((a) => (
              <li key={a.activityId}>
                <StepActivity activity={a} stepId={step.stepId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export type StepActivityView = {
  activityId: number;
  name: string;
  state: { kind: 'add' } | { kind: 'continue'; myActivityId: number } | { kind: 'completed'; myActivityId: number };
};

/** One activity of a step: Add (one copy per step), Continue in My Activities, or Completed (decision 269). */
function StepActivity({ activity: a, stepId }: { activity: StepActivityView; stepId: number }) {
  if (a.state.kind === 'continue') {
    return (
      <p>
        <span>{a.name}</span> <span className="step-status">In progress</span>{' '}
        <Link to={`/app/activities?myActivityId=${a.state.myActivityId}`} className="button small" aria-label={`Continue ${a.name} in My Activities`}>
          Continue in My Activities
        </Link>
      </p>
    );
  }
  if (a.state.kind === 'completed') {
    return (
      <p>
        <span>{a.name}</span> <span className="badge done">Completed</span>{' '}
        <Link to={`/app/activities/completed-activities?myActivityId=${a.state.myActivityId}`} aria-label={`See your answers to ${a.name}`}>
          See your answers
        </Link>
      </p>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="addActivity" />
      <input type="hidden" name="activityId" value={a.activityId} />
      <input type="hidden" name="journeyStepId" value={stepId} />
      <span>{a.name}</span>{' '}
      <button type="submit" className="button small">
        Add to My Activities
      </button>
    </Form>
  );
}

/** Why the journey opened on this step (learners asked why Start did not begin at step 1). */
export function ResumeNote({ reason, index }: { reason: 'inprogress' | 'next' | null; index: number }) {
  if (!reason) return null;
  return (
    <p role="status" className="journey-resume">
      {reason === 'inprogress'
        ? `Picking up where you left off: you have started STEP ${index + 1}'s activity but not finished it yet.`
        : `Picking up where you left off: STEP ${index + 1} is the first step you have not finished.`}
    </p>
  );
}

function Stars() {
  const nav = useNavigation();
  return (
    <Form method="post" className="journey-stars">
      <StarRating legend="How would you rate this journey?" required />
      <input type="hidden" name="intent" value="stars" />
      <button type="submit" className="button small" disabled={nav.state === 'submitting'}>
        Send rating
      </button>
    </Form>
  );
}

function Message() {
  return (
    <Form method="post" className="journey-message field">
      <label htmlFor="journey-message">Tell us what you thought of this journey</label>
      <textarea id="journey-message" name="message" maxLength={2000} required rows={3} />
      <input type="hidden" name="intent" value="message" />
      <button type="submit" className="button small">
        Send message
      </button>
    </Form>
  );
}

/**
 * The Journey End panel: 'Congratulations!' with the badge, the steps taken (past tense) and the
 * summary, or 'Journey in progress' with the steps ahead; right after the last activity, a
 * "journey complete" moment (decision 270).
 */
export function JourneyEnd({ journey, justCompleted, completedOn }: { journey: JourneyPageView; justCompleted?: boolean; completedOn?: string | null }) {
  const done = !!journey.userJourney?.completedAt;
  const n = journey.steps.length;
  return (
    <section aria-labelledby="end-heading" className={`journey-end${done ? ' is-done' : ''}`}>
      {justCompleted ? (
        <p role="status" className="journey-complete">
          <strong>Journey complete!</strong> You finished the last activity of {journey.name}. Your badge and your summary are ready.
        </p>
      ) : null}
      <div className="journey-end-hero">
        {done ? <img src={`/app/journey/${journey.journeyId}/badge.svg`} alt={`${journey.name} badge`} width={160} height={160} /> : null}
        <div>
          <h2 id="end-heading">{done ? 'Congratulations!' : 'Journey in progress'}</h2>
          {done ? (
            <>
              {completedOn ? <p>You completed this journey on {completedOn}.</p> : null}
              <Html html={journey.htmlSummary} />
              <p>
                Over {n} step{n === 1 ? '' : 's'} you worked through:
              </p>
              <StepNames journey={journey} />
              <p className="actions">
                <a href={`/app/journey/${journey.journeyId}/summary.pdf`} download className="button primary">
                  Download your summary (PDF)
                </a>
              </p>
            </>
          ) : (
            <>
              <p>Finish every step to earn this journey&apos;s badge and your summary.</p>
              <p>
                Over {n} step{n === 1 ? '' : 's'} you will work through:
              </p>
              <StepNames journey={journey} />
            </>
          )}
        </div>
      </div>
      <div className="journey-feedback">
        <Stars />
        <Message />
      </div>
    </section>
  );
}

function StepNames({ journey }: { journey: JourneyPageView }) {
  return (
    <ol className="journey-step-names">
      {journey.steps.map((s) => (
        <li key={s.stepId}>{s.name}</li>
      ))}
    </ol>
  );
}

export function JourneyFrame({ journey, children }: { journey: JourneyPageView; children: ReactNode }) {
  const result = useActionData<{ formError?: string; feedback?: string }>();
  return (
    <div className="page journey">
      <Breadcrumbs items={[{ label: 'Journeys' }, { label: journey.name }]} />
      <header className="journey-head">
        <p className="journey-kicker">Journey</p>
        <h1>{journey.name}</h1>
        <JourneyProgress journey={journey} />
      </header>
      <Overview journey={journey} />
      {result?.formError ? (
        <p role="alert" className="form-error">
          {result.formError}
        </p>
      ) : result?.feedback ? (
        <Toast tone="success">Thank you for your feedback!</Toast>
      ) : null}
      {children}
    </div>
  );
}
