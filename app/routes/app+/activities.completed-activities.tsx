import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getMyActivity } from '@modules/activities/index.server';
import { activityFeedbackForm } from '~/utils/form-schemas.server';
import { queryId } from '~/utils/route-params.server';
import { FeedbackType, submitSystemFeedback } from '@modules/catalogue/index.server';
import { MyActivityCard } from '~/components/activities/activity-cards';
import { When } from '~/components/when';
import { TaskAnswers } from '~/components/activities/task-form';
import activitiesStyles from '~/styles/activities.css';
import { StarRating } from '~/components/ui/star-rating';
import { Toast } from '~/components/ui/toast';
import { readFormData } from '~/utils/form.server';
import { appMeta } from '~/utils/meta';
import { listMyActivityCards, readActivitiesPage } from '~/features/activities/my-activities.server';
import { COMPLETED_PATH } from '~/features/activities/activity-paths';
import { activitiesHref } from '~/features/activities/activity-pages';
import { ActivitiesPager } from '~/components/activities/activities-pager';
import { requireUser } from '~/utils/session.server';
import { getDb, idSchema } from '@modules/shared/index.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: activitiesStyles }];
export const meta = appMeta('Completed Activities');

const GONE = 'That activity was not found. It may have been deleted.';
const notFound = () => new Response(GONE, { status: 404 });
const selectedId = (url: URL) => queryId(url, 'myActivityId', GONE);

/**
 * /app/activities/completed-activities (optional ?myActivityId=, ?page=): the completed activities
 * with their dates, newest first, 20 a page (decision 232); the selected one (on this page or not)
 * shows its answers read-only, with star and message feedback.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const id = selectedId(url);
  const { cards, page, hasMore } = await listMyActivityCards(user.userId, true, readActivitiesPage(url));
  // A page past the end (the list got shorter since the link was made): the first page.
  if (page > 1 && cards.length === 0) throw redirect(activitiesHref(COMPLETED_PATH, { myActivityId: id }));
  let selected = null;
  if (id != null) {
    selected = await getMyActivity(getDb(), user.userId, id).catch(() => null);
    if (!selected || !selected.completedAt) throw notFound();
  }
  return { cards, paging: { page, hasMore, myActivityId: id }, selected, justCompleted: url.searchParams.get('completed') === '1', thanks: url.searchParams.get('thanks') === '1' };
}

/** Feedback on a completed activity: stars (ActivityStars 8) and/or a message (ActivityMessage 9). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  const id = idSchema.safeParse(form.get('myActivityId'));
  if (!id.success) return data({ formError: 'The form is not valid. Please reload the page and try again.' }, { status: 400 });
  const parsed = activityFeedbackForm.safeParse({ rating: form.get('rating') || undefined, message: typeof form.get('message') === 'string' ? form.get('message') : undefined });
  if (!parsed.success) return data({ formError: parsed.error.issues[0]?.message ?? 'The feedback is not valid.' }, { status: 400 });
  const { rating, message } = parsed.data;
  if (!rating && !message) return data({ formError: 'Choose a star rating or write a message.' }, { status: 400 });
  const my = await getMyActivity(getDb(), user.userId, id.data).catch(() => null);
  if (!my || !my.completedAt) throw notFound();
  const url = `${COMPLETED_PATH}?myActivityId=${my.myActivityId}`;
  if (rating) await submitSystemFeedback(getDb(), user.userId, { feedbackType: FeedbackType.ActivityStars, rating, url, activityId: my.sourceActivityId ?? undefined });
  if (message) await submitSystemFeedback(getDb(), user.userId, { feedbackType: FeedbackType.ActivityMessage, message, url, activityId: my.sourceActivityId ?? undefined });
  return redirect(`${url}&thanks=1`);
}

export default function CompletedActivities() {
  const { cards, paging, selected, justCompleted, thanks } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ formError?: string }>();
  return (
    <div className="page my-activities">
      <header className="page-head">
        <h1>Completed Activities</h1>
        <p>
          <Link to="/app/activities">My Activities</Link>
        </p>
      </header>
      {cards.length === 0 ? (
        <p className="empty">No activities to display.</p>
      ) : (
        <div className="activities-layout">
          <nav aria-label="Completed activities">
            <ul className="activity-list">
              {cards.map((c) => (
                <MyActivityCard key={c.myActivityId} card={c} to={activitiesHref(COMPLETED_PATH, { myActivityId: c.myActivityId, page: paging.page })} selected={c.myActivityId === selected?.myActivityId} />
              ))}
            </ul>
            <ActivitiesPager path={COMPLETED_PATH} {...paging} />
          </nav>
          {selected ? (
            <section className="activity-panel" aria-labelledby="activity-title">
              <div className="activity-panel-head">
                <h2 id="activity-title">{selected.name}</h2>
                <p className="activity-done">Completed <When value={selected.completedAt} format="date" /></p>
              </div>
              {justCompleted ? (
                <p className="notice" role="status">
                  Well done: you completed this activity.
                </p>
              ) : null}
              <ol className="task-list">
                {selected.myActivityTasks.map((t) => (
                  <li key={t.myActivityTaskId} className="task done">
                    <h3>{t.name}</h3>
                    <TaskAnswers task={t} />
                  </li>
                ))}
              </ol>
              {thanks ? (
                <Toast tone="success">Thank you for your feedback!</Toast>
              ) : (
                <Form method="post" className="activity-feedback" aria-labelledby="feedback-title">
                  <h3 id="feedback-title">How useful was this activity?</h3>
                  {actionData?.formError ? (
                    <div className="form-error" role="alert">
                      <p>{actionData.formError}</p>
                    </div>
                  ) : null}
                  <input type="hidden" name="myActivityId" value={selected.myActivityId} />
                  <StarRating legend="Stars" hint="Optional: choose 1 (not useful) to 5 (very useful)." />
                  <div className="field">
                    <label htmlFor="feedback-message">Message (optional)</label>
                    <textarea id="feedback-message" name="message" rows={3} maxLength={10_000} />
                  </div>
                  <button type="submit" className="button primary">
                    Send feedback
                  </button>
                </Form>
              )}
            </section>
          ) : (
            <p className="muted">Choose an activity to see your answers.</p>
          )}
        </div>
      )}
    </div>
  );
}
