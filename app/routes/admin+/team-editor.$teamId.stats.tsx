import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SEGMENT_USERS_LIMIT } from '@modules/journeys/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { loadTeamInsights } from '~/features/insights/insights-data.server';
import { TeamInsights } from '~/components/insights/team-insights';
import { requireProductAdmin } from '~/utils/session.server';
import insightsStyles from '~/styles/insights.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: insightsStyles }];
export const meta: MetaFunction = () => [{ title: 'Team Settings | Stats | Leda Admin' }];

/** STATS tab of /admin/team-editor/{teamId}: the learner insights charts and drill-down (one component). Product admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const insights = await loadTeamInsights(team.teamId, new URL(request.url));
  return { teamId: team.teamId, insights, segmentLimit: SEGMENT_USERS_LIMIT };
}

/** Product admins may open any learner profile. */
const profileHref = (userId: number) => `/app/profile/${userId}`;

export default function TeamStats() {
  const { teamId, insights, segmentLimit } = useLoaderData<typeof loader>();
  return (
    <section className="ui-card te-stats" aria-label="Team stats">
      <TeamInsights data={insights} profileHref={profileHref} segmentLimit={segmentLimit} csvHref={`/admin/team-editor/${teamId}/stats.csv`} />
    </section>
  );
}
