import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { FeedbackType, getStory, getUserProgress } from '@modules/catalogue/index.server';
import { loader as storiesLoader } from './story._index';
import { action as storyAction, loader as storyLoader } from './story.$story';
import { loader as storyIndexLoader } from './story.$story._index';
import { action as chapterAction, loader as chapterLoader } from './story.$story.chapter.$chapter';
import { args, formRequest, getRequest, run } from '../../../../tests/support/remix';
import { learner } from '../../../../tests/support/explore';
import { fixtureStoriesBeforeAll } from '../../../../tests/support/content';

/** The stories page, a story (its address follows the chapter), a chapter with its video, and a locked story. */
fixtureStoriesBeforeAll();

const P = '/app/explore/story';
const chapterArgs = (cookie: string, story: string, chapter: string) => args(getRequest(`${P}/${story}/chapter/${chapter}`, { cookie }), { story, chapter });
const post = (cookie: string, story: string, chapter: string, fields: Record<string, string>) =>
  args(formRequest(`${P}/${story}/chapter/${chapter}`, fields, { cookie }), { story, chapter });

describe('/app/explore/story', () => {
  it('shows the featured story banner and the stories of each module, all to start', async () => {
    const { cookie } = await learner();
    const res = await run(() => storiesLoader(args(getRequest(P, { cookie }))));
    expect(res.data.featured).toMatchObject({ urlId: 'the-first-ninety-days', to: `${P}/the-first-ninety-days/chapter/the-promotion` });
    expect(res.data.modules.map((m: { name: string }) => m.name)).toEqual(['Stepping Up', 'Leading Through Change']);
    const stories = res.data.modules.flatMap((m: { stories: unknown[] }) => m.stories);
    expect(stories.length).toBe(3);
    expect(stories.every((s: { state: { watched: number } }) => s.state.watched === 0)).toBe(true);
    const locked = stories.find((s: { urlId: string }) => s.urlId === 'the-restructure');
    expect(locked).toMatchObject({ isLocked: true, to: `${P}/the-restructure` });
  });

  it("turns 'Start Story' into 'View Story' and links the first unwatched chapter once a chapter is watched", async () => {
    const { cookie, userId } = await learner();
    const story = (await getStory(getDb(), 'feedback-that-lands'))!;
    const [first, second] = story.chapters;
    const done = await run(() => chapterAction(post(cookie, story.urlId, first!.urlId, { intent: 'completeVideo', videoId: String(first!.videoId) })));
    expect(done.status).toBe(200);
    expect((await getUserProgress(getDb(), userId)).video[String(first!.videoId)]).toBeTruthy();

    const res = await run(() => storiesLoader(args(getRequest(P, { cookie }))));
    const card = res.data.modules.flatMap((m: { stories: { urlId: string }[] }) => m.stories).find((s: { urlId: string }) => s.urlId === story.urlId);
    expect(card.state).toEqual({ watched: 1, total: story.chapters.length, completed: false });
    expect(card.to).toBe(`${P}/${story.urlId}/chapter/${second!.urlId}`);

    const index = await run(() => storyIndexLoader(args(getRequest(`${P}/${story.urlId}`, { cookie }), { story: story.urlId })));
    expect(index.status).toBe(302);
    expect(index.location).toBe(`${P}/${story.urlId}/chapter/${second!.urlId}`);
  });
});

