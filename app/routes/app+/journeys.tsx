import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { appHomePath, policy } from '@modules/identity/index.server';
import { listMyJourneys, type JourneyProgressCard } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import { JourneyCard } from '~/components/journeys/journey-card';
import { EmptyState } from '~/components/ui/empty-state';
import learnerStyles from '~/styles/learner.css';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('My journeys');
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: learnerStyles }];

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
  return (
    <JourneyCard
      urlId={j.urlId}
      name={j.name}
      state={j.state}
      stepsDone={j.stepsDone}
      stepsTotal={j.stepsTotal}
      currentStep={j.currentStep}
      completedAt={j.completedAt}
      isLocked={j.isLocked}
      eyebrow={j.teams.length ? j.teams.map((t) => t.name).join(', ') : null}
    >
      <p className="journey-card-overview">{j.overview}</p>
    </JourneyCard>
  );
}

function Group({ id, title, list, empty }: { id: string; title: string; list: JourneyProgressCard[]; empty: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.length ? (
        <ul className="journey-cards my-journeys">
          {list.map((j) => (
            <Card key={j.journeyId} j={j} />
          ))}
        </ul>
      ) : (
        <EmptyState title={empty} />
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
