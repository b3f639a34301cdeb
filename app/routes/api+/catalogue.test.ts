import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getReferenceData, getStory, saveContent } from '@modules/catalogue/index.server';
import type { getAssessment as findAssessment, getContentById, getContentPreviewById, getGame as findGame, getSkillWithContent } from '@modules/catalogue/index.server';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { args, jsonRequest, run, type ApiAnswer } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';
import * as getSkill from './skill+/getSkillWithContent';
import * as getStoryRoute from './course+/getStoryById';
import * as getGame from './game+/getGameById';
import * as completedGame from './game+/userCompletedGame';
import * as getAssessment from './assessment+/getAssessmentById';
import * as completedAssessment from './assessment+/userCompletedAssessment';
import * as getContent from './content+/getContentById';
import * as getContentPreview from './content+/getContentPreviewById';
import * as completedContent from './content+/userCompletedContent';
import * as completedVideo from './video+/userCompletedVideo';
import * as feedback from './feedback+/submitSystemFeedback';
import * as authenticate from './auth+/authenticate';
import { importFixtureStories } from '../../../tests/support/content';

type Route = { action: (a: never) => Promise<unknown> };
let token = '';
let userId = 0;
let contentId = 0;

const post = <T = ApiAnswer<object>>(route: Route, path: string, body: unknown, opts: { token?: string; method?: string } = { token }) =>
  run<T>(() => route.action(args(jsonRequest(path, body, opts)) as never));
/** The /api answer of a handler that answers what `F` finds (a 404 when nothing). */
type Found<F extends (...a: never[]) => unknown> = ApiAnswer<NonNullable<Awaited<ReturnType<F>>>>;

beforeAll(async () => {
  await importFixtureStories();
  const user = await makeUser();
  userId = user.userId;
  token = (await signIn(user.userId)).token;
  contentId = await saveContent(getDb(), {
    urlId: 'five-minute-check-in',
    name: 'The five-minute check-in',
    overview: 'A short habit.',
    htmlContent: '<h2>Why</h2><p>One.</p><p>Two.</p><p>Three.</p><script>alert(1)</script>',
  });
});

const ALL: [string, Route, unknown][] = [
  ['/api/skill/getSkillWithContent', getSkill, { skillId: 'empathy' }],
  ['/api/course/getStoryById', getStoryRoute, { storyId: 'feedback-that-lands' }],
  ['/api/game/getGameById', getGame, { gameId: 'the-heated-meeting' }],
  ['/api/game/userCompletedGame', completedGame, { gameId: 1 }],
  ['/api/assessment/getAssessmentById', getAssessment, { assessmentId: 'self-awareness-check' }],
  ['/api/assessment/userCompletedAssessment', completedAssessment, { assessmentId: 1 }],
  ['/api/content/getContentById', getContent, { contentId: 1 }],
  ['/api/content/getContentPreviewById', getContentPreview, { contentId: 1 }],
  ['/api/content/userCompletedContent', completedContent, { contentId: 1 }],
  ['/api/video/userCompletedVideo', completedVideo, { videoId: 1 }],
  ['/api/feedback/submitSystemFeedback', feedback, { feedbackType: 1, rating: 1 }],
];

