import type { LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data ? `${data.teamName} Members` : 'Members');

/** /app/team/{teamId}/members: team members (placeholder). Members only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, params.teamId, 'member');
  return { teamId: team.teamId, teamName: team.name };
}

export default function TeamMembers() {
  const { teamId, teamName } = useLoaderData<typeof loader>();
  return <PlaceholderPage title={'Members'} crumbs={[{ label: teamName, to: `/app/team/${teamId}` }, { label: 'Members' }]} />;
}
