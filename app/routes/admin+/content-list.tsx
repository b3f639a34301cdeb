import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { contentList, listContentsForAdmin } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, listHref, type DataColumn } from '~/components/data-table';
import { formatAdminDate, YesNo } from '~/components/admin/editors/list-cells';
import editorsStyles from '~/components/admin/editors/editors.css';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';

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
    <section className="page admin-list">
      <AdminPageHead
        title="Content list"
        actions={
          <>
            <Link to="/admin/content-editor" className="button primary">
              Create content
            </Link>
            <Link to={listHref(PATH, page.query, { page: page.query.page })} className="button">
              Refresh
            </Link>
          </>
        }
      />
      <DataTable
        path={PATH}
        caption={`Contents (${page.total})`}
        columns={columns}
        rows={page.rows}
        rowKey={(r) => r.contentId}
        state={page.query}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search contents"
        emptyMessage={page.query.q ? 'No matching records to display.' : 'No records to display.'}
        Link={(p) => <Link {...p} />}
      />
    </section>
  );
}
