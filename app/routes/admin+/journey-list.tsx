import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { journeyList, listJourneysForAdmin } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn } from '~/components/data-table';
import { YesNo } from '~/components/admin/editors/list-cells';
import editorsStyles from '~/components/admin/editors/editors.css';
import { requireProductAdmin } from '~/utils/session.server';
import { JOURNEYS_FETCH_ERROR, readOrMessage } from '~/features/admin/load-failure.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Toast } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: editorsStyles }];
export const meta: MetaFunction = () => [{ title: 'Journey list | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Journey list' }) };

const PATH = '/admin/journey-list';

/** /admin/journey-list: every journey but the break journey (1000), with its badge and flags. Product admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const query = journeyList.parse(new URL(request.url));
  const empty: Awaited<ReturnType<typeof listJourneysForAdmin>> = { rows: [], total: 0, pageCount: 1, query };
  const { value, loadError } = await readOrMessage(request, () => listJourneysForAdmin(getDb(), query), empty, JOURNEYS_FETCH_ERROR);
  // The page still works (a degraded page, logged as an error), with the spec's alert.
  return { ...value, loadError };
}

type Row = Awaited<ReturnType<typeof listJourneysForAdmin>>['rows'][number];

const columns: DataColumn<Row>[] = [
  // The badge SVG is made by the server from the journey's id and escaped name (no stored markup).
  { key: 'badge', header: 'Badge', cell: (r) => <div className="journey-badge" dangerouslySetInnerHTML={{ __html: r.badgeSvg }} /> },
  { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { key: 'overview', header: 'Overview', cell: (r) => <div className="cell-clip">{r.overview}</div> },
  // Sanitised by the module on the way out.
  { key: 'summary', header: 'HTML summary', cell: (r) => <div className="journey-summary" dangerouslySetInnerHTML={{ __html: r.htmlSummary }} /> },
  { key: 'locked', header: 'Locked', sortable: true, cell: (r) => <YesNo value={r.isLocked} /> },
  { key: 'featured', header: 'Featured', sortable: true, cell: (r) => <YesNo value={r.isFeatured} /> },
  { key: 'global', header: 'Global', sortable: true, cell: (r) => <YesNo value={r.isGlobal} /> },
];

export default function JourneyList() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="page admin-list">
      <AdminPageHead title="Journey list" />
      {page.loadError ? <Toast tone="danger">{page.loadError}</Toast> : null}
      <DataTable
        path={PATH}
        caption={`Journeys (${page.total})`}
        columns={columns}
        rows={page.rows}
        rowKey={(r) => r.journeyId}
        state={page.query}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search journeys"
        emptyMessage={page.query.q ? 'No matching records to display.' : 'No records to display.'}
        Link={(p) => <Link {...p} />}
      />
    </section>
  );
}
