import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { DialogueStageType, getGame } from '@modules/catalogue/index.server';
import { loader as gamesLoader } from './games';
import { action as gameAction, loader as gameLoader } from './games.$game';
import { args, getRequest, run } from '../../../../tests/support/remix';
import { completionRows, learner, playerRoute, fixtureCatalogueBeforeAll } from '../../../../tests/support/explore';

/** The games page and a dialogue game played to its results through the actions (the no-JavaScript path), on the tests' own catalogue (tests/fixtures/catalogue). */
fixtureCatalogueBeforeAll();

const P = '/app/explore/games';
const { view, click } = playerRoute(P, 'game', { loader: gameLoader, action: gameAction });
const gameCompletions = (userId: number) => completionRows(userId, 'game');

describe('/app/explore/games', () => {
  it("lists the games as cards named with ' Game' added by the card", async () => {
    const { cookie } = await learner();
    const res = await run(() => gamesLoader(args(getRequest(P, { cookie }))));
    expect(res.data.games.map((g: { urlId: string }) => g.urlId)).toEqual(['the-heated-meeting']);
    expect(res.data.games.every((g: { completed: boolean }) => !g.completed)).toBe(true);
  });

  it('sends an anonymous visitor to log in and answers an unknown game with 404', async () => {
    expect((await run(() => gameLoader(args(getRequest(`${P}/the-heated-meeting`), { game: 'the-heated-meeting' })))).status).toBe(302);
    const { cookie } = await learner();
    expect((await view(cookie, 'no-such-game')).status).toBe(404);
    expect((await click(cookie, 'no-such-game', { intent: 'start' })).status).toBe(404);
  });
});

