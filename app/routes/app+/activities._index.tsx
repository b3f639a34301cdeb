import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { Link } from '~/components/link';
import { getMyActivity } from '@modules/activities/index.server';
import { getDb } from '@modules/shared/index.server';
import { queryId } from '~/utils/route-params.server';
import { MyActivityCard, TaskProgress } from '~/components/activities/activity-cards';
import { TaskAnswers, TaskForm } from '~/components/activities/task-form';
import activitiesStyles from '~/styles/activities.css';
import { appMeta } from '~/utils/meta';
import { listMyActivityCards, readActivitiesPage, readActivityForm, runActivityIntent, type TaskFormError } from '~/features/activities/my-activities.server';
import { ACTIVITIES_PATH, COMPLETED_PATH } from '~/features/activities/activity-paths';
import { activitiesHref } from '~/features/activities/activity-pages';
import { ActivitiesPager } from '~/components/activities/activities-pager';
import { requireUser } from '~/utils/session.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: activitiesStyles }];
export const meta = appMeta('My Activities');

/**
 * /app/activities (optional ?myActivityId=, ?page=): the activities in progress as cards, 20 a page
 * (decision 232), and the selected one's panel (the page's first card when none is chosen; a chosen
 * one opens whatever the page): its tasks in order, each shown once the one before is complete;
 * completed tasks read-only with Edit Task (?edit=<taskId>); the current task's form.
 * ?confirmDelete=1 asks before deleting.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const param = (name: string) => queryId(url, name, 'That activity was not found.');
  const selectedId = param('myActivityId');
  const editId = param('edit');
  const savedId = param('saved');
  const { cards, page, hasMore } = await listMyActivityCards(user.userId, false, readActivitiesPage(url));
  // A page past the end (the list got shorter since the link was made): the first page.
  if (page > 1 && cards.length === 0) throw redirect(activitiesHref(ACTIVITIES_PATH, { myActivityId: selectedId }));
  const pick = selectedId ?? cards[0]?.myActivityId ?? null;
  let selected = null;
  if (pick != null) {
    selected = await getMyActivity(getDb(), user.userId, pick).catch(() => null);
    if (!selected) throw new Response('That activity was not found. It may have been deleted.', { status: 404 });
    if (selected.completedAt && editId == null) throw redirect(`${COMPLETED_PATH}?myActivityId=${selected.myActivityId}`);
  }
  return { cards, paging: { page, hasMore, myActivityId: selectedId }, selected, editId, savedId, confirmDelete: url.searchParams.get('confirmDelete') === '1' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { form, intent } = await readActivityForm(request, context);
  return runActivityIntent(user.userId, form, intent, ACTIVITIES_PATH);
}

/** An auto-save changes nothing the page shows: no reload of the loader every 2 seconds. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate;

export default function MyActivities() {
  const { cards, paging, selected, editId, savedId, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: TaskFormError }>();
  const error = actionData?.error ?? null;
  const here = activitiesHref(ACTIVITIES_PATH, { myActivityId: selected?.myActivityId, page: paging.page });
  const open = selected ? selected.myActivityTasks.findIndex((t) => !t.completedAt) : -1;
  const visible = selected ? selected.myActivityTasks.filter((_, i) => open < 0 || i <= open) : [];

  return (
    <div className="page my-activities">
      <header className="page-head">
        <h1>My Activities</h1>
        <p>
          <Link to="/app/explore/activities">Find more activities</Link> · <Link to={COMPLETED_PATH}>Completed Activities</Link>
        </p>
      </header>
      {error && error.myActivityTaskId == null ? (
        <div className="form-error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      {cards.length === 0 && !selected ? (
        <p className="empty">You don&apos;t have any activities in progress.</p>
      ) : (
        <div className="activities-layout">
          <nav aria-label="Activities in progress">
            {cards.length ? (
              <ul className="activity-list">
                {cards.map((c) => (
                  <MyActivityCard key={c.myActivityId} card={c} to={activitiesHref(ACTIVITIES_PATH, { myActivityId: c.myActivityId, page: paging.page })} selected={c.myActivityId === selected?.myActivityId} />
                ))}
              </ul>
            ) : (
              <p className="empty">You don&apos;t have any activities in progress.</p>
            )}
            <ActivitiesPager path={ACTIVITIES_PATH} {...paging} />
          </nav>
          {selected ? (
            <section className="activity-panel" aria-labelledby="activity-title">
              <div className="activity-panel-head">
                <h2 id="activity-title">{selected.name}</h2>
                <TaskProgress done={selected.completedTaskCount} total={selected.taskCount} />
              </div>
              {confirmDelete ? (
                <Form method="post" className="confirm" role="alertdialog" aria-labelledby="confirm-delete">
                  <p id="confirm-delete">Are you sure you wish to delete this activity?</p>
                  <input type="hidden" name="myActivityId" value={selected.myActivityId} />
                  <button type="submit" name="intent" value="delete" className="button danger">
                    Delete
                  </button>{' '}
                  <Link to={here} className="button">
                    Cancel
                  </Link>
                </Form>
              ) : (
                <p>
                  <Link to={`${here}&confirmDelete=1`} className="button small danger">
                    Delete activity
                  </Link>
                </p>
              )}
              <ol className="task-list">
                {visible.map((t) => {
                  const editing = t.completedAt != null && editId === t.myActivityTaskId;
                  const current = t.completedAt == null || editing;
                  return (
                    <li key={t.myActivityTaskId} id={`task-${t.myActivityTaskId}`} className={`task${t.completedAt ? ' done' : ''}`}>
                      <h3>
                        {t.name}
                        {t.completedAt ? <span className="task-done"> (completed)</span> : null}
                      </h3>
                      {t.htmlContent ? <div className="task-content" dangerouslySetInnerHTML={{ __html: t.htmlContent }} /> : null}
                      {current ? (
                        <TaskForm
                          key={`${t.myActivityTaskId}-${editing}`}
                          myActivityId={selected.myActivityId}
                          task={t}
                          editing={editing}
                          cancelTo={`${here}#task-${t.myActivityTaskId}`}
                          error={error && error.myActivityTaskId === t.myActivityTaskId ? error : null}
                          saved={savedId === t.myActivityTaskId}
                        />
                      ) : (
                        <>
                          <TaskAnswers task={t} />
                          {savedId === t.myActivityTaskId ? <p role="status">Saved.</p> : null}
                          <Link to={`${here}&edit=${t.myActivityTaskId}#task-${t.myActivityTaskId}`} className="button small">
                            Edit Task
                          </Link>
                        </>
                      )}
                    </li>
                  );
                })}
              </ol>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
