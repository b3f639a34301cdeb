import type { LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data ? `Insights for ${data.teamName}` : 'Insights');

/** /app/team/{teamId}/insights: insights (placeholder). Organisation admins of the team's organisation, product admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, params.teamId, 'insights');
  return { teamId: team.teamId, teamName: team.name };
}

export default function TeamInsights() {
  const { teamId, teamName } = useLoaderData<typeof loader>();
  return <PlaceholderPage title={`Insights for ${teamName}`} crumbs={[{ label: teamName, to: `/app/team/${teamId}` }, { label: 'Insights' }]} />;
}
