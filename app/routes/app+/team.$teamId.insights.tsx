import type { LinksFunction, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SEGMENT_USERS_LIMIT } from '@modules/journeys/index.server';
import { TeamCrumbs } from '~/components/feed/crumbs';
import { loadTeamInsights } from '~/features/insights/insights-data.server';
import { TeamInsights } from '~/components/insights/team-insights';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';
import insightsStyles from '~/styles/insights.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: insightsStyles }];

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data ? `Insights for ${data.teamName}` : 'Insights'));

/**
 * /app/team/{teamId}/insights: retention and journey-progress charts with the drill-down
 * (?segment=journeyId:status). Organisation admins of the team's organisation and product admins
 * (policy.canSeeTeamInsights); an unknown team goes to the user's first team (decision 150).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, context, params.teamId, 'insights', 'app-home');
  const insights = await loadTeamInsights(team.teamId, new URL(request.url));
  return { teamId: team.teamId, teamName: team.name, insights, segmentLimit: SEGMENT_USERS_LIMIT };
}

const profileHref = (userId: number) => `/app/profile/${userId}`;

export default function TeamInsightsPage() {
  const { teamId, teamName, insights, segmentLimit } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <TeamCrumbs teamId={teamId} teamName={teamName} page="Insights" />
      <h1>Insights for {teamName}</h1>
      <TeamInsights data={insights} profileHref={profileHref} segmentLimit={segmentLimit} csvHref={`/app/team/${teamId}/insights.csv`} />
    </section>
  );
}
