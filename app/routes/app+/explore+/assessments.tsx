import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getUserProgress, listAssessments } from '@modules/catalogue/index.server';
import { AssessmentCard } from '~/components/explore/cards';
import { exploreLinks } from '~/components/explore/explore-page';
import { PlayerListPage } from '~/components/explore/player-pages';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import { getDb } from '@modules/shared/index.server';

export const links = exploreLinks;
export const meta = appMeta('Assessments');

/** /app/explore/assessments: survey cards; a chosen survey runs in the nested player route over this list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [assessments, progress] = await Promise.all([listAssessments(getDb()), getUserProgress(getDb(), user.userId)]);
  return {
    assessments: assessments.map((a) => ({ assessmentId: a.assessmentId, urlId: a.urlId, name: a.name, overview: a.overview, completed: progress.assessment[String(a.assessmentId)] != null })),
  };
}

export default function AssessmentsPage() {
  const { assessments } = useLoaderData<typeof loader>();
  return (
    <PlayerListPage
      title="Assessments"
      intro="Short self-assessment surveys: answer honestly and get feedback on where to focus next."
      empty="No surveys to display."
      cards={assessments.map((a) => (
        <AssessmentCard key={a.assessmentId} assessment={a} completed={a.completed} />
      ))}
    />
  );
}
