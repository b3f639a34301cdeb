import { describe, expect, it } from 'vitest';
import { addPoints, applyGameAction, gameProblem, gameView, newGameState, startGame, type GameState } from './game-player';
import { DialogueStageType as T, Operator } from './schemas';
import type { GameData, StageData } from './types';

const stage = (stageId: number, type: number, nextStageId: number | null, choices: StageData['choices'] = []): StageData => ({
  stageId,
  key: `s${stageId}`,
  type,
  speaker: null,
  htmlContent: `<p>Stage ${stageId}</p>`,
  imageBackground: null,
  imageFocus: null,
  nextStageId,
  choices,
});
const SKILL = 7;
const choice = (choiceId: number, nextStageId: number | null, value: number) => ({ choiceId, htmlContent: `<p>c${choiceId}</p>`, nextStageId, choiceSkills: [{ skillId: SKILL, value }] });

/** intro(1) -> choice(2): good(21)->3 ChoiceGood, bad(22)->4 ChoiceBad -> back to 2, neutral(23)->3 ; 3 -> end(5, no next). */
function makeGame(shuffle = false): GameData {
  return {
    gameId: 1,
    urlId: 'g',
    name: 'G',
    type: 1,
    overview: '',
    isChoiceShuffleOn: shuffle,
    relatedSkills: [{ skillId: SKILL, urlId: 'empathy', name: 'Empathy', maxPoints: 3 }],
    startStageId: 1,
    stages: [
      stage(1, T.Intro, 2),
      stage(2, T.Choice, null, [choice(21, 3, 3), choice(22, 4, -1), choice(23, 3, 1)]),
      stage(3, T.ChoiceGood, 5),
      stage(4, T.ChoiceBad, 2),
      stage(5, T.SpeechNarrator, null),
    ],
    gameFeedbacks: [
      { skillId: SKILL, operator: Operator.GreaterThanOrEqualTo, value: 3, htmlContent: 'great' },
      { skillId: SKILL, operator: Operator.LessThan, value: 3, htmlContent: 'practise' },
    ],
    gameActivities: [],
  };
}

/** A fixed sequence of "random" numbers (always reversing for 0.0). */
const zero = () => 0;

