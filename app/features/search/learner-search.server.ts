import { z } from 'zod';
import type { CurrentUser } from '@modules/identity/index.server';
import { searchCatalogue } from '@modules/catalogue/index.server';
import { searchActivities } from '@modules/activities/index.server';
import { searchJourneys } from '@modules/journeys/index.server';
import { getDb, SEARCH_MAX_LENGTH, type SearchHit } from '@modules/shared/index.server';

/** ?q= of /app/search: trimmed, at most 200 characters (longer is cut, never an error). */
const querySchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_LENGTH))
  .catch('');

export const SEARCH_RESULTS = 30;
const ORDER: SearchHit['kind'][] = ['journey', 'skill', 'story', 'activity', 'article'];

/**
 * /app/search (issue 25, decision 271): each module searches what the learner may see (its stored
 * tsvector, GIN-indexed), the three run at once, and the hits merge by rank (ties: journeys, skills,
 * stories, activities, articles). Five statements whatever the catalogue's size.
 */
export async function searchForLearner(user: CurrentUser, raw: string | null) {
  const q = querySchema.parse(raw ?? '');
  if (!q) return { q, results: [] as SearchHit[], total: 0 };
  const db = getDb();
  const parts = await Promise.all([searchJourneys(db, user, q), searchCatalogue(db, q), searchActivities(db, q)]);
  const all = parts.flat().sort((a, b) => b.rank - a.rank || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.title.localeCompare(b.title));
  return { q, results: all.slice(0, SEARCH_RESULTS), total: all.length };
}
