import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { cardStates, getGlobalActivities } from '@modules/activities/index.server';
import { getDb } from '@modules/shared/index.server';
import { CatalogueActivityCard } from '~/components/activities/activity-cards';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { EmptyMessage, ExplorePage, exploreLinks } from '~/components/explore/explore-page';
import activitiesStyles from '~/styles/activities.css';
import { appMeta } from '~/utils/meta';
import { readActivityForm, runActivityIntent } from '~/features/activities/my-activities.server';
import { requireUser } from '~/utils/session.server';

export const links: LinksFunction = () => [...exploreLinks(), { rel: 'stylesheet', href: activitiesStyles }];
export const meta = appMeta('Activities');

/**
 * /app/explore/activities: the global activities as cards in their three states (not added; in
 * progress with task progress; completed with the date). Adding one opens it in My Activities.
 * Two queries whatever the number of activities or of the learner's copies.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [activities, states] = await Promise.all([getGlobalActivities(getDb()), cardStates(getDb(), user.userId)]);
  return {
    cards: activities.map((a) => {
      const s = states.get(a.activityId);
      return { activityId: a.activityId, name: a.name, overview: a.overview, taskCount: a.taskCount, isFeatured: a.isFeatured, inProgress: s?.inProgress ?? null, completed: s?.inProgress ? null : (s?.completed ?? null) };
    }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { form, intent } = await readActivityForm(request, context);
  if (intent.intent !== 'add') return Response.json({ error: { myActivityTaskId: null, message: 'The form is not valid.', posted: null } }, { status: 400 });
  return runActivityIntent(user.userId, form, intent, '/app/explore/activities');
}

export default function ExploreActivities() {
  const { cards } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: { message: string } }>();
  return (
    <ExplorePage crumbs={[EXPLORE_CRUMB, { label: 'Activities' }]} title="Activities" intro="Real-world practice: add an activity to My Activities, then work through its tasks at your own pace.">
      {actionData?.error ? (
        <div className="form-error" role="alert">
          <p>{actionData.error.message}</p>
        </div>
      ) : null}
      {cards.length ? (
        <ul className="activity-grid" aria-label="Activities">
          {cards.map((c) => (
            <CatalogueActivityCard key={c.activityId} card={c} />
          ))}
        </ul>
      ) : (
        <EmptyMessage>No activities to display.</EmptyMessage>
      )}
    </ExplorePage>
  );
}
