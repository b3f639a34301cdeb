import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { byOrdinal, FeedbackType, getReferenceData, getStory, isChapterWatched, recordCompletion, relatedStories as findRelatedStories, storyCard } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { ThumbsForm } from '~/components/explore/feedback-forms';
import { Html } from '~/components/explore/html';
import { RelatedPanel, RelatedVideos } from '~/components/explore/related';
import { cardLink, storyPath } from '~/components/explore/story-state';
import { VideoPlayer } from '~/components/explore/video-player';
import { exploreLinks, Section } from '~/components/explore/explore-page';
import { badRequest, chapterIntent, parseIntent, requestProgress, saveFeedback } from '~/features/explore/explore.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data, matches }) => {
  const frame = matches.find((m) => m.id === 'routes/app+/explore+/story.$story')?.data as { story?: { name: string } } | undefined;
  return `${data?.chapter.name ?? 'Chapter'}${frame?.story?.name ? ` · ${frame.story.name}` : ''}`;
});

async function loadChapter(params: { story?: string; chapter?: string }) {
  const story = await getStory(getDb(), routeId(params.story));
  if (!story) notFound();
  const chapterKey = routeId(params.chapter);
  // Locked stories never answer with their chapters.
  const chapter = story.isLocked ? undefined : story.chapters.find((c) => c.urlId === chapterKey || String(c.chapterId) === chapterKey);
  if (!chapter) notFound();
  return { story, chapter };
}

/** /app/explore/story/{story}/chapter/{chapter}: the chapter's video, text and related panels. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [{ story, chapter }, progress, reference] = await Promise.all([loadChapter(params), requestProgress(context, user.userId), getReferenceData(getDb())]);
  const ordered = byOrdinal(story.chapters);
  const next = ordered[ordered.findIndex((c) => c.chapterId === chapter.chapterId) + 1] ?? null;
  const relatedStories = findRelatedStories(reference, story.storyId, story.relatedSkills.map((s) => s.skillId), 2).map((s) => ({
    key: s.storyId,
    name: s.name,
    to: cardLink(s.urlId, storyCard(s, progress)).to,
    note: s.overview,
  }));
  return {
    storyUrlId: story.urlId,
    chapter: {
      chapterId: chapter.chapterId,
      urlId: chapter.urlId,
      name: chapter.name,
      overview: chapter.overview,
      htmlContent: chapter.htmlContent,
      video: chapter.video,
      watched: isChapterWatched(chapter, progress),
      relatedVideos: chapter.relatedVideos,
      relatedActivities: chapter.relatedActivities.slice(0, 2).map((a) => ({ key: a.activityId, name: a.name, to: `/app/explore/activities#activity-${a.activityId}` })),
      relatedAssessments: chapter.relatedAssessments.slice(0, 2).map((a) => ({ key: a.assessmentId, name: a.name, to: `/app/explore/assessments/${a.urlId}` })),
    },
    next: next ? { to: storyPath(story.urlId, next.urlId), name: next.name } : null,
    relatedStories,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { chapter } = await loadChapter(params);
  const body = await parseIntent(request, chapterIntent);
  if (!body) return badRequest();
  if (body.intent === 'thumbs') return saveFeedback(request, user, { ...body, feedbackType: FeedbackType.StoryChapterPageThumbs });
  const videoIds = new Set([chapter.videoId, ...chapter.relatedVideos.map((v) => v.videoId)]);
  if (!videoIds.has(body.videoId)) return badRequest('That video is not part of this chapter.');
  await recordCompletion(getDb(), user.userId, 'video', body.videoId);
  return { completed: body.videoId };
}

export default function ChapterPage() {
  const { chapter, next, relatedStories } = useLoaderData<typeof loader>();
  return (
    <div className="chapter-layout">
      <div className="explore">
        <h2>{chapter.name}</h2>
        {chapter.video ? (
          <VideoPlayer key={chapter.video.videoId} video={chapter.video} watched={chapter.watched} next={next} finishedTo="/app/explore/story" />
        ) : null}
        {chapter.htmlContent ? (
          <article className="content-panel rich-text">
            <Html html={chapter.htmlContent} />
          </article>
        ) : chapter.overview ? (
          <p>{chapter.overview}</p>
        ) : null}
        <ThumbsForm key={`thumbs-${chapter.chapterId}`} prompt="Was this chapter helpful?" />
        {chapter.relatedVideos.length ? (
          <Section id="related-videos" title="Related videos">
            <RelatedVideos videos={chapter.relatedVideos} />
          </Section>
        ) : null}
      </div>
      <aside className="related" aria-label="Related">
        <RelatedPanel title="Related activities" items={chapter.relatedActivities} />
        <RelatedPanel title="Related surveys" items={chapter.relatedAssessments} />
        <RelatedPanel title="Related stories" items={relatedStories} />
        {next ? <RelatedPanel title="Next chapter" items={[{ key: 'next', name: next.name, to: next.to }]} /> : <RelatedPanel title="Finished?" items={[{ key: 'all', name: 'All stories', to: '/app/explore/story' }]} />}
      </aside>
    </div>
  );
}