describe('dialogue game player', () => {
  it('starts at the start stage and shows Continue on a stage with a next stage', () => {
    const game = makeGame();
    const s = startGame(game, zero);
    expect(s.status).toBe('playing');
    expect(s.stageId).toBe(1);
    expect(gameView(game, s).button).toBe('continue');
    expect(gameView(game, newGameState()).status).toBe('start');
  });

  it('adds choice points on the first visit only, shows Try again on a bad choice, and View results at the end', () => {
    const game = makeGame();
    let s = applyGameAction(game, newGameState(), { type: 'start' }, zero);
    s = applyGameAction(game, s, { type: 'continue', stageId: 1 }, zero);
    expect(gameView(game, s).button).toBe('choose');
    s = applyGameAction(game, s, { type: 'choose', choiceId: 22, stageId: 2 }, zero);
    expect(s.points[String(SKILL)]).toBe(0); // -1 from zero: the running total stays at zero
    expect(gameView(game, s).button).toBe('try-again');
    s = applyGameAction(game, s, { type: 'continue' }, zero); // Try again: back to the choice
    expect(s.stageId).toBe(2);
    s = applyGameAction(game, s, { type: 'choose', choiceId: 21 }, zero);
    expect(s.points[String(SKILL)]).toBe(0); // second visit of the stage: no points
    expect(s.stageId).toBe(3);
    s = applyGameAction(game, s, { type: 'continue' }, zero);
    expect(gameView(game, s).button).toBe('view-results');
    expect(applyGameAction(game, s, { type: 'results', stageId: 3 }, zero)).toBe(s); // stale
    s = applyGameAction(game, s, { type: 'results', stageId: 5 }, zero);
    expect(s.status).toBe('results');
    const view = gameView(game, s);
    // The results never show negative points: the wrong first choice's -1 shows as 0 / 3.
    expect(view.results?.[0]).toMatchObject({ skillId: SKILL, points: 0, maxPoints: 3, feedbacks: ['practise'] });
  });

  it('counts a retried stage once, however often the player tries again', () => {
    const game = makeGame();
    let s = startGame(game, zero);
    s = applyGameAction(game, s, { type: 'continue' }, zero);
    s = applyGameAction(game, s, { type: 'choose', choiceId: 23 }, zero); // neutral: +1, on to 3
    expect(s.points[String(SKILL)]).toBe(1);
    s = applyGameAction(game, s, { type: 'restart' }, zero);
    s = applyGameAction(game, s, { type: 'start' }, zero);
    s = applyGameAction(game, s, { type: 'continue' }, zero);
    for (let i = 0; i < 3; i++) {
      s = applyGameAction(game, s, { type: 'choose', choiceId: 22 }, zero); // bad: -1 only the first time
      s = applyGameAction(game, s, { type: 'continue' }, zero); // Try again
    }
    expect(s.points[String(SKILL)]).toBe(0);
    expect(s.scored).toEqual([2]);
    s = applyGameAction(game, s, { type: 'choose', choiceId: 21 }, zero);
    expect(s.points[String(SKILL)]).toBe(0); // the retried (good) choice adds nothing
    s = applyGameAction(game, applyGameAction(game, s, { type: 'continue' }, zero), { type: 'results' }, zero);
    const [result] = gameView(game, s).results ?? [];
    expect(result?.points).toBe(0);
  });

  it('keeps every running total at zero or above, whatever the order of good and bad choices', () => {
    // intro(1) -> A(2): bad -2 (skill 7), +1 (skill 8) -> B(3): good +3 (skill 7), bad -5 (skill 8) -> end(4).
    const game: GameData = {
      ...makeGame(),
      relatedSkills: [
        { skillId: 7, urlId: 'empathy', name: 'Empathy', maxPoints: 3 },
        { skillId: 8, urlId: 'listening', name: 'Listening', maxPoints: 3 },
      ],
      stages: [
        stage(1, T.Intro, 2),
        stage(2, T.Choice, null, [{ choiceId: 31, htmlContent: '', nextStageId: 3, choiceSkills: [{ skillId: 7, value: -2 }, { skillId: 8, value: 1 }] }]),
        stage(3, T.Choice, null, [{ choiceId: 41, htmlContent: '', nextStageId: 4, choiceSkills: [{ skillId: 7, value: 3 }, { skillId: 8, value: -5 }] }]),
        stage(4, T.SpeechNarrator, null),
      ],
    };
    let s = applyGameAction(game, startGame(game, zero), { type: 'continue' }, zero);
    s = applyGameAction(game, s, { type: 'choose', choiceId: 31 }, zero);
    expect(s.points).toEqual({ '7': 0, '8': 1 });
    s = applyGameAction(game, s, { type: 'choose', choiceId: 41 }, zero);
    expect(s.points).toEqual({ '7': 3, '8': 0 }); // the good choice counts in full; -5 stops at zero
    s = applyGameAction(game, s, { type: 'results' }, zero);
    expect(gameView(game, s).results?.map((r) => r.points)).toEqual([3, 0]);
  });

  it('starts a negative total saved by an older attempt again from zero', () => {
    expect(addPoints({ '7': -1, '9': 2 }, { choiceSkills: [{ skillId: 7, value: 3 }] })).toEqual({ '7': 3, '9': 2 });
    expect(addPoints({}, { choiceSkills: [{ skillId: 7, value: -1 }, { skillId: 7, value: 2 }] })).toEqual({ '7': 2 });
  });

  it('scores a good first choice', () => {
    const game = makeGame();
    let s = startGame(game, zero);
    s = applyGameAction(game, s, { type: 'continue' }, zero);
    s = applyGameAction(game, s, { type: 'choose', choiceId: 21 }, zero);
    s = applyGameAction(game, applyGameAction(game, s, { type: 'continue' }, zero), { type: 'continue' }, zero);
    expect(gameView(game, s).results?.[0]?.feedbacks).toEqual(['great']);
  });

  it('shuffles choices on the first visit when the game says so and keeps that order on a revisit', () => {
    const game = makeGame(true);
    let s = startGame(game, zero);
    s = applyGameAction(game, s, { type: 'continue' }, zero);
    const first = gameView(game, s).choices.map((c) => c.choiceId);
    expect(first).toEqual([22, 23, 21]); // Fisher-Yates with random() = 0
    s = applyGameAction(game, s, { type: 'choose', choiceId: 22 }, zero);
    s = applyGameAction(game, s, { type: 'continue' }, () => 0.99);
    expect(gameView(game, s).choices.map((c) => c.choiceId)).toEqual(first);
  });

  it('does not shuffle when shuffling is off', () => {
    const game = makeGame(false);
    const s = applyGameAction(game, startGame(game, zero), { type: 'continue' }, zero);
    expect(gameView(game, s).choices.map((c) => c.choiceId)).toEqual([21, 22, 23]);
  });

  it('ignores a stale action for another stage, rejects a foreign choice and Continue on a choice stage', () => {
    const game = makeGame();
    const s = applyGameAction(game, startGame(game, zero), { type: 'continue' }, zero);
    expect(applyGameAction(game, s, { type: 'continue', stageId: 1 }, zero)).toBe(s);
    expect(applyGameAction(game, s, { type: 'choose', choiceId: 21, stageId: 5 }, zero)).toBe(s);
    expect(() => applyGameAction(game, s, { type: 'choose', choiceId: 999 }, zero)).toThrow('That choice is not on this stage.');
    expect(() => applyGameAction(game, s, { type: 'continue' }, zero)).toThrow('Choose one of the options to continue.');
    expect(applyGameAction(game, s, { type: 'results' }, zero)).toBe(s); // not the end yet
  });

  it('restart resets everything to the start window; start while playing changes nothing', () => {
    const game = makeGame();
    let s: GameState = applyGameAction(game, startGame(game, zero), { type: 'continue' }, zero);
    expect(applyGameAction(game, s, { type: 'start' }, zero)).toBe(s);
    s = applyGameAction(game, s, { type: 'choose', choiceId: 21 }, zero);
    s = applyGameAction(game, s, { type: 'restart' }, zero);
    expect(s).toEqual(newGameState());
  });

  it('rejects a game without a start stage, or without stages, with the words the player page shows', () => {
    expect(() => startGame({ ...makeGame(), startStageId: null })).toThrow('Invalid game.');
    expect(gameProblem({ ...makeGame(), stages: [] })).toBe('No game to display.');
    expect(() => startGame({ ...makeGame(), stages: [] })).toThrow('No game to display.');
    expect(gameProblem({ ...makeGame(), type: 2 })).toBe('Invalid game.');
    expect(gameProblem(makeGame())).toBeNull();
  });
});
