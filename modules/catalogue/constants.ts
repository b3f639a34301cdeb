/** Browser-safe catalogue values with no zod (docs/decisions/141); schemas.ts re-exports them. */

/** The tags of the articles page, in nav order (the page adds 'All articles' first and 'Others' = untagged last). */
export const ARTICLE_TAGS = [
  { urlId: 'leadership-skills', name: 'Leadership skills' },
  { urlId: 'emotional-intelligence', name: 'Emotional Intelligence' },
  { urlId: 'teams-and-culture', name: 'Teams and Culture' },
  { urlId: 'business', name: 'Business' },
  { urlId: 'training', name: 'Training' },
] as const;
