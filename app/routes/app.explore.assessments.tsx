import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useOutlet } from '@remix-run/react';
import { getUserProgress, listAssessments } from '@modules/catalogue/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { CardGrid, AssessmentCard } from '~/components/explore/cards';
import { EmptyMessage, ExplorePage, exploreLinks } from '~/components/explore/explore-page';
import { PlayerHost } from '~/components/explore/player-dialog';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta('Assessments');

/** /app/explore/assessments: survey cards; a chosen survey runs in the nested player route over this list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [assessments, progress] = await Promise.all([listAssessments(), getUserProgress(user.userId)]);
  return {
    assessments: assessments.map((a) => ({ assessmentId: a.assessmentId, urlId: a.urlId, name: a.name, overview: a.overview, completed: progress.assessment[String(a.assessmentId)] != null })),
  };
}

export default function AssessmentsPage() {
  const { assessments } = useLoaderData<typeof loader>();
  const player = useOutlet();
  return (
    <PlayerHost player={player}>
      <ExplorePage crumbs={[EXPLORE_CRUMB, { label: 'Assessments' }]} title="Assessments" intro="Short self-assessment surveys: answer honestly and get feedback on where to focus next.">
        {assessments.length ? (
          <CardGrid label="Assessments">
            {assessments.map((a) => (
              <AssessmentCard key={a.assessmentId} assessment={a} completed={a.completed} />
            ))}
          </CardGrid>
        ) : (
          <EmptyMessage>No surveys to display.</EmptyMessage>
        )}
      </ExplorePage>
    </PlayerHost>
  );
}