describe('/app/explore/story/{story}/chapter/{chapter}', () => {
  it('shows the chapter carousel, the chapter video and text, related panels (2 at most) and the next chapter', async () => {
    const { cookie } = await learner();
    const frame = await run(() => storyLoader(chapterArgs(cookie, 'feedback-that-lands', 'room-4b')));
    expect(frame.data.story).toMatchObject({ name: 'Feedback That Lands', isLocked: false });
    expect(frame.data.story.chapters.map((c: { urlId: string }) => c.urlId)).toEqual(['the-review-thread', 'room-4b', 'both-directions']);

    const res = await run(() => chapterLoader(chapterArgs(cookie, 'feedback-that-lands', 'room-4b')));
    expect(res.status).toBe(200);
    expect(res.data.chapter.name).toBeTruthy();
    expect(res.data.chapter.htmlContent).toContain('<');
    expect(res.data.chapter.video).toMatchObject({ urlId: 'feedback-that-lands-room-4b' });
    expect(res.data.chapter.video.videoUrl).toMatch(/\.webm$/);
    expect(res.data.chapter.watched).toBe(false);
    expect(res.data.chapter.relatedVideos).toHaveLength(2);
    expect(res.data.relatedStories.length).toBeLessThanOrEqual(2);
    expect(res.data.relatedStories.length).toBeGreaterThan(0);
    expect(res.data.next).toEqual({ to: `${P}/feedback-that-lands/chapter/both-directions`, name: expect.any(String) });
    const last = await run(() => chapterLoader(chapterArgs(cookie, 'feedback-that-lands', 'both-directions')));
    expect(last.data.next).toBeNull();
    expect(last.data.chapter.relatedAssessments).toEqual([expect.objectContaining({ to: '/app/explore/assessments/team-communication-survey' })]);
  });

  it('records the video completion once (the Mark as watched button or the ended event)', async () => {
    const { cookie, userId } = await learner();
    const story = (await getStory(getDb(), 'the-first-ninety-days'))!;
    const ch = story.chapters[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await run(() => chapterAction(post(cookie, story.urlId, ch.urlId, { intent: 'completeVideo', videoId: String(ch.videoId) })));
      expect(res.status).toBe(200);
    }
    const rows = await getDb().selectFrom('user_progress').selectAll().where('user_id', '=', userId).execute();
    expect(rows.map((r) => [r.kind, r.item_id])).toEqual([['video', ch.videoId]]);
    const res = await run(() => chapterLoader(chapterArgs(cookie, story.urlId, ch.urlId)));
    expect(res.data.chapter.watched).toBe(true);
  });

  it("refuses another chapter's video and a malformed body", async () => {
    const { cookie } = await learner();
    const story = (await getStory(getDb(), 'the-first-ninety-days'))!;
    const [a, b] = story.chapters;
    const wrong = await run(() => chapterAction(post(cookie, story.urlId, a!.urlId, { intent: 'completeVideo', videoId: String(b!.videoId) })));
    expect(wrong.status).toBe(400);
    const junk = await run(() => chapterAction(post(cookie, story.urlId, a!.urlId, { intent: 'dance' })));
    expect(junk.status).toBe(400);
  });

  it('stores StoryChapterPageThumbs feedback', async () => {
    const { cookie, userId } = await learner();
    const res = await run(() => chapterAction(post(cookie, 'the-first-ninety-days', 'everything-through-me', { intent: 'thumbs', rating: '-1' })));
    expect(res.data).toEqual({ feedback: 'thumbs' });
    const row = await getDb().selectFrom('system_feedbacks').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ feedback_type: FeedbackType.StoryChapterPageThumbs, rating: -1, url: `${P}/the-first-ninety-days/chapter/everything-through-me` });
  });

  it('answers an unknown story or chapter with the 404 page', async () => {
    const { cookie } = await learner();
    expect((await run(() => storyLoader(chapterArgs(cookie, 'no-such-story', 'x')))).status).toBe(404);
    expect((await run(() => storyIndexLoader(args(getRequest(`${P}/no-such-story`, { cookie }), { story: 'no-such-story' })))).status).toBe(404);
    expect((await run(() => chapterLoader(chapterArgs(cookie, 'the-first-ninety-days', 'no-such-chapter')))).status).toBe(404);
    expect((await run(() => chapterAction(post(cookie, 'the-first-ninety-days', 'no-such-chapter', { intent: 'thumbs', rating: '1' })))).status).toBe(404);
  });
});

describe('a locked story', () => {
  it('shows locked, with no chapters, stays on its address, and takes an interest', async () => {
    const { cookie, userId } = await learner();
    const frame = await run(() => storyLoader(args(getRequest(`${P}/the-restructure`, { cookie }), { story: 'the-restructure' })));
    expect(frame.data.story).toMatchObject({ isLocked: true, chapters: [] });
    const index = await run(() => storyIndexLoader(args(getRequest(`${P}/the-restructure`, { cookie }), { story: 'the-restructure' })));
    expect(index.status).toBe(200);
    const story = (await getStory(getDb(), 'the-restructure'))!;
    const chapter = await run(() => chapterLoader(chapterArgs(cookie, 'the-restructure', story.chapters[0]!.urlId)));
    expect(chapter.status).toBe(404);

    const interest = await run(() => storyAction(args(formRequest(`${P}/the-restructure`, { intent: 'interest' }, { cookie }), { story: 'the-restructure' })));
    expect(interest.data).toEqual({ feedback: 'interest' });
    const row = await getDb().selectFrom('system_feedbacks').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ feedback_type: FeedbackType.LockedContentInterest, url: `${P}/the-restructure` });
  });
});
