import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect } from 'react';
import { getDb } from '@modules/shared/index.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import {
  abandonStaleImports,
  confirmImport,
  getImport,
  listImportRows,
  PREVIEW_PAGE_SIZE,
  STILL_READING_MESSAGE,
  type ImportPreviewStatus,
} from '@modules/admin/index.server';
import { PREVIEW_LABELS, RESULT_LABELS } from '@modules/admin/constants';
import { teamFromParams } from '~/features/admin/team-params.server';
import { idParam, queryInt } from '~/utils/route-params.server';
import { requireProductAdmin } from '~/utils/session.server';
import { Badge, Card, ProgressBar, Toast } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'Team Settings | CSV import | Leda Admin' }];

const STATUSES = Object.keys(PREVIEW_LABELS) as ImportPreviewStatus[];

async function importOfTeam(params: LoaderFunctionArgs['params']) {
  const team = await teamFromParams(params);
  const importId = idParam(params, 'importId');
  // An upload that died mid-file is declared incomplete (its rows dropped) before anyone sees it.
  await abandonStaleImports(getDb(), { importId });
  const found = await getImport(getDb(), importId);
  // An import of another team is not found here (no id swaps).
  if (!found || found.teamId !== team.teamId) throw data(null, { status: 404 });
  return found;
}

