import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { getSurveyPlay, playSurvey, surveyProblem, type SurveyAction } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { exploreLinks } from '~/components/explore/explore-page';
import { IntentButton } from '~/components/explore/player-dialog';
import { PlayerScreen } from '~/components/explore/player-pages';
import { SurveyQuestion, type QuestionView } from '~/components/explore/survey-question';
import { badRequest, surveyIntent, parseIntent, playerStep, resultsView } from '~/features/explore/explore.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { journeyReturnPath, withReturnPath } from '~/features/journeys/journey-page.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.assessment.name ?? 'Assessment');

const LIST = '/app/explore/assessments';

async function loadPlay(userId: number, param: string | undefined) {
  const play = await getSurveyPlay(getDb(), userId, routeId(param));
  if (!play) notFound();
  return play;
}

/** /app/explore/assessments/{assessment}: the survey player (start screen, one question at a time, results). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { assessment, view } = await loadPlay(user.userId, params.assessment);
  const q = view.question;
  return {
    assessment: {
      assessmentId: assessment.assessmentId,
      urlId: assessment.urlId,
      name: assessment.name,
      overview: assessment.overview,
      instruction: assessment.instruction,
      citation: assessment.citation,
      questionCount: assessment.questions.length,
      problem: surveyProblem(assessment),
    },
    // Opened from a journey step: Close and Finish lead back to it (decision 174).
    returnTo: journeyReturnPath(request),
    status: view.status,
    question: q
      ? ({
          questionId: q.questionId,
          index: view.index,
          count: view.total,
          htmlContent: q.htmlContent,
          options: q.options.map((o) => ({ optionId: o.optionId, htmlContent: o.htmlContent })),
          selectedOptionId: view.selectedOptionId,
        } satisfies QuestionView)
      : null,
    results: view.results ? await resultsView(view.results) : null,
  };
}

/** Every click is a POST; the attempt (answers, position) lives on the server, then the player reloads. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { assessment } = await loadPlay(user.userId, params.assessment);
  const body = await parseIntent(request, surveyIntent);
  if (!body) return badRequest();
  const problem = surveyProblem(assessment);
  if (problem) return badRequest(problem);
  const step: SurveyAction =
    body.intent === 'answer'
      ? { type: 'answer', questionId: body.questionId, optionId: body.optionId }
      : body.intent === 'back' || body.intent === 'next'
        ? { type: body.intent, questionId: body.questionId }
        : { type: body.intent };
  const failed = await playerStep(() => playSurvey(getDb(), user.userId, assessment.assessmentId, step));
  if (failed) return failed;
  throw redirect(withReturnPath(`${LIST}/${params.assessment}`, journeyReturnPath(request)));
}

export default function SurveyPlayer() {
  const { assessment, returnTo, status, question, results } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <PlayerScreen
      title={assessment.name}
      closeTo={returnTo ?? LIST}
      finishLabel={returnTo ? 'Back to the journey step' : undefined}
      formError={failure?.formError}
      problem={assessment.problem}
      results={status === 'results' ? results : null}
      restartLabel="Restart survey"
    >
      {question ? (
        <SurveyQuestion question={question} />
      ) : (
        <div className="survey-start">
          <p>{assessment.overview}</p>
          {assessment.instruction ? <p>{assessment.instruction}</p> : null}
          <p className="player-meta">{assessment.questionCount} questions</p>
          <div className="player-actions">
            <IntentButton intent="start" label="Start survey" className="button primary" />
          </div>
          {assessment.citation ? <p className="survey-citation">{assessment.citation}</p> : null}
        </div>
      )}
    </PlayerScreen>
  );
}
