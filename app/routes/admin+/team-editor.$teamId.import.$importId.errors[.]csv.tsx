import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { getImport, importErrorReport } from '@modules/admin/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { requireProductAdmin } from '~/utils/session.server';
import { idParam } from '~/utils/route-params.server';

/** The import's error report: every skipped or failed row with its reason, as CSV (streamed). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const found = await getImport(getDb(), idParam(params, 'importId'));
  if (!found || found.teamId !== team.teamId) throw data('Not found', { status: 404 });
  const rows = importErrorReport(getDb(), found.importId);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="import-${found.importId}-errors.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
