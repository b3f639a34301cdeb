import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProfileNotFound, ProfileView } from '~/components/profile/profile-view';
import { appMeta } from '~/utils/meta';
import { profilePageData } from '~/features/profile/profile.server';
import { requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }];

export const meta = appMeta('My profile');

/** /app/profile: the current user's own profile, with the edit shortcut. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return profilePageData(user, user.userId);
}

export default function MyProfile() {
  const data = useLoaderData<typeof loader>();
  return data.notFound ? <ProfileNotFound /> : <ProfileView data={data} />;
}