describe('catalogue /api paths', () => {
  it.each(ALL)('%s: 403 without a token, 405 for GET, 400 for a bad body', async (path, route, body) => {
    expect((await post(route, path, body, {})).status).toBe(403);
    expect((await post(route, path, body, { token: 'not-a-session' })).status).toBe(403);
    const bad = await post(route, path, { nothing: true });
    expect(bad.status).toBe(400);
    expect(bad.data.errorMsg).toEqual(expect.any(String));
    const get = await run<unknown>(() => (route as unknown as { loader: (a: never) => Promise<unknown> }).loader(args(jsonRequest(path, null, { token, method: 'GET' })) as never));
    expect(get.status).toBe(405);
  });

  it('getSkillWithContent: the skill with content; a locked skill without; unknown -> 404', async () => {
    const ok = await post<Found<typeof getSkillWithContent>>(getSkill, '/api/skill/getSkillWithContent', { skillId: 'empathy' });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ urlId: 'empathy', name: 'Empathy', isLocked: false, skillGroupUrlId: 'social-awareness' });
    expect(ok.data.content).toContain('<p>');
    const byId = await post<Found<typeof getSkillWithContent>>(getSkill, '/api/skill/getSkillWithContent', { skillId: ok.data.skillId });
    expect(byId.data.urlId).toBe('empathy');
    const locked = await post<Found<typeof getSkillWithContent>>(getSkill, '/api/skill/getSkillWithContent', { skillId: 'values-and-purpose' });
    expect(locked.status).toBe(200);
    expect(locked.data).toMatchObject({ isLocked: true, content: null, relatedVideos: [] });
    const missing = await post<Found<typeof getSkillWithContent>>(getSkill, '/api/skill/getSkillWithContent', { skillId: 'no-such-skill' });
    expect(missing).toMatchObject({ status: 404, data: { errorMsg: 'No skill content to display.' } });
  });

  it('getStoryById: chapters with HTML and video; a locked story without; unknown -> 404', async () => {
    const ok = await post<Found<typeof getStory>>(getStoryRoute, '/api/course/getStoryById', { storyId: 'feedback-that-lands' });
    expect(ok.status).toBe(200);
    expect(ok.data.chapters.length).toBeGreaterThanOrEqual(3);
    expect(ok.data.chapters[0]).toMatchObject({ htmlContent: expect.stringContaining('<p>'), video: { videoUrl: expect.any(String) } });
    const locked = await post<Found<typeof getStory>>(getStoryRoute, '/api/course/getStoryById', { storyId: 'the-restructure' });
    expect(locked.data.isLocked).toBe(true);
    expect(locked.data.chapters.every((c: { htmlContent: string; video: unknown }) => c.htmlContent === '' && c.video === null)).toBe(true);
    expect((await post<Found<typeof getStory>>(getStoryRoute, '/api/course/getStoryById', { storyId: 424242 })).status).toBe(404);
  });

  it('getGameById and getAssessmentById: the full item; unknown -> 404 with the spec message', async () => {
    const game = await post<Found<typeof findGame>>(getGame, '/api/game/getGameById', { gameId: 'the-heated-meeting' });
    expect(game.data).toMatchObject({ urlId: 'the-heated-meeting', type: 1, isChoiceShuffleOn: true });
    expect(game.data.stages.length).toBeGreaterThan(10);
    expect((await post<Found<typeof findGame>>(getGame, '/api/game/getGameById', { gameId: 'nope' })).data).toEqual({ errorMsg: 'No game to display.' });
    const survey = await post<Found<typeof findAssessment>>(getAssessment, '/api/assessment/getAssessmentById', { assessmentId: 'self-awareness-check' });
    expect(survey.data).toMatchObject({ type: 1, surveyId: survey.data.assessmentId });
    expect(survey.data.questions.length).toBeGreaterThan(3);
    expect(await post<Found<typeof findAssessment>>(getAssessment, '/api/assessment/getAssessmentById', { assessmentId: 31337 })).toMatchObject({ status: 404, data: { errorMsg: 'No assessment to display.' } });
  });

  it('getContentById and getContentPreviewById: sanitised HTML, the preview only its opening; unknown -> 404', async () => {
    const full = await post<Found<typeof getContentById>>(getContent, '/api/content/getContentById', { contentId });
    expect(full.status).toBe(200);
    expect(full.data.htmlContent).toContain('<p>Three.</p>');
    expect(full.data.htmlContent).not.toContain('<script>');
    const preview = await post<Found<typeof getContentPreviewById>>(getContentPreview, '/api/content/getContentPreviewById', { contentId: 'five-minute-check-in' });
    expect(preview.data).toMatchObject({ isPreview: true, htmlContent: '<h2>Why</h2><p>One.</p>' });
    expect((await post<Found<typeof getContentById>>(getContent, '/api/content/getContentById', { contentId: 999999 })).status).toBe(404);
    expect((await post<Found<typeof getContentPreviewById>>(getContentPreview, '/api/content/getContentPreviewById', { contentId: 'no-such' })).status).toBe(404);
  });

  it('completion paths record once (first time kept) and show in /api/auth/authenticate userProgress', async () => {
    const ref = await getReferenceData(getDb());
    const gameId = ref.games[0]!.gameId;
    const assessmentId = ref.assessments[0]!.assessmentId;
    const story = await getStory(getDb(), 'feedback-that-lands');
    const videoId = story!.chapters[0]!.video!.videoId;
    const first = await post<ApiAnswer<{ gameId: number; completedAt: string }>>(completedGame, '/api/game/userCompletedGame', { gameId });
    expect(first.data).toEqual({ gameId, completedAt: expect.any(String) });
    const again = await post<ApiAnswer<{ gameId: number; completedAt: string }>>(completedGame, '/api/game/userCompletedGame', { gameId });
    expect(again.data.completedAt).toBe(first.data.completedAt);
    expect((await post(completedAssessment, '/api/assessment/userCompletedAssessment', { assessmentId: String(assessmentId) })).status).toBe(200);
    expect((await post(completedContent, '/api/content/userCompletedContent', { contentId })).status).toBe(200);
    expect((await post(completedVideo, '/api/video/userCompletedVideo', { videoId })).status).toBe(200);

    expect(await post<ApiAnswer<{ gameId: number; completedAt: string }>>(completedGame, '/api/game/userCompletedGame', { gameId: 999999 })).toMatchObject({ status: 404, data: { errorMsg: 'That game does not exist.' } });
    expect((await post(completedVideo, '/api/video/userCompletedVideo', { videoId: -1 })).status).toBe(400);

    const start = await post<ApiAnswer<SessionStartPayload>>(authenticate, '/api/auth/authenticate', {});
    expect(start.data.userProgress).toEqual({
      activity: {},
      assessment: { [String(assessmentId)]: expect.any(String) },
      content: { [String(contentId)]: expect.any(String) },
      game: { [String(gameId)]: first.data.completedAt },
      video: { [String(videoId)]: expect.any(String) },
    });
    expect(start.data.referenceData!.capabilities).toHaveLength(2);
    expect(start.data.referenceData!.modules).toHaveLength(2);
    const rows = await getDb().selectFrom('user_progress').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(4);
  });

  it('submitSystemFeedback: thumbs, stars, messages stored; bad ratings and empty messages are 400', async () => {
    const ok = await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 4, rating: -1, url: '/app/explore/story/feedback-that-lands' });
    expect(ok.status).toBe(200);
    const row = await getDb().selectFrom('system_feedbacks').selectAll().where('id', '=', ok.data.systemFeedbackId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, feedback_type: 4, rating: -1 });
    expect((await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 10, rating: 4, journeyId: 3 })).status).toBe(200);
    expect((await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 11, message: 'Great journey' })).status).toBe(200);
    expect(await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 1, rating: 0 })).toMatchObject({ status: 400, data: { errorMsg: 'Thumbs are -1 or 1' } });
    expect(await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 8, rating: 9 })).toMatchObject({ status: 400, data: { errorMsg: 'Choose a rating from 1 to 5 stars' } });
    expect(await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 9, message: '' })).toMatchObject({ status: 400, data: { errorMsg: 'Enter a message' } });
    expect((await post<ApiAnswer<{ systemFeedbackId: number }>>(feedback, '/api/feedback/submitSystemFeedback', { feedbackType: 0, rating: 1 })).status).toBe(400);
  });
});