describe('playing a dialogue game', () => {
  it('goes from the start window through stages and choices to the results, recording completion once', async () => {
    const { cookie, userId } = await learner();
    const game = 'the-heated-meeting';
    const start = await view(cookie, game);
    expect(start.data.status).toBe('start');
    expect(start.data.game.title).toBe('The Heated Meeting Game');
    expect(start.data.game.problem).toBeNull();
    expect(start.data.stage).toBeNull();

    const started = await click(cookie, game, { intent: 'start' });
    expect(started.status).toBe(302);
    expect(started.location).toBe(`${P}/${game}`);

    // Bad choices first (their stage is ChoiceBad), so 'Try again' shows whatever the shuffled order.
    const data = (await getGame(getDb(), game))!;
    const badness = (choiceId: number) => {
      const choice = data.stages.flatMap((s) => s.choices).find((c) => c.choiceId === choiceId)!;
      return data.stages.find((s) => s.stageId === choice.nextStageId)?.type === DialogueStageType.ChoiceBad ? 0 : 1;
    };
    const tried = new Map<number, Set<number>>();
    const buttons = new Set<string>();
    let current = await view(cookie, game);
    for (let steps = 0; current.data.status === 'playing' && steps < 300; steps++) {
      const stage = current.data.stage;
      buttons.add(stage.button);
      if (stage.button === 'choose') {
        // Try each choice of a stage in turn, so a bad choice leads to 'Try again' and back.
        const seen = tried.get(stage.stageId) ?? new Set<number>();
        const untried = stage.choices.filter((c: { choiceId: number }) => !seen.has(c.choiceId));
        const choice = [...untried].sort((a, b) => badness(a.choiceId) - badness(b.choiceId))[0] ?? stage.choices[0];
        seen.add(choice.choiceId);
        tried.set(stage.stageId, seen);
        const res = await click(cookie, game, { intent: 'choose', stageId: String(stage.stageId), choiceId: String(choice.choiceId) });
        expect(res.status).toBe(302);
      } else {
        const res = await click(cookie, game, { intent: 'continue', stageId: String(stage.stageId) });
        expect(res.status).toBe(302);
      }
      current = await view(cookie, game);
    }
    expect(current.data.status).toBe('results');
    expect([...buttons].sort()).toEqual(['choose', 'continue', 'results', 'tryAgain']);
    const { results } = current.data;
    expect(results.skills.map((s: { name: string }) => s.name)).toEqual(['Conflict Management', 'Emotional Self-Control', 'Active Listening']);
    expect(results.skills.every((s: { maxPoints: number | null }) => typeof s.maxPoints === 'number')).toBe(true);
    expect(results.feedbacks.length).toBeGreaterThan(0);
    expect(results.feedbacks[0].htmlContent).toMatch(/^<p>/);

    expect(await gameCompletions(userId)).toHaveLength(1);
    // Reloading the results and a stale click record nothing more.
    await view(cookie, game);
    await click(cookie, game, { intent: 'continue', stageId: '1' });
    expect(await gameCompletions(userId)).toHaveLength(1);
    const list = await run(() => gamesLoader(args(getRequest(P, { cookie }))));
    expect(list.data.games.find((g: { urlId: string }) => g.urlId === game).completed).toBe(true);

    // Restart resets everything back to the start window.
    expect((await click(cookie, game, { intent: 'restart' })).status).toBe(302);
    const again = await view(cookie, game);
    expect(again.data.status).toBe('start');
    expect(again.data.results).toBeNull();
  });

  it('ignores a click for a stage that is no longer shown (double click, old tab)', async () => {
    const { cookie } = await learner();
    const game = 'the-heated-meeting';
    await click(cookie, game, { intent: 'start' });
    const first = await view(cookie, game);
    expect(first.data.stage.button).toBe('continue');
    await click(cookie, game, { intent: 'continue', stageId: String(first.data.stage.stageId) });
    const second = await view(cookie, game);
    await click(cookie, game, { intent: 'continue', stageId: String(first.data.stage.stageId) });
    const still = await view(cookie, game);
    expect(still.data.stage.stageId).toBe(second.data.stage.stageId);
  });

  it('answers a malformed click or a choice that is not on the stage with a 400 and a message', async () => {
    const { cookie } = await learner();
    const game = 'the-heated-meeting';
    for (const fields of [{ intent: 'jump' }, { intent: 'choose', stageId: 'x', choiceId: '1' }, {}]) {
      const res = await click(cookie, game, fields as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.data.formError).toBeTruthy();
    }
    await click(cookie, game, { intent: 'start' });
    let current = await view(cookie, game);
    while (current.data.stage.button !== 'choose') {
      await click(cookie, game, { intent: 'continue', stageId: String(current.data.stage.stageId) });
      current = await view(cookie, game);
    }
    const res = await click(cookie, game, { intent: 'choose', stageId: String(current.data.stage.stageId), choiceId: '999999' });
    expect(res.status).toBe(400);
    expect(res.data.formError).toBe('That choice is not on this stage.');
    const tooEarly = await click(cookie, game, { intent: 'continue', stageId: String(current.data.stage.stageId) });
    expect(tooEarly.status).toBe(400);
  });
});

describe('games that cannot be played', () => {
  it("shows 'No game to display.' for a game without stages and 'Invalid game.' for one without a start", async () => {
    const { cookie } = await learner();
    const db = getDb();
    await db.insertInto('games').values({ url_id: 'empty-game', name: 'Empty', overview: 'Nothing here', start_stage_id: null }).execute();
    const broken = await db.insertInto('games').values({ url_id: 'broken-game', name: 'Broken', overview: 'No start', start_stage_id: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('game_stages').values({ game_id: broken.id, key: 'only', type: 2, html_content: '<p>Alone</p>', next_stage_id: null }).execute();

    const empty = await view(cookie, 'empty-game');
    expect(empty.data.game.problem).toBe('No game to display.');
    const invalid = await view(cookie, 'broken-game');
    expect(invalid.data.game.problem).toBe('Invalid game.');
    const start = await click(cookie, 'broken-game', { intent: 'start' });
    expect(start.status).toBe(400);
    expect(start.data.formError).toBe('Invalid game.');
  });
});
