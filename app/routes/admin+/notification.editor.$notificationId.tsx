import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { editNotification } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { attempt, formRefusal, orErrorPage } from '~/utils/domain-error.server';
import { idParam } from '~/utils/route-params.server';
import { getNotificationForAdmin, notificationSchemas } from '@modules/social/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { shortDateTime } from '~/components/admin/people';
import { NotificationForm } from '~/components/admin/notifications/notification-form';
import peopleStylesHref from '~/components/admin/people.css';
import notificationStylesHref from '~/components/admin/notifications/notifications.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Card, Toast } from '~/components/ui';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: peopleStylesHref },
  { rel: 'stylesheet', href: notificationStylesHref },
];
export const meta: MetaFunction = () => [{ title: 'Notification editor | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Notification editor' }) };

/** /admin/notification/editor/{id}: a sent notification, its reach, and its wording to correct (decision 128). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const notification = await orErrorPage(() => getNotificationForAdmin(getDb(), idParam(params, 'notificationId')));
  return { notification, saved: new URL(request.url).searchParams.get('saved') === '1', constraint: formConstraint(notificationSchemas.edit) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const id = idParam(params, 'notificationId');
  const submission = parseWithZod(await readFormData(request), { schema: notificationSchemas.edit });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const edited = await attempt(() => editNotification(getDb(), admin.userId, id, submission.value));
  if (!edited.ok) return formRefusal(submission, edited.error);
  throw redirect(`/admin/notification/editor/${id}?saved=1`, { status: 303 });
}

export default function NotificationEditor() {
  const { notification: n, saved, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="notification-editor-title">
      <AdminPageHead
        title={`Notification ${n.notificationId}`}
        titleId="notification-editor-title"
        actions={
          <Link to="/admin/notification-list" className="button">
            Back to the notification list
          </Link>
        }
      />
      {saved ? <Toast tone="success">Notification saved.</Toast> : null}
      <Card className="admin-facts-card">
      <dl className="notification-facts">
        <dt>Type</dt>
        <dd>{n.typeLabel}</dd>
        <dt>Created at</dt>
        <dd>{shortDateTime(n.createdAt)}</dd>
        <dt>Received by</dt>
        <dd>{n.recipientCount}</dd>
        <dt>Seen by</dt>
        <dd>{n.seenCount}</dd>
      </dl>
      </Card>
      <Card title="Wording" className="admin-form-card">
        <p>Every person who received it sees the new wording.</p>
        <NotificationForm id={`notification-${n.notificationId}`} action={`/admin/notification/editor/${n.notificationId}`} values={n} constraint={constraint} lastResult={lastResult} withAudience={false} submitLabel="Save notification" />
      </Card>
    </section>
  );
}
