import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { openDataExport } from '@modules/admin/index.server';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { requireUser } from '~/utils/session.server';

/**
 * GET /app/settings/data/{exportId}/download: the export's ZIP, streamed from storage, to its person
 * or the product admin who asked for it (their session only); anyone else, and an expired or unfinished
 * export, gets 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const exportId = idParam(params, 'exportId');
  const file = await orNotFound(() => openDataExport(getDb(), user, exportId));
  return new Response(createReadableStreamFromReadable(file.open()), {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(file.byteSize),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
