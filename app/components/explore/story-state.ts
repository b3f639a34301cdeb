/**
 * Story links. The completion rule (watched chapters, completed stories, the chapter a card leads
 * to) is the catalogue's: storyCard / storyState / firstUnwatchedChapter in @modules/catalogue.
 */
export function storyPath(storyUrlId: string, chapterUrlId?: string | null) {
  return chapterUrlId ? `/app/explore/story/${storyUrlId}/chapter/${chapterUrlId}` : `/app/explore/story/${storyUrlId}`;
}

/** A story card's state and link from the catalogue's storyCard answer. */
export function cardLink<S>(storyUrlId: string, card: { state: S; chapterUrlId: string | null }) {
  return { state: card.state, to: storyPath(storyUrlId, card.chapterUrlId) };
}
