import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { makeUser } from '../../tests/support/factories';
import { importFixtureCatalogue, importFixtureStories } from '../../tests/support/content';
import { FeedbackType } from './schemas';
import { getAssessment, getGame, getSkillGroup, getSkillWithContent, getStory, randomExploreItems } from './catalogue.server';
import { getGamePlay, getSurveyPlay, playGame, playSurvey } from './attempts.server';
import { getUserProgress, recordCompletion, submitSystemFeedback } from './progress.server';
import { getReferenceData, referenceCacheOptions } from './reference.server';
import type { GameData } from './types';

beforeAll(async () => {
  await importFixtureStories();
});

describe('reference data', () => {
  it('holds capabilities > groups > skills (no content), modules > stories > chapters, games, assessments, journeys []', async () => {
    const ref = await getReferenceData(getDb());
    expect(ref.capabilities.map((c) => c.urlId)).toEqual(['leading-yourself', 'leading-others']);
    const groups = ref.capabilities.flatMap((c) => c.skillGroups);
    expect(groups.map((g) => g.urlId)).toEqual(['self-awareness', 'self-management', 'social-awareness', 'relationship-management']);
    expect(groups[0]).toMatchObject({ primaryColour: 'C9771F', complementaryColour: 'FCE9CF' });
    const skill = groups.flatMap((g) => g.skills).find((s) => s.urlId === 'empathy')!;
    expect(skill).toMatchObject({ name: 'Empathy', skillGroupUrlId: 'social-awareness', isLocked: false });
    expect(skill).not.toHaveProperty('content');
    expect(groups.flatMap((g) => g.skills)).toHaveLength(11);
    expect(ref.modules.map((m) => m.stories.length)).toEqual([2, 1]);
    const story = ref.modules[0]!.stories[0]!;
    expect(story.chapters[0]).toEqual(expect.objectContaining({ urlId: expect.any(String), ordinal: expect.any(Number), videoId: expect.any(Number) }));
    expect(story.chapters[0]).not.toHaveProperty('htmlContent');
    expect(ref.games).toHaveLength(1);
    expect(ref.assessments).toHaveLength(2);
    expect(ref.assessments[0]!.relatedSkills[0]).toEqual(expect.objectContaining({ maxPoints: expect.any(Number), name: expect.any(String) }));
    expect(ref.journeys).toEqual([]);
  });

  it('is served from the cache until an import (here) or a version bump (another process) invalidates it', async () => {
    const first = await getReferenceData(getDb());
    expect(await getReferenceData(getDb())).toBe(first);
    await getDb().updateTable('skills').set({ name: 'Empathy (edited by SQL)' }).where('url_id', '=', 'empathy').execute();
    expect(await getReferenceData(getDb())).toBe(first); // same process, no import: still cached

    // Another process imports: it bumps the version row; this process notices on its next check.
    const saved = referenceCacheOptions.checkEveryMs;
    referenceCacheOptions.checkEveryMs = 0;
    try {
      expect(await getReferenceData(getDb())).toBe(first); // version unchanged: the cache holds
      await sql`update catalogue_version set version = version + 1`.execute(getDb());
      const fresh = await getReferenceData(getDb());
      expect(fresh).not.toBe(first);
      expect(fresh.capabilities.flatMap((c) => c.skillGroups).flatMap((g) => g.skills).some((s) => s.name === 'Empathy (edited by SQL)')).toBe(true);
    } finally {
      referenceCacheOptions.checkEveryMs = saved;
    }
    await importFixtureCatalogue(); // an import here clears the cache at once
    const restored = await getReferenceData(getDb());
    expect(restored.capabilities.flatMap((c) => c.skillGroups).flatMap((g) => g.skills).some((s) => s.name === 'Empathy')).toBe(true);
  });
});

