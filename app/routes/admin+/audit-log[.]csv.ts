import type { LoaderFunctionArgs } from '@remix-run/node';
import { auditLogCsv, auditLogList } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { requireProductAdmin } from '~/utils/session.server';

/** /admin/audit-log.csv: the audit log with the screen's filters and search, as CSV (up to 10,000 rows). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const csv = await auditLogCsv(getDb(), auditLogList.parse(new URL(request.url)));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leda-audit-log-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
