import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { requestDataExport } from '@modules/admin/index.server';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { requireProductAdmin } from '~/utils/session.server';

/** GET: back to the user's page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  throw redirect(`/admin/user-editor/${idParam(params, 'userId')}`);
}

/**
 * POST /admin/user-data-export/{userId}: a product admin asks for a copy of this person's data
 * (issue 27 s.2; audit logged). The job emails the admin; the user page shows its progress.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const userId = idParam(params, 'userId');
  await orNotFound(() => requestDataExport(getDb(), admin, userId));
  throw redirect(`/admin/user-editor/${userId}?export=requested#data-export`, { status: 303 });
}
