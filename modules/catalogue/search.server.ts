import type { Db } from '@modules/shared/index.server';
import { SEARCH_LIMIT, searchSummary, tsMatch, tsRank, type SearchHit } from '@modules/shared/search';

/**
 * Learner search over the catalogue (decision 271): unlocked skills, unlocked stories and public
 * articles, ranked by the stored tsvector. Three indexed statements run together.
 */
export async function searchCatalogue(db: Db, q: string): Promise<SearchHit[]> {
  const [skills, stories, articles] = await Promise.all([
    db
      .selectFrom('skills')
      .select(['skills.url_id', 'skills.name', 'skills.overview', tsRank('skills', q).as('rank')])
      .where(tsMatch('skills', q))
      .where('skills.is_locked', '=', false)
      .orderBy('rank', 'desc')
      .limit(SEARCH_LIMIT)
      .execute(),
    db
      .selectFrom('stories')
      .select(['stories.url_id', 'stories.name', 'stories.overview', tsRank('stories', q).as('rank')])
      .where(tsMatch('stories', q))
      .where('stories.is_locked', '=', false)
      .orderBy('rank', 'desc')
      .limit(SEARCH_LIMIT)
      .execute(),
    db
      .selectFrom('contents')
      .select(['contents.url_id', 'contents.name', 'contents.overview', tsRank('contents', q).as('rank')])
      .where(tsMatch('contents', q))
      .where('contents.is_public', '=', true)
      .orderBy('rank', 'desc')
      .limit(SEARCH_LIMIT)
      .execute(),
  ]);
  return [
    ...skills.map((r): SearchHit => ({ kind: 'skill', title: r.name, summary: searchSummary(r.overview), href: `/app/explore/skill/${r.url_id}`, rank: r.rank })),
    ...stories.map((r): SearchHit => ({ kind: 'story', title: r.name, summary: searchSummary(r.overview), href: `/app/explore/story/${r.url_id}`, rank: r.rank })),
    ...articles.map((r): SearchHit => ({ kind: 'article', title: r.name, summary: searchSummary(r.overview), href: `/articles/${r.url_id}`, rank: r.rank })),
  ];
}
