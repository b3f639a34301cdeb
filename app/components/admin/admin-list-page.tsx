import { Link } from '~/components/link';
import { DataTable, listHref, type DataColumn, type ListState } from '~/components/data-table';
import { AdminPageHead } from '~/components/admin/page-head';

/**
 * A product admin's catalogue list (activities, contents): the page head with "Create …" and
 * "Refresh", then the searchable, sortable, paged table (decision 347).
 */
export function AdminListPage<Row>({
  title,
  path,
  createHref,
  createLabel,
  caption,
  searchLabel,
  columns,
  rowKey,
  page,
}: {
  title: string;
  path: string;
  createHref: string;
  createLabel: string;
  caption: string;
  searchLabel: string;
  columns: DataColumn<Row>[];
  rowKey: (row: Row) => string | number;
  page: { rows: Row[]; query: ListState; total: number; pageCount: number };
}) {
  return (
    <section className="page admin-list">
      <AdminPageHead
        title={title}
        actions={
          <>
            <Link to={createHref} className="button primary">
              {createLabel}
            </Link>
            <Link to={listHref(path, page.query, { page: page.query.page })} className="button">
              Refresh
            </Link>
          </>
        }
      />
      <DataTable
        path={path}
        caption={`${caption} (${page.total})`}
        columns={columns}
        rows={page.rows}
        rowKey={rowKey}
        state={page.query}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel={searchLabel}
        emptyMessage={page.query.q ? 'No matching records to display.' : 'No records to display.'}
        Link={(p) => <Link {...p} />}
      />
    </section>
  );
}
