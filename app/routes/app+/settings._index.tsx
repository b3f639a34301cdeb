import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/utils/session.server';

/** /app/settings: the bare path goes to the profile settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  throw redirect('/app/settings/profile');
}

export default function Settings() {
  return null;
}
