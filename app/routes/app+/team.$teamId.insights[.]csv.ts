import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { getTeamLearnerProgress, learnerProgressCsv } from '@modules/journeys/index.server';
import { requireTeamAccess } from '~/utils/team-access.server';

/**
 * /app/team/{teamId}/insights.csv: the insights' per-learner table as a CSV download (issue 25 s.4),
 * for whoever may see the team's insights (policy.canSeeTeamInsights, through the same guard).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { team } = await requireTeamAccess(request, context, params.teamId, 'insights', 'app-home');
  const csv = learnerProgressCsv(await getTeamLearnerProgress(getDb(), team.teamId));
  const name = team.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'team';
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}-learners.csv"`, 'cache-control': 'private, no-store' },
  });
}
