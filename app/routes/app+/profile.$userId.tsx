import type { LinksFunction, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProfileNotFound, ProfileView } from '~/components/profile/profile-view';
import { appMeta } from '~/utils/meta';
import { profilePageData } from '~/features/profile/profile.server';
import { requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }];

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data && !data.notFound ? data.profile.fullName : 'User not found'));

/**
 * /app/profile/{userId}: a profile the viewer may see (a shared organisation or team; product
 * admins any). Unknown, malformed and invisible ids alike: 'User not found.' with a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return profilePageData(user, params.userId ?? '');
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  return data.notFound ? <ProfileNotFound /> : <ProfileView data={data} />;
}
