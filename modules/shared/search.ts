import { sql, type RawBuilder } from 'kysely';
import { htmlToText } from './html-text';

/**
 * Learner search (issue 25, decision 271): each module searches its own tables' stored `search`
 * tsvector (migration 20261128T040100, GIN-indexed) with the same query and rank, so the results of
 * several modules merge by rank. websearch_to_tsquery accepts anything a person types (quotes, or,
 * -word) without a syntax error.
 */
export interface SearchHit {
  kind: 'skill' | 'story' | 'journey' | 'activity' | 'article';
  title: string;
  summary: string;
  href: string;
  rank: number;
}

export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_LIMIT = 20;

export const tsQuery = (q: string): RawBuilder<unknown> => sql`websearch_to_tsquery('english', ${q})`;

/** The column's rank for the query, as a plain number. */
export const tsRank = (table: string, q: string) => sql<number>`ts_rank(${sql.ref(`${table}.search`)}, ${tsQuery(q)})::float8`;

/** `table.search @@ query`. */
export const tsMatch = (table: string, q: string) => sql<boolean>`${sql.ref(`${table}.search`)} @@ ${tsQuery(q)}`;

/** A summary line: the overview without markup, cut at a word near 160 characters. */
export function searchSummary(text: string): string {
  const plain = htmlToText(text, 'paragraph');
  if (plain.length <= 160) return plain;
  const cut = plain.slice(0, 160);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120)).trimEnd()}…`;
}
