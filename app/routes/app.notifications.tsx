import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { getDb } from '@modules/shared/index.server';
import { listRecent, markAllSeen } from '@modules/social/index.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Notifications');

/** /app/notifications: the user's newest notifications, newest first (a plain page; the popup comes later). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { notifications: await listRecent(getDb(), user.userId) };
}

/** 'Mark all as seen' (a plain POST, works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await markAllSeen(getDb(), user.userId);
  throw redirect('/app/notifications');
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-AU', { day: '2-digit', month: '2-digit', year: '2-digit', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

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
              <li key={n.userNotificationId} className={n.seenAt ? 'notification' : 'notification unseen'}>
                <p className="notification-title">
                  {to ? <Link to={to}>{n.notification.title}</Link> : n.notification.title}
                  {n.seenAt ? null : <span className="notification-new">New</span>}
                </p>
                {n.notification.message ? <p className="notification-message">{n.notification.message}</p> : null}
                <p className="notification-time">
                  <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty-message">You have no notifications.</p>
      )}
    </section>
  );
}