describe('explore reads', () => {
  it('a skill with content and related videos; a locked skill has no content', async () => {
    const skill = await getSkillWithContent(getDb(), 'empathy');
    expect(skill).toMatchObject({ urlId: 'empathy', isLocked: false, skillGroup: { urlId: 'social-awareness' } });
    expect(skill!.content).toContain('<p>');
    expect(skill!.relatedVideos.length).toBeGreaterThan(0);
    expect(await getSkillWithContent(getDb(), skill!.skillId)).toMatchObject({ urlId: 'empathy' });
    const locked = await getSkillWithContent(getDb(), 'values-and-purpose');
    expect(locked).toMatchObject({ isLocked: true, content: null, relatedVideos: [] });
    expect(await getSkillWithContent(getDb(), 'no-such-skill')).toBeNull();
    expect(await getSkillWithContent(getDb(), '<script>')).toBeNull();
  });

  it('a skill group with its skills', async () => {
    const group = await getSkillGroup(getDb(), 'self-management');
    expect(group?.skills.length).toBe(2);
    expect(await getSkillGroup(getDb(), 'nope')).toBeNull();
  });

  it('a story with chapters, videos and related items; a locked story without chapter content', async () => {
    const story = await getStory(getDb(), 'the-first-ninety-days');
    expect(story).toMatchObject({ isFeatured: true, isLocked: false, moduleName: 'Stepping Up' });
    const chapter = story!.chapters[0]!;
    expect(chapter.htmlContent).toContain('<p>');
    expect(chapter.video).toMatchObject({ videoUrl: expect.stringMatching(/^\/media\/videos\/clip-\d\.webm$/) });
    expect(chapter.relatedAssessments[0]).toMatchObject({ urlId: 'self-awareness-check' });
    const locked = await getStory(getDb(), 'the-restructure');
    expect(locked!.isLocked).toBe(true);
    expect(locked!.chapters.every((c) => c.htmlContent === '' && c.video === null)).toBe(true);
    expect(await getStory(getDb(), 999999)).toBeNull();
  });

  it('random explore items: at most 5 unlocked skills with their group and at most 5 stories (the fixtures have 3)', async () => {
    const { skills, stories } = await randomExploreItems(getDb());
    expect(skills).toHaveLength(5);
    expect(skills.every((s) => !s.isLocked && s.skillGroup.urlId)).toBe(true);
    expect(stories).toHaveLength(3);
  });

  it('a game and an assessment in full', async () => {
    const game = await getGame(getDb(), 'the-heated-meeting');
    expect(game!.stages.find((s) => s.stageId === game!.startStageId)?.key).toBe('intro');
    expect(game!.stages.some((s) => s.choices.some((c) => c.choiceSkills.length))).toBe(true);
    expect(game!.gameFeedbacks.length).toBeGreaterThan(0);
    const survey = await getAssessment(getDb(), 'self-awareness-check');
    expect(survey!.questions[0]!.options[0]!.optionSkills[0]).toEqual(expect.objectContaining({ value: 0 }));
    expect(await getGame(getDb(), 'nope')).toBeNull();
    expect(await getAssessment(getDb(), 0)).toBeNull();
  });
});

