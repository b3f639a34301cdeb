import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { contentList, listContentsForAdmin } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import type { DataColumn } from '~/components/data-table';
import { formatAdminDate, YesNo } from '~/components/admin/editors/list-cells';
import editorsStyles from '~/components/admin/editors/editors.css';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminListPage } from '~/components/admin/admin-list-page';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: editorsStyles }];
export const meta: MetaFunction = () => [{ title: 'Content list | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Content list' }) };

const PATH = '/admin/content-list';

/** /admin/content-list: every content, public or not; search, sort and page in the URL, run in SQL. Product admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return listContentsForAdmin(getDb(), contentList.parse(new URL(request.url)));
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number];

const columns: DataColumn<Row>[] = [
  { key: 'id', nowrap: true, header: 'ID', sortable: true, cell: (r) => r.contentId },
  { key: 'createdAt', nowrap: true, header: 'Created at', sortable: true, cell: (r) => <time dateTime={r.createdAt}>{formatAdminDate(r.createdAt)}</time> },
  { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { key: 'urlId', header: 'URL ID', sortable: true, cell: (r) => r.urlId },
  { key: 'overview', header: 'Overview', cell: (r) => <div className="cell-clip">{r.overview}</div> },
  { key: 'isPublic', header: 'Public', sortable: true, cell: (r) => <YesNo value={r.isPublic} /> },
  {
    key: 'edit',
    header: 'Edit',
    hiddenHeader: true,
    cell: (r) => (
      <Link to={`/admin/content-editor/${r.urlId}`} className="button small" aria-label={`Edit ${r.name}`}>
        Edit
      </Link>
    ),
  },
];

export default function ContentList() {
  const page = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Content list"
      path={PATH}
      createHref="/admin/content-editor"
      createLabel="Create content"
      caption="Contents"
      searchLabel="Search contents"
      columns={columns}
      rowKey={(r) => r.contentId}
      page={page}
    />
  );
}