/** Import by CSV, steps 2-4: the preview with a status per row, confirm, the job's progress, the result. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const found = await importOfTeam(params);
  const url = new URL(request.url);
  const status = STATUSES.find((s) => s === url.searchParams.get('status'));
  const offset = queryInt(url, 'offset', { max: 1_000_000, fallback: 0 });
  const rows = found.status === 'preview' || found.status === 'done' ? await listImportRows(getDb(), found.importId, { offset, status }) : [];
  const notice = found.status === 'reading' ? STILL_READING_MESSAGE : null;
  return { found, rows, status: status ?? null, offset, pageSize: PREVIEW_PAGE_SIZE, notice };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const found = await importOfTeam(params);
  // Not a complete preview (still being read, or its reading stopped): said on the page, nothing queued.
  const confirmed = await attempt(() => confirmImport(getDb(), admin.userId, found.importId));
  if (!confirmed.ok) return refusal(confirmed.error, { error: confirmed.error.message });
  throw redirect(new URL(request.url).pathname, { status: 303 });
}

const ERROR_PREVIEWS: ImportPreviewStatus[] = ['bad-email', 'invalid', 'other-org'];
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Progress({ done, total, running }: { done: number; total: number; running: boolean }) {
  // Running: the rows gone through so far. Done or stopped: the rows that put someone in the team.
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    // With JS: the bar follows the job by polling this page's data every second.
    const t = setInterval(() => revalidator.state === 'idle' && revalidator.revalidate(), 1000);
    return () => clearInterval(t);
  }, [running, revalidator]);
  return (
    <>
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <ProgressBar value={done} max={total} label="Import progress" valueText={`${done} of ${total} rows`} showLabel={false} tone={running ? 'brand' : 'success'} large />
      <p id="import-progress-label" role="status">
        {running ? `Importing: ${done} of ${total} rows.` : `Imported ${done} of ${total} rows.`}
      </p>
    </>
  );
}

export default function ImportPage() {
  const { found, rows, status, offset, pageSize, notice } = useLoaderData<typeof loader>();
  // The button counts the rows that put someone in the team; refused, duplicate and member rows are skipped.
  const importable = found.preview.add + found.preview.create;
  const refused = useActionData<typeof action>();
  const base = `/admin/team-editor/${found.teamId}/import/${found.importId}`;
  const running = found.status === 'queued' || found.status === 'running';
  const pageLink = (o: number) => `${base}?${new URLSearchParams({ ...(status ? { status } : {}), offset: String(o) })}`;
  return (
    <Card title={`CSV import: ${found.fileName}`} titleId="import-page-title" className="te-card">
      {refused?.error ? (
        <Toast tone="danger">{refused.error}</Toast>
      ) : null}
      {found.status === 'reading' ? (
        <Toast tone="info">
          {notice}{' '}
          <Link to={base} reloadDocument>
            Refresh
          </Link>
        </Toast>
      ) : null}
      {found.status === 'incomplete' ? (
        <>
          <Toast tone="danger">{found.error}</Toast>
          <p>
            <Link className="button primary" to={`/admin/team-editor/${found.teamId}/import`}>
              Upload the file again
            </Link>
          </p>
        </>
      ) : null}
      {found.status === 'preview' ? (
        <>
          <p>Check the rows, then import. Nothing changes until you do.</p>
          <ul className="te-counts" aria-label="Rows by status">
            {STATUSES.filter((s) => found.preview[s] > 0).map((s) => (
              <li key={s}>
                <strong>{found.preview[s]}</strong> <Link to={`${base}?status=${s}`}>{PREVIEW_LABELS[s]}</Link>
              </li>
            ))}
          </ul>
          <Form method="post" className="te-actions">
            <button type="submit" className="button primary">
              Import {importable} {importable === 1 ? 'row' : 'rows'}
            </button>
            <Link to={`/admin/team-editor/${found.teamId}/import`} className="button">
              Cancel
            </Link>
          </Form>
        </>
      ) : null}
      {running || found.status === 'done' || found.status === 'failed' ? <Progress done={running ? found.processedRows : found.imported} total={found.totalRows} running={running} /> : null}
      {found.status === 'failed' ? (
        <Toast tone="danger">{found.error ?? 'The import stopped.'}</Toast>
      ) : null}
      {found.status === 'done' ? (
        <>
          <h3>Result</h3>
          <ul className="te-counts" aria-label="Result">
            <li>
              <strong>{found.created}</strong> created
            </li>
            <li>
              <strong>{found.added}</strong> added
            </li>
            <li>
              <strong>{found.skipped}</strong> skipped
            </li>
            <li>
              <strong>{found.errors}</strong> {found.errors === 1 ? 'error' : 'errors'}
            </li>
          </ul>
          {found.errors > 0 ? (
            <Toast tone="danger">{plural(found.errors, 'row was', 'rows were')} not imported: see the highlighted rows or the error report.</Toast>
          ) : null}
          <p className="te-actions">
            {found.skipped + found.errors > 0 ? (
              <a className="button" href={`${base}/errors.csv`} download>
                Download the error report (CSV)
              </a>
            ) : null}
            <Link className="button primary" to={`/admin/team-editor/${found.teamId}`}>
              Back to the members
            </Link>
          </p>
        </>
      ) : null}
      {rows.length ? (
        <>
          <table className="te-table card-table">
            <caption>{status ? `Rows: ${PREVIEW_LABELS[status]}` : 'Rows'}</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">First name</th>
                <th scope="col">Last name</th>
                <th scope="col">Email</th>
                <th scope="col">Admin</th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                // After the import the row says what happened to it; before, what will.
                const failed = r.result ? r.result === 'error' : ERROR_PREVIEWS.includes(r.previewStatus);
                const skipped = r.result ? r.result === 'skipped' : r.previewStatus === 'duplicate' || r.previewStatus === 'member';
                return (
                  <tr key={r.rowNumber} className={failed ? 'te-row-error' : skipped ? 'te-row-skipped' : undefined}>
                    <td data-label="Line">{r.line}</td>
                    <td data-label="First name">{r.firstName}</td>
                    <td data-label="Last name">{r.lastName}</td>
                    <td data-label="Email">{r.email}</td>
                    <td data-label="Admin">{r.isAdmin ? 'Yes' : 'No'}</td>
                    <td data-label="Status">
                      <Badge tone={failed ? 'danger' : skipped ? 'warning' : 'success'}>{r.result ? RESULT_LABELS[r.result] : PREVIEW_LABELS[r.previewStatus]}</Badge>
                    </td>
                    <td data-label="Details">{r.message ?? ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <nav className="data-table-pager" aria-label="Rows pages">
            {offset > 0 ? <Link to={pageLink(Math.max(0, offset - pageSize))}>Previous rows</Link> : null}
            {rows.length === pageSize ? <Link to={pageLink(offset + pageSize)}>Next rows</Link> : null}
            {status ? <Link to={base}>All rows</Link> : null}
          </nav>
        </>
      ) : null}
    </Card>
  );
}
