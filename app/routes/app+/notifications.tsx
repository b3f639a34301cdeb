import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { getDb } from '@modules/shared/index.server';
import { listRecent, markActioned, markAllSeen, markSeen } from '@modules/social/index.server';
import { actionedBody } from '~/utils/form-schemas.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import { When } from '~/components/when';
import { Badge, Card, EmptyState } from '~/components/ui';
import { readFormData } from '~/utils/form.server';

export const meta = appMeta('Notifications');

/**
 * /app/notifications: the user's newest notifications, newest first. Showing the list marks the
 * shown ones seen (seenAt set once; this page still flags them 'New'); following one marks it
 * actioned (actionedAt set once) and then goes to its link.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const notifications = await listRecent(getDb(), user.userId);
  const unseen = notifications.filter((n) => !n.seenAt).map((n) => n.userNotificationId);
  if (unseen.length) await markSeen(getDb(), user.userId, unseen);
  return { notifications };
}

/** 'Mark all as seen', or follow one notification (plain POSTs, work without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  if (form.get('intent') === 'actioned') {
    const id = actionedBody.shape.userNotificationId.safeParse(Number(form.get('userNotificationId')));
    if (!id.success) return Response.json({ errorMsg: 'This notification is no longer available.' }, { status: 400 });
    const { link } = await markActioned(getDb(), user.userId, id.data).catch(() => ({ link: null }));
    throw redirect(internal(link) ?? '/app/notifications');
  }
  await markAllSeen(getDb(), user.userId);
  throw redirect('/app/notifications');
}


/** Only links inside the app are followed; anything else is shown as text. */
const internal = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null);

export default function Notifications() {
  const { notifications } = useLoaderData<typeof loader>();
  const unseen = notifications.some((n) => !n.seenAt);
  return (
    <section className="page narrow">
      <div className="page-head">
        <h1>Notifications</h1>
        {unseen ? (
          <Form method="post">
            <button type="submit" className="button small">
              Mark all as seen
            </button>
          </Form>
        ) : null}
      </div>
      {notifications.length ? (
        <ul className="notification-list">
          {notifications.map((n) => {
            const to = internal(n.notification.link);
            return (
              <li key={n.userNotificationId}>
                <Card tone={n.seenAt ? undefined : 'accent'} className="notification-card">
                  <div className="notification-title">
                    {to ? (
                      <Form method="post" className="inline-form" reloadDocument>
                        <input type="hidden" name="intent" value="actioned" />
                        <input type="hidden" name="userNotificationId" value={n.userNotificationId} />
                        <button type="submit" className="link-button notification-link">
                          {n.notification.title}
                        </button>
                      </Form>
                    ) : (
                      n.notification.title
                    )}
                    {n.seenAt ? null : (
                      <Badge tone="warning">
                        New
                      </Badge>
                    )}
                  </div>
                  {n.notification.message ? <p className="notification-message">{n.notification.message}</p> : null}
                  <p className="notification-time">
                    <When value={n.createdAt} />
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState title="You have no notifications." icon="🔔">
          Likes, comments and news from your teams appear here.
        </EmptyState>
      )}
    </section>
  );
}
