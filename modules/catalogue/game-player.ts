import { z } from 'zod';
import { DialogueStageType, GameType } from './schemas';
import { evaluateResults, type SkillResult } from './results';
import type { GameData, StageData, ChoiceData } from './types';

/**
 * The dialogue game as a pure state machine (the server keeps the state per user and game, so
 * the player works as plain pages): start window, stages, results. A stage with choices waits
 * for a choice; one with a next stage shows Continue (ChoiceBad: 'Try again'); one with neither
 * shows 'View results'. Choice points are added only on a stage's first visit, and a skill's
 * running total never goes below zero; choices are shuffled on a stage's first visit when the game
 * says so, and that order is kept.
 */
export const gameStateSchema = z.object({
  status: z.enum(['start', 'playing', 'results']),
  stageId: z.number().int().nullable(),
  visited: z.array(z.number().int()),
  scored: z.array(z.number().int()),
  points: z.record(z.string(), z.number()),
  choiceOrders: z.record(z.string(), z.array(z.number().int())),
  chosen: z.record(z.string(), z.number().int()),
  completedAt: z.string().nullable(),
});
export type GameState = z.infer<typeof gameStateSchema>;

export type GameAction =
  | { type: 'start' }
  | { type: 'choose'; choiceId: number; stageId?: number }
  | { type: 'continue'; stageId?: number }
  /** 'View results': only on a stage with no choices and no next stage (else it changes nothing). */
  | { type: 'results'; stageId?: number }
  | { type: 'restart' };

export class PlayerError extends Error {}

export type Random = () => number;

export function newGameState(): GameState {
  return { status: 'start', stageId: null, visited: [], scored: [], points: {}, choiceOrders: {}, chosen: {}, completedAt: null };
}

const stageOf = (game: GameData, stageId: number | null) => game.stages.find((s) => s.stageId === stageId) ?? null;

function shuffle<T>(list: readonly T[], random: Random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function enter(game: GameData, state: GameState, stageId: number | null, random: Random): GameState {
  const stage = stageOf(game, stageId);
  if (!stage) return { ...state, status: 'results', stageId: null };
  if (state.visited.includes(stage.stageId)) return { ...state, status: 'playing', stageId: stage.stageId };
  const choiceOrders = { ...state.choiceOrders };
  if (game.isChoiceShuffleOn && stage.choices.length > 1) choiceOrders[String(stage.stageId)] = shuffle(stage.choices.map((c) => c.choiceId), random);
  return { ...state, status: 'playing', stageId: stage.stageId, visited: [...state.visited, stage.stageId], choiceOrders };
}

/**
 * Whether a game can be played, worded for the learner (the player page and the player agree):
 * 'No game to display.' without stages, 'Invalid game.' for a type other than Dialogue or a missing start.
 */
export function gameProblem(game: Pick<GameData, 'type' | 'startStageId' | 'stages'>): string | null {
  if (!game.stages.length) return 'No game to display.';
  if (game.type !== GameType.Dialogue || game.startStageId == null || !game.stages.some((s) => s.stageId === game.startStageId)) return 'Invalid game.';
  return null;
}

export function startGame(game: GameData, random: Random = Math.random): GameState {
  const problem = gameProblem(game);
  if (problem || game.startStageId == null) throw new PlayerError(problem ?? 'Invalid game.');
  return enter(game, newGameState(), game.startStageId, random);
}

export type GameButton = 'choose' | 'continue' | 'try-again' | 'view-results';
export const GAME_BUTTON_LABELS: Record<Exclude<GameButton, 'choose'>, string> = { continue: 'Continue', 'try-again': 'Try again', 'view-results': 'View results' };

export interface GameView {
  status: GameState['status'];
  stage: StageData | null;
  /** The stage's choices in the order shown (shuffled on first visit when the game says so). */
  choices: ChoiceData[];
  button: GameButton | null;
  results: SkillResult[] | null;
}

export function stageButton(stage: StageData): GameButton {
  if (stage.choices.length) return 'choose';
  if (stage.nextStageId != null) return stage.type === DialogueStageType.ChoiceBad ? 'try-again' : 'continue';
  return 'view-results';
}

export function orderedChoices(stage: StageData, state: GameState): ChoiceData[] {
  const order = state.choiceOrders[String(stage.stageId)];
  if (!order) return stage.choices;
  const byId = new Map(stage.choices.map((c) => [c.choiceId, c]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  return ordered.length === stage.choices.length ? ordered : stage.choices;
}

export function gameResults(game: GameData, state: GameState): SkillResult[] {
  return evaluateResults({ relatedSkills: game.relatedSkills, feedbacks: game.gameFeedbacks, activities: game.gameActivities, points: state.points });
}

export function gameView(game: GameData, state: GameState): GameView {
  if (state.status === 'results') return { status: 'results', stage: null, choices: [], button: null, results: gameResults(game, state) };
  const stage = state.status === 'playing' ? stageOf(game, state.stageId) : null;
  if (!stage) return { status: 'start', stage: null, choices: [], button: null, results: null };
  return { status: 'playing', stage, choices: orderedChoices(stage, state), button: stageButton(stage), results: null };
}

/**
 * The running total per skill after a choice: it never goes below zero (issue 9), so a wrong first
 * choice costs nothing beyond zero and later good choices count in full (decision 176).
 */
export function addPoints(points: GameState['points'], choice: Pick<ChoiceData, 'choiceSkills'>): GameState['points'] {
  const out = { ...points };
  for (const p of choice.choiceSkills) {
    const key = String(p.skillId);
    // An attempt saved before this rule may hold a negative total: it starts again from zero.
    out[key] = Math.max(0, Math.max(0, out[key] ?? 0) + p.value);
  }
  return out;
}

/** Applies one action. A stale action (for a stage other than the current one) changes nothing. */
export function applyGameAction(game: GameData, state: GameState, action: GameAction, random: Random = Math.random): GameState {
  switch (action.type) {
    case 'start':
      return state.status === 'playing' ? state : startGame(game, random);
    case 'restart':
      return newGameState();
    case 'choose': {
      if (state.status !== 'playing') return state;
      if (action.stageId != null && action.stageId !== state.stageId) return state;
      const stage = stageOf(game, state.stageId);
      const choice = stage?.choices.find((c) => c.choiceId === action.choiceId);
      if (!stage || !choice) throw new PlayerError('That choice is not on this stage.');
      let next = { ...state, chosen: { ...state.chosen, [String(stage.stageId)]: choice.choiceId } };
      // A stage scores once: its first choice counts, a retry ('Try again', a double click) adds nothing.
      if (!state.scored.includes(stage.stageId)) next = { ...next, points: addPoints(state.points, choice), scored: [...state.scored, stage.stageId] };
      return enter(game, next, choice.nextStageId, random);
    }
    case 'results': {
      if (state.status !== 'playing') return state;
      if (action.stageId != null && action.stageId !== state.stageId) return state;
      const stage = stageOf(game, state.stageId);
      if (stage && stageButton(stage) !== 'view-results') return state;
      return { ...state, status: 'results', stageId: null };
    }
    case 'continue': {
      if (state.status !== 'playing') return state;
      if (action.stageId != null && action.stageId !== state.stageId) return state;
      const stage = stageOf(game, state.stageId);
      if (!stage) return { ...state, status: 'results', stageId: null };
      if (stage.choices.length) throw new PlayerError('Choose one of the options to continue.');
      return enter(game, state, stage.nextStageId, random);
    }
  }
}