describe('progress and feedback', () => {
  it('records a completion once, keeping the first time', async () => {
    const { userId } = await makeUser();
    const game = await getGame(getDb(), 'the-heated-meeting');
    const first = await recordCompletion(getDb(), userId, 'game', game!.gameId);
    await new Promise((r) => setTimeout(r, 5));
    expect(await recordCompletion(getDb(), userId, 'game', game!.gameId)).toBe(first);
    const progress = await getUserProgress(getDb(), userId);
    expect(progress).toEqual({ activity: {}, assessment: {}, content: {}, game: { [String(game!.gameId)]: first }, video: {} });
    await expect(recordCompletion(getDb(), userId, 'video', 987654)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('stores thumbs, stars and messages; rejects bad ratings and empty messages', async () => {
    const { userId } = await makeUser();
    const id = await submitSystemFeedback(getDb(), userId, { feedbackType: FeedbackType.SkillPageThumbs, rating: -1, url: '/app/explore/skill/empathy' });
    const row = await getDb().selectFrom('system_feedbacks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, feedback_type: 1, rating: -1, url: '/app/explore/skill/empathy', message: null });
    await submitSystemFeedback(getDb(), userId, { feedbackType: FeedbackType.ActivityStars, rating: 5 });
    await submitSystemFeedback(getDb(), userId, { feedbackType: FeedbackType.JourneyMessage, message: '  Loved it  ' });
    await expect(submitSystemFeedback(getDb(), userId, { feedbackType: FeedbackType.SkillPageThumbs, rating: 3 })).rejects.toThrow('Thumbs are -1 or 1');
    await expect(submitSystemFeedback(getDb(), userId, { feedbackType: FeedbackType.ActivityStars, rating: 6 })).rejects.toThrow('Choose a rating from 1 to 5 stars');
    await expect(submitSystemFeedback(getDb(), userId, { feedbackType: FeedbackType.ActivityMessage, message: '   ' })).rejects.toThrow('Enter a message');
    await expect(submitSystemFeedback(getDb(), userId, { feedbackType: 12, rating: 1 })).rejects.toThrow('Unknown feedback type');
  });
});

/** Plays a game to its results, taking at each choice stage the first listed choice not yet tried there. */
async function playThrough(userId: number, game: GameData) {
  let play = await playGame(getDb(), userId, game.urlId, { type: 'start' });
  const tried = new Set<number>();
  for (let i = 0; i < 200 && play!.view.status === 'playing'; i++) {
    const view = play!.view;
    const stageId = view.stage!.stageId;
    const choice = view.choices.find((c) => !tried.has(c.choiceId)) ?? view.choices[0];
    if (choice) tried.add(choice.choiceId);
    play = view.button === 'choose' ? await playGame(getDb(), userId, game.urlId, { type: 'choose', choiceId: choice!.choiceId, stageId }) : await playGame(getDb(), userId, game.urlId, { type: 'continue', stageId });
  }
  return play!;
}

describe('server-side players', () => {
  it('plays a game to its results, recording completion once; the state survives between requests', async () => {
    const { userId } = await makeUser();
    const game = (await getGame(getDb(), 'the-heated-meeting'))!;
    expect((await getGamePlay(getDb(), userId, game.gameId))!.view.status).toBe('start');
    const started = await playGame(getDb(), userId, game.gameId, { type: 'start' });
    expect((await getGamePlay(getDb(), userId, game.gameId))!.state).toEqual(started!.state);
    const done = await playThrough(userId, game);
    expect(done.view.status).toBe('results');
    expect(done.view.results!.length).toBeGreaterThan(0);
    const completedAt = done.state.completedAt;
    expect((await getUserProgress(getDb(), userId)).game[String(game.gameId)]).toBe(completedAt);
    // A resubmitted form after the end changes nothing; a replay keeps the first completion time.
    expect((await playGame(getDb(), userId, game.gameId, { type: 'continue', stageId: 1 }))!.state).toEqual(done.state);
    await playGame(getDb(), userId, game.gameId, { type: 'restart' });
    const again = await playThrough(userId, game);
    expect(again.view.status).toBe('results');
    expect((await getUserProgress(getDb(), userId)).game[String(game.gameId)]).toBe(completedAt);
    const rows = await getDb().selectFrom('user_progress').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('plays a survey to its results and rejects a foreign option with a message', async () => {
    const { userId } = await makeUser();
    const survey = (await getAssessment(getDb(), 'team-communication-survey'))!;
    let play = await playSurvey(getDb(), userId, survey.urlId, { type: 'start' });
    await expect(playSurvey(getDb(), userId, survey.urlId, { type: 'answer', optionId: -5 })).rejects.toMatchObject({ code: 'invalid' });
    while (play!.view.status === 'question') {
      const q = play!.view.question!;
      play = await playSurvey(getDb(), userId, survey.urlId, { type: 'answer', optionId: q.options.at(-1)!.optionId, questionId: q.questionId });
    }
    expect(play!.view.status).toBe('results');
    expect(play!.view.results!.every((r) => r.feedbacks.length > 0)).toBe(true);
    expect((await getSurveyPlay(getDb(), userId, survey.assessmentId))!.view.status).toBe('results');
    expect((await getUserProgress(getDb(), userId)).assessment[String(survey.assessmentId)]).toBe(play!.state.completedAt);
    expect(await playSurvey(getDb(), userId, 'nope', { type: 'start' })).toBeNull();
  });
});
