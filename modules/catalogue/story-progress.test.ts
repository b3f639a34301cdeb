import { describe, expect, it } from 'vitest';
import { firstUnwatchedChapter, storyCard, storyState } from './story-progress';

const chapters = [
  { urlId: 'two', ordinal: 2, videoId: 20 },
  { urlId: 'intro', ordinal: 0, videoId: null },
  { urlId: 'one', ordinal: 1, videoId: 10 },
];
const watched = (...ids: number[]) => ({ video: Object.fromEntries(ids.map((id) => [String(id), '2026-01-01'])) });

describe('story completion (catalogue rule)', () => {
  it('counts only chapters with a video, and completes when all of them are watched', () => {
    expect(storyState(chapters, watched())).toEqual({ watched: 0, total: 2, completed: false });
    expect(storyState(chapters, watched(10))).toEqual({ watched: 1, total: 2, completed: false });
    expect(storyState(chapters, watched(10, 20))).toEqual({ watched: 2, total: 2, completed: true });
    expect(storyState([{ urlId: 'x', ordinal: 0 }], watched())).toEqual({ watched: 0, total: 0, completed: false });
  });

  it('leads to the first unwatched chapter by ordinal, the first chapter when all are watched, nowhere when locked', () => {
    expect(firstUnwatchedChapter(chapters, watched())?.urlId).toBe('one');
    expect(firstUnwatchedChapter(chapters, watched(10))?.urlId).toBe('two');
    expect(firstUnwatchedChapter(chapters, watched(10, 20))?.urlId).toBe('intro');
    expect(storyCard({ chapters, isLocked: true }, watched()).chapterUrlId).toBeNull();
    expect(storyCard({ chapters }, watched(10))).toEqual({ state: { watched: 1, total: 2, completed: false }, chapterUrlId: 'two' });
  });
});
