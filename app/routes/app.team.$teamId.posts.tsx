import type { LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data ? `${data.teamName} Posts` : 'Posts');

/** /app/team/{teamId}/posts: the team's posts table (placeholder). Members who may administer the team. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, params.teamId, 'admin');
  return { teamId: team.teamId, teamName: team.name };
}

export default function TeamPosts() {
  const { teamId, teamName } = useLoaderData<typeof loader>();
  return <PlaceholderPage title={'Posts'} crumbs={[{ label: teamName, to: `/app/team/${teamId}` }, { label: 'Posts' }]} />;
}
