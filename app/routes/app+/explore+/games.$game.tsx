import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { gameProblem, getGamePlay, playGame, type GameAction } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { exploreLinks } from '~/components/explore/explore-page';
import { GameStage, usePreloadedImages, type StageView } from '~/components/explore/game-stage';
import { IntentButton } from '~/components/explore/player-dialog';
import { PlayerScreen } from '~/components/explore/player-pages';
import { badRequest, gameIntent, parseIntent, playerStep, resultsView } from '~/features/explore/explore.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { journeyReturnPath, withReturnPath } from '~/features/journeys/journey-page.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.game.title ?? 'Game');

const LIST = '/app/explore/games';
const BUTTON = { choose: 'choose', continue: 'continue', 'try-again': 'tryAgain', 'view-results': 'results' } as const;

async function loadPlay(userId: number, param: string | undefined) {
  const play = await getGamePlay(getDb(), userId, routeId(param));
  if (!play) notFound();
  return play;
}

/** /app/explore/games/{game}: the dialogue game player (start window, stages, results) for the learner's attempt. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { game, view } = await loadPlay(user.userId, params.game);
  const stage = view.stage;
  return {
    game: {
      gameId: game.gameId,
      urlId: game.urlId,
      title: `${game.name} Game`,
      overview: game.overview,
      relatedSkills: game.relatedSkills.map((s) => s.name),
      problem: gameProblem(game),
    },
    // Opened from a journey step: Close and Finish lead back to it (decision 174).
    returnTo: journeyReturnPath(request),
    status: view.status,
    stage:
      stage && view.button
        ? ({
            stageId: stage.stageId,
            type: stage.type,
            htmlContent: stage.htmlContent,
            speaker: stage.speaker,
            imageBackground: stage.imageBackground,
            imageFocus: stage.imageFocus,
            choices: view.choices.map((c) => ({ choiceId: c.choiceId, htmlContent: c.htmlContent })),
            button: BUTTON[view.button],
          } satisfies StageView)
        : null,
    results: view.results ? await resultsView(view.results) : null,
    images: [...new Set(game.stages.flatMap((s) => [s.imageBackground, s.imageFocus]).filter((u): u is string => Boolean(u)))],
  };
}

/** Every click of the player is a POST; the attempt's state changes on the server, then the player reloads. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { game } = await loadPlay(user.userId, params.game);
  const body = await parseIntent(request, gameIntent);
  if (!body) return badRequest();
  const problem = gameProblem(game);
  if (problem && body.intent !== 'restart') return badRequest(problem);
  const step: GameAction =
    body.intent === 'choose'
      ? { type: 'choose', stageId: body.stageId, choiceId: body.choiceId }
      : body.intent === 'continue'
        ? { type: 'continue', stageId: body.stageId }
        : { type: body.intent };
  const failed = await playerStep(() => playGame(getDb(), user.userId, game.gameId, step));
  if (failed) return failed;
  throw redirect(withReturnPath(`${LIST}/${params.game}`, journeyReturnPath(request)));
}

export default function GamePlayer() {
  const { game, returnTo, status, stage, results, images } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const ready = usePreloadedImages(images);
  return (
    <PlayerScreen
      title={game.title}
      closeTo={returnTo ?? LIST}
      finishLabel={returnTo ? 'Back to the journey step' : undefined}
      formError={failure?.formError}
      problem={game.problem}
      results={status === 'results' ? results : null}
      restartLabel="Restart"
    >
      {stage ? (
        <GameStage stage={stage} />
      ) : (
        <div className="game-start">
          <p>{game.overview}</p>
          {game.relatedSkills.length ? <p className="player-meta">Skills: {game.relatedSkills.join(', ')}</p> : null}
          <div className="player-actions">
            <IntentButton intent="start" label={ready ? 'Start' : 'Loading…'} className="button primary" disabled={!ready} />
          </div>
        </div>
      )}
    </PlayerScreen>
  );
}
