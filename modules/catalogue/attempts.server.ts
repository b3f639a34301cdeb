import type { Transaction } from 'kysely';
import { DomainError, type Database, type Db } from '@modules/shared/index.server';
import { getAssessment, getGame } from './catalogue.server';
import { applyGameAction, gameStateSchema, gameView, newGameState, PlayerError, type GameAction, type GameState, type GameView, type Random } from './game-player';
import { applySurveyAction, newSurveyState, surveyStateSchema, surveyView, type SurveyAction, type SurveyState, type SurveyView } from './survey-player';
import { recordCompletion } from './progress.server';
import type { AssessmentData, GameData } from './types';

/**
 * The server-side players: each user's attempt at a game or survey is one row holding the
 * player state (current stage/question, answers, points, visited stages, shuffled orders), so a
 * player works as plain pages without JavaScript. Each action runs in a transaction with the
 * attempt row locked; reaching the results records completion once.
 */
type Trx = Transaction<Database>;

export interface GamePlay {
  game: GameData;
  state: GameState;
  view: GameView;
}
export interface SurveyPlay {
  assessment: AssessmentData;
  state: SurveyState;
  view: SurveyView;
}

function validStage(game: GameData, state: GameState) {
  return state.stageId == null || game.stages.some((s) => s.stageId === state.stageId);
}

async function lockAttempt(trx: Trx, table: 'game_attempts' | 'assessment_attempts', userId: number, itemId: number, initial: unknown) {
  if (table === 'game_attempts') {
    await trx.insertInto('game_attempts').values({ user_id: userId, game_id: itemId, state: JSON.stringify(initial) }).onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing()).execute();
    return (await trx.selectFrom('game_attempts').select('state').where('user_id', '=', userId).where('game_id', '=', itemId).forUpdate().executeTakeFirstOrThrow()).state;
  }
  await trx.insertInto('assessment_attempts').values({ user_id: userId, assessment_id: itemId, state: JSON.stringify(initial) }).onConflict((oc) => oc.columns(['user_id', 'assessment_id']).doNothing()).execute();
  return (await trx.selectFrom('assessment_attempts').select('state').where('user_id', '=', userId).where('assessment_id', '=', itemId).forUpdate().executeTakeFirstOrThrow()).state;
}

const asDomainError = (e: unknown) => (e instanceof PlayerError ? new DomainError('invalid', e.message) : e);

/** The user's current attempt at a game (the start window when there is none); null for an unknown game. */
export async function getGamePlay(db: Db, userId: number, idOrUrlId: string | number): Promise<GamePlay | null> {
  const game = await getGame(db, idOrUrlId);
  if (!game) return null;
  const row = await db.selectFrom('game_attempts').select('state').where('user_id', '=', userId).where('game_id', '=', game.gameId).executeTakeFirst();
  const parsed = gameStateSchema.safeParse(row?.state);
  const state = parsed.success && validStage(game, parsed.data) ? parsed.data : newGameState();
  return { game, state, view: gameView(game, state) };
}

export async function playGame(db: Db, userId: number, idOrUrlId: string | number, action: GameAction, random: Random = Math.random): Promise<GamePlay | null> {
  const game = await getGame(db, idOrUrlId);
  if (!game) return null;
  try {
    const state = await db.transaction().execute(async (trx) => {
      const raw = await lockAttempt(trx, 'game_attempts', userId, game.gameId, newGameState());
      const parsed = gameStateSchema.safeParse(raw);
      const before = parsed.success && validStage(game, parsed.data) ? parsed.data : newGameState();
      let after = applyGameAction(game, before, action, random);
      if (after.status === 'results' && before.status !== 'results' && !after.completedAt) {
        after = { ...after, completedAt: await recordCompletion(trx, userId, 'game', game.gameId) };
      }
      if (after !== before) await trx.updateTable('game_attempts').set({ state: JSON.stringify(after), updated_at: new Date() }).where('user_id', '=', userId).where('game_id', '=', game.gameId).execute();
      return after;
    });
    return { game, state, view: gameView(game, state) };
  } catch (e) {
    throw asDomainError(e);
  }
}

function validQuestion(a: AssessmentData, s: SurveyState) {
  return s.index < Math.max(a.questions.length, 1);
}

export async function getSurveyPlay(db: Db, userId: number, idOrUrlId: string | number): Promise<SurveyPlay | null> {
  const assessment = await getAssessment(db, idOrUrlId);
  if (!assessment) return null;
  const row = await db.selectFrom('assessment_attempts').select('state').where('user_id', '=', userId).where('assessment_id', '=', assessment.assessmentId).executeTakeFirst();
  const parsed = surveyStateSchema.safeParse(row?.state);
  const state = parsed.success && validQuestion(assessment, parsed.data) ? parsed.data : newSurveyState();
  return { assessment, state, view: surveyView(assessment, state) };
}

export async function playSurvey(db: Db, userId: number, idOrUrlId: string | number, action: SurveyAction): Promise<SurveyPlay | null> {
  const assessment = await getAssessment(db, idOrUrlId);
  if (!assessment) return null;
  try {
    const state = await db.transaction().execute(async (trx) => {
      const raw = await lockAttempt(trx, 'assessment_attempts', userId, assessment.assessmentId, newSurveyState());
      const parsed = surveyStateSchema.safeParse(raw);
      const before = parsed.success && validQuestion(assessment, parsed.data) ? parsed.data : newSurveyState();
      let after = applySurveyAction(assessment, before, action);
      if (after.status === 'results' && before.status !== 'results' && !after.completedAt) {
        after = { ...after, completedAt: await recordCompletion(trx, userId, 'assessment', assessment.assessmentId) };
      }
      if (after !== before) {
        await trx.updateTable('assessment_attempts').set({ state: JSON.stringify(after), updated_at: new Date() }).where('user_id', '=', userId).where('assessment_id', '=', assessment.assessmentId).execute();
      }
      return after;
    });
    return { assessment, state, view: surveyView(assessment, state) };
  } catch (e) {
    throw asDomainError(e);
  }
}
