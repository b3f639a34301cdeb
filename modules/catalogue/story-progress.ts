/**
 * Story completion from the learner's video progress (the rule, owned by the catalogue): a chapter is
 * watched when its video is completed (chapters without a video do not count). A story is completed
 * when every chapter with a video is watched; 'Start Story' when nothing is watched, 'View Story'
 * otherwise; a story card leads to the first unwatched chapter by ordinal (the first chapter when all
 * are watched), a locked story to its own page.
 */
export interface ChapterLike {
  urlId: string;
  ordinal: number;
  videoId?: number | null;
}

export type VideoProgress = { video: Record<string, unknown> };

export interface StoryState {
  watched: number;
  total: number;
  completed: boolean;
}

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

/** What a story card shows: its state, and the chapter it leads to (null: the story page, e.g. when locked). */
export function storyCard(story: { isLocked?: boolean; chapters: ChapterLike[] }, progress: VideoProgress) {
  const first = story.isLocked ? null : firstUnwatchedChapter(story.chapters, progress);
  return { state: storyState(story.chapters, progress), chapterUrlId: first?.urlId ?? null };
}
