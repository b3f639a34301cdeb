import type { LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data ? `${data.teamName} Journeys` : 'Journeys');

/** /app/team/{teamId}/journeys: team journeys (placeholder). Members of a team with journeys; not for student licences. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, params.teamId, 'journeys');
  return { teamId: team.teamId, teamName: team.name };
}

export default function TeamJourneys() {
  const { teamId, teamName } = useLoaderData<typeof loader>();
  return <PlaceholderPage title={'Journeys'} crumbs={[{ label: teamName, to: `/app/team/${teamId}` }, { label: 'Journeys' }]} />;
}
