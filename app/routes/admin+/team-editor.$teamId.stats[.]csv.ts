import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { getTeamLearnerProgress, learnerProgressCsv } from '@modules/journeys/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { requireProductAdmin } from '~/utils/session.server';

/** /admin/team-editor/{teamId}/stats.csv: the STATS tab's per-learner table as CSV. Product admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  return new Response(learnerProgressCsv(await getTeamLearnerProgress(getDb(), team.teamId)), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="team-${team.teamId}-learners.csv"`, 'cache-control': 'private, no-store' },
  });
}
