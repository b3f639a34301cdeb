import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import { auditFacets, auditLogList, listAuditLog, type AuditLogRow } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn, type ListState } from '~/components/data-table';
import { shortDateTime, TableLink } from '~/components/admin/people';
import peopleStylesHref from '~/components/admin/people.css';
import { AuditChanges } from '~/components/admin/audit-changes';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction = () => [{ title: 'Audit log | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Audit log', to: '/admin/audit-log' }) };

const PATH = '/admin/audit-log';

/** /admin/audit-log: every admin change, newest first; filter by entity, action, actor; CSV of the same view. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const db = getDb();
  const query = auditLogList.parse(new URL(request.url));
  const [page, facets] = await Promise.all([listAuditLog(db, query), auditFacets(db)]);
  return { page, facets };
}

export default function AuditLog() {
  const { page, facets } = useLoaderData<typeof loader>();
  const location = useLocation();
  const list = page.query as unknown as ListState;
  const f = list.filters as { entity?: string; action?: string; actor?: number; entityId?: string };
  const columns: DataColumn<AuditLogRow>[] = [
    { key: 'created', header: 'When', sortable: true, cell: (r) => shortDateTime(r.createdAt) },
    { key: 'actor', header: 'Who', cell: (r) => (r.actorId ? <Link to={`${PATH}?actor=${r.actorId}`}>{r.actorEmail ?? `User ${r.actorId}`}</Link> : 'System') },
    { key: 'action', header: 'Action', sortable: true, cell: (r) => r.action },
    {
      key: 'entity',
      header: 'Entity',
      sortable: true,
      cell: (r) => (r.entityId ? <Link to={`${PATH}?entity=${encodeURIComponent(r.entity)}&entityId=${encodeURIComponent(r.entityId)}`}>{`${r.entity} ${r.entityId}`}</Link> : r.entity),
    },
    { key: 'changes', header: 'Changes', cell: (r) => <AuditChanges before={r.before} after={r.after} /> },
  ];
  return (
    <section aria-labelledby="audit-title">
      <AdminPageHead
        title="Audit log"
        titleId="audit-title"
        actions={
          <a className="button" href={`/admin/audit-log.csv${location.search}`} download>
            Export CSV
          </a>
        }
      />
      <DataTable
        path={PATH}
        caption="Admin changes, newest first"
        columns={columns}
        rows={page.rows as unknown as AuditLogRow[]}
        rowKey={(r) => r.id}
        state={list}
        total={page.total}
        pageCount={page.pageCount}
        searchLabel="Search action, entity, id or email"
        filters={
          <>
            <label>
              Entity
              <select name="entity" defaultValue={f.entity ?? ''}>
                <option value="">All</option>
                {facets.entities.map((e) => (
                  <option key={e} value={e}>
                    {e}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Action
              <select name="action" defaultValue={f.action ?? ''}>
                <option value="">All</option>
                {facets.actions.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
            {f.actor ? <input type="hidden" name="actor" value={f.actor} /> : null}
            {f.entityId ? <input type="hidden" name="entityId" value={f.entityId} /> : null}
          </>
        }
        emptyMessage={list.q || f.entity || f.action || f.actor || f.entityId ? 'No matching records to display.' : 'No records to display.'}
        Link={TableLink}
      />
    </section>
  );
}
