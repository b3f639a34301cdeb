import type { StoryState } from './cards';

/**
 * Story progress from the learner's video progress: a chapter is watched when its video is completed
 * (chapters without a video do not count). 'Start Story' when nothing is watched, 'View Story' otherwise;
 * completed when every chapter is watched; the link goes to the first unwatched chapter by ordinal.
 */
export interface ChapterLike {
  urlId: string;
  ordinal: number;
  videoId?: number | null;
}

export type VideoProgress = { video: Record<string, unknown> };

export function isChapterWatched(chapter: ChapterLike, progress: VideoProgress) {
  return chapter.videoId != null && progress.video[String(chapter.videoId)] != null;
}

export function storyState(chapters: ChapterLike[], progress: VideoProgress): StoryState {
  const withVideo = chapters.filter((c) => c.videoId != null);
  const watched = withVideo.filter((c) => isChapterWatched(c, progress)).length;
  return { watched, total: withVideo.length, completed: withVideo.length > 0 && watched === withVideo.length };
}

export function byOrdinal<T extends { ordinal: number }>(list: T[]) {
  return [...list].sort((a, b) => a.ordinal - b.ordinal);
}

/** The first unwatched chapter by ordinal (the first chapter when all are watched), or null. */
export function firstUnwatchedChapter<T extends ChapterLike>(chapters: T[], progress: VideoProgress): T | null {
  const ordered = byOrdinal(chapters);
  return ordered.find((c) => c.videoId != null && !isChapterWatched(c, progress)) ?? ordered[0] ?? null;
}

export function storyPath(storyUrlId: string, chapterUrlId?: string | null) {
  return chapterUrlId ? `/app/explore/story/${storyUrlId}/chapter/${chapterUrlId}` : `/app/explore/story/${storyUrlId}`;
}

/** What a story card needs: its state and where it links. */
export function storyCardLink(story: { urlId: string; isLocked?: boolean; chapters: ChapterLike[] }, progress: VideoProgress) {
  const first = story.isLocked ? null : firstUnwatchedChapter(story.chapters, progress);
  return { state: storyState(story.chapters, progress), to: storyPath(story.urlId, first?.urlId) };
}
