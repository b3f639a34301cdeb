import type { LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.teamName ?? 'Team');

/** /app/team/{teamId}: team home (placeholder until the team feature lands). Members only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, params.teamId, 'member');
  return { teamId: team.teamId, teamName: team.name };
}

export default function TeamHome() {
  const { teamName } = useLoaderData<typeof loader>();
  return <PlaceholderPage title={teamName} />;
}
