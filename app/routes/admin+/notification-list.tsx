import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { sendAdminAnnouncement } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { attempt, formRefusal } from '~/utils/domain-error.server';
import { listNotificationsForAdmin, notificationSchemas, notificationsList, type AdminNotification } from '@modules/social/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn, type ListState } from '~/components/data-table';
import { shortDateTime, TableLink } from '~/components/admin/people';
import { NotificationForm } from '~/components/admin/notifications/notification-form';
import peopleStylesHref from '~/components/admin/people.css';
import notificationStylesHref from '~/components/admin/notifications/notifications.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Toast } from '~/components/ui';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: peopleStylesHref },
  { rel: 'stylesheet', href: notificationStylesHref },
];
export const meta: MetaFunction = () => [{ title: 'Notification list | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Notification list' }) };

/** /admin/notification-list: every notification sent, newest first, and the announcement form (decision 128). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const url = new URL(request.url);
  const page = await listNotificationsForAdmin(getDb(), notificationsList.parse(url));
  const sent = Number(url.searchParams.get('sent'));
  return { page, sent: Number.isSafeInteger(sent) && sent > 0 ? sent : null, constraint: formConstraint(notificationSchemas.send) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: notificationSchemas.send });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const sent = await attempt(() => sendAdminAnnouncement(getDb(), admin.userId, submission.value));
  if (!sent.ok) return formRefusal(submission, sent.error);
  throw redirect(`/admin/notification-list?sent=${sent.value.recipientCount}`, { status: 303 });
}

export default function NotificationList() {
  const { page, sent, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const state = page.query as unknown as ListState;
  const columns: DataColumn<AdminNotification>[] = [
    { key: 'id', header: 'ID', sortable: true, cell: (n) => n.notificationId },
    { key: 'created', header: 'Created at', sortable: true, cell: (n) => shortDateTime(n.createdAt) },
    { key: 'type', header: 'Type', cell: (n) => n.typeLabel },
    { key: 'title', header: 'Title', sortable: true, cell: (n) => n.title },
    { key: 'recipients', header: 'Received', cell: (n) => n.recipientCount },
    { key: 'seen', header: 'Seen', cell: (n) => n.seenCount },
    {
      key: 'edit',
      header: 'Edit',
      cell: (n) => (
        <Link to={`/admin/notification/editor/${n.notificationId}`} aria-label={`Edit notification ${n.notificationId}: ${n.title}`}>
          Edit
        </Link>
      ),
    },
  ];
  return (
    <section aria-labelledby="notifications-title">
      <AdminPageHead title="Notification list" titleId="notifications-title" />
      {sent ? (
        <Toast tone="success">
          Notification sent to {sent} {sent === 1 ? 'person' : 'people'}.
        </Toast>
      ) : null}
      <details className="notification-send" open={Boolean(lastResult)}>
        <summary>Send a notification</summary>
        <NotificationForm id="notification-new" action="/admin/notification-list" values={{ title: '', message: '', link: null }} constraint={constraint} lastResult={lastResult} withAudience submitLabel="Send notification" />
      </details>
      <DataTable
        path="/admin/notification-list"
        caption="Notifications sent, newest first"
        columns={columns}
        rows={page.rows as unknown as AdminNotification[]}
        rowKey={(n) => n.notificationId}
        state={state}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search titles and messages"
        emptyMessage={state.q ? 'No matching records to display.' : 'No records to display.'}
        Link={TableLink}
      />
    </section>
  );
}
