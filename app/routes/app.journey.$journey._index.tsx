import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { appHomePath } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Journey');

/** /app/journey/{journey}: a journey by id or url id (placeholder). The student licence hides journeys. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.userPermissions.licenseType === LicenseType.Student) throw redirect(appHomePath(user));
  return null;
}

export default function Journey() {
  return <PlaceholderPage title="Journey" />;
}
