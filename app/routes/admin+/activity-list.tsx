import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { addMyActivity, listActivitiesForAdmin, activityList, type ActivityListRow } from '@modules/activities/index.server';
import { getDb, idSchema } from '@modules/shared/index.server';
import { orErrorPage } from '~/utils/domain-error.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import type { DataColumn } from '~/components/data-table';
import { formatAdminDate, YesNo } from '~/components/admin/editors/list-cells';
import editorsStyles from '~/components/admin/editors/editors.css';
import { readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminListPage } from '~/components/admin/admin-list-page';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: editorsStyles }];
export const meta: MetaFunction = () => [{ title: 'Activity list | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Activity list' }) };

const PATH = '/admin/activity-list';

/** /admin/activity-list: every activity, searchable and sortable (in the URL, run in SQL), with a count. Product admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return listActivitiesForAdmin(getDb(), activityList.parse(new URL(request.url)));
}

/** Test: adds the activity to the admin's own My Activities and opens it there. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const parsed = idSchema.safeParse((await readFormData(request)).get('activityId'));
  if (!parsed.success) throw new Response('That activity was not found.', { status: 404 });
  const my = await orErrorPage(() => addMyActivity(getDb(), admin.userId, { activityId: parsed.data }));
  return redirect(`/app/activities?myActivityId=${my.myActivityId}`);
}

const columns: DataColumn<ActivityListRow>[] = [
  { key: 'id', nowrap: true, header: 'ID', sortable: true, cell: (r) => r.activityId },
  { key: 'createdAt', nowrap: true, header: 'Created at', sortable: true, cell: (r) => <time dateTime={r.createdAt}>{formatAdminDate(r.createdAt)}</time> },
  { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { key: 'featured', header: 'Featured', sortable: true, cell: (r) => <YesNo value={r.isFeatured} /> },
  { key: 'global', header: 'Global', sortable: true, cell: (r) => <YesNo value={r.isGlobal} /> },
  {
    key: 'edit',
    header: 'Edit',
    hiddenHeader: true,
    cell: (r) => (
      <Link to={`/admin/activity-editor/${r.activityId}`} className="button small" aria-label={`Edit ${r.name}`}>
        Edit
      </Link>
    ),
  },
  {
    key: 'test',
    header: 'Test',
    hiddenHeader: true,
    cell: (r) => (
      <Form method="post" className="inline-form">
        <input type="hidden" name="activityId" value={r.activityId} />
        <button type="submit" className="button small" aria-label={`Test ${r.name} in My Activities`}>
          Test
        </button>
      </Form>
    ),
  },
];

export default function ActivityList() {
  const page = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Activity list"
      path={PATH}
      createHref="/admin/activity-editor"
      createLabel="Create activity"
      caption="Activities"
      searchLabel="Search activities"
      columns={columns}
      rowKey={(r) => r.activityId}
      page={page}
    />
  );
}
