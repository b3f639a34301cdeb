import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { appHomePath, policy } from '@modules/identity/index.server';
import { listMyJourneys, type JourneyProgressCard } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import { Link } from '~/components/link';
import { formatShortDate } from '~/utils/dates';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('My journeys');

/**
 * /app/journeys: My journeys across the learner's teams (issue 25): in progress, not started and
 * completed, each with its progress and teams. A student licence has no journeys: the app home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!policy.canSeeJourneys(user)) throw redirect(appHomePath(user));
  const journeys = await listMyJourneys(getDb(), user, await context.teams());
  return {
    inProgress: journeys.filter((j) => j.state === 'inprogress'),
    notStarted: journeys.filter((j) => j.state === 'notstarted'),
    completed: journeys.filter((j) => j.state === 'completed'),
  };
}

function Card({ j }: { j: JourneyProgressCard }) {
  const label = j.isLocked ? null : j.state === 'completed' ? 'Review' : j.state === 'inprogress' ? 'Continue' : 'Start';
  return (
    <li className="my-journey">
      <h3>{j.name}</h3>
      {j.teams.length ? <p className="my-journey-teams">{j.teams.map((t) => t.name).join(', ')}</p> : null}
      <p>{j.overview}</p>
      <p>
        <progress value={j.stepsDone} max={Math.max(j.stepsTotal, 1)} aria-label={`${j.name}: ${j.stepsDone} of ${j.stepsTotal} steps done`} />{' '}
        <span>
          {j.stepsDone} of {j.stepsTotal} steps
        </span>
        {j.state === 'inprogress' && j.currentStep ? (
          <span>
            {' '}
            · Current step: STEP {j.currentStep.number}, {j.currentStep.name}
          </span>
        ) : null}
        {j.completedAt ? <span> · Completed on {formatShortDate(j.completedAt)}</span> : null}
      </p>
      {label ? (
        <Link to={`/app/journey/${j.urlId}`} className="button small" aria-label={`${label} ${j.name}`}>
          {label}
        </Link>
      ) : (
        <p>Locked</p>
      )}
    </li>
  );
}

function Group({ id, title, list, empty }: { id: string; title: string; list: JourneyProgressCard[]; empty: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.length ? (
        <ul className="my-journeys">
          {list.map((j) => (
            <Card key={j.journeyId} j={j} />
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}

export default function MyJourneys() {
  const { inProgress, notStarted, completed } = useLoaderData<typeof loader>();
  return (
    <div className="page my-journeys-page">
      <h1>My journeys</h1>
      <Group id="journeys-inprogress" title="In progress" list={inProgress} empty="No journey in progress." />
      <Group id="journeys-notstarted" title="Not started" list={notStarted} empty="Nothing waiting to start." />
      <Group id="journeys-completed" title="Completed" list={completed} empty="No journey completed yet." />
    </div>
  );
}
