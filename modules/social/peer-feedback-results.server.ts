import { sql } from 'kysely';
import { DomainError, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { listReadableJourneys } from '@modules/journeys/index.server';
import { getGlobalActivities } from '@modules/activities/index.server';
import { ADDITIONAL_COMMENT, MIN_FEEDBACK_RESPONSES } from './constants';
import { feedbackSkills, type FeedbackAnswer, type FeedbackSkill } from './peer-feedback.server';

/**
 * A learner's own feedback results (getUserFeedbackResults): responseCount, skillIdsGood,
 * skillIdsBad (most chosen first) and the comments as answers. Released in batches (decision 240,
 * superseding the threshold of 204): the results reflect the oldest answers up to the last multiple of
 * FEEDBACK_BATCH_SIZE, so reading them before and after one new answer never isolates it; the
 * answers past that wait (pendingCount) until the batch is full (responsesNeeded). Comments are
 * sorted by their text, never by arrival, and carry no date. The skills to improve come with
 * journeys and activities that teach them (decision 204). Always the signed-in user's own results.
 */
export const FEEDBACK_BATCH_SIZE = MIN_FEEDBACK_RESPONSES;
export const MAX_COMMENTS_SHOWN = 100;
export const MAX_RECOMMENDATIONS = 3;

export interface SkillVotes {
  skillId: number;
  name: string;
  good: number;
  bad: number;
}

export interface FeedbackResults {
  /** The answers the results reflect: a multiple of FEEDBACK_BATCH_SIZE (0 while hidden). */
  responseCount: number;
  skillIdsGood: number[];
  skillIdsBad: number[];
  /** The comments of those answers, sorted by text. */
  answers: FeedbackAnswer[];
  /** Answers received that the results do not reflect yet (fewer than a batch). */
  pendingCount: number;
  /** How many more answers are needed before the results next change (1 to FEEDBACK_BATCH_SIZE). */
  responsesNeeded: number;
  /** Votes per feedback skill (empty while hidden). */
  skillVotes: SkillVotes[];
}

export interface FeedbackRecommendations {
  journeys: { journeyId: number; urlId: string; name: string; skillNames: string[] }[];
  activities: { activityId: number; name: string; overview: string; skillNames: string[] }[];
}

/** How many of `received` answers the results may reflect: whole batches only. */
export const releasedOf = (received: number) => Math.floor(received / FEEDBACK_BATCH_SIZE) * FEEDBACK_BATCH_SIZE;

export async function getFeedbackResults(db: Db, user: PolicyUser): Promise<FeedbackResults> {
  if (!policy.canUsePeerFeedback(user)) throw new DomainError('forbidden', 'You do not have permission to do that.');
  const { received } = await db
    .selectFrom('feedback_responses')
    .select(sql<number>`count(*)::int`.as('received'))
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow();
  const responseCount = releasedOf(received);
  const pendingCount = received - responseCount;
  const responsesNeeded = FEEDBACK_BATCH_SIZE - pendingCount;
  if (responseCount === 0) return { responseCount, skillIdsGood: [], skillIdsBad: [], answers: [], pendingCount, responsesNeeded, skillVotes: [] };
  // The last answer of the last full batch: everything after it waits.
  const { id: lastReleased } = await db
    .selectFrom('feedback_responses')
    .select('id')
    .where('user_id', '=', user.userId)
    .orderBy('id', 'asc')
    .offset(responseCount - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const [votes, comments, skills] = await Promise.all([
    db
      .selectFrom('feedback_response_skills as s')
      .innerJoin('feedback_responses as r', 'r.id', 's.response_id')
      .select(['s.skill_id', sql<number>`count(*) filter (where s.rating = 1)::int`.as('good'), sql<number>`count(*) filter (where s.rating = -1)::int`.as('bad')])
      .where('r.user_id', '=', user.userId)
      .where('r.id', '<=', lastReleased)
      .groupBy('s.skill_id')
      .execute(),
    // Sorted by text (byte order, the same on PostgreSQL and PGlite): arrival order says nothing.
    db
      .selectFrom('feedback_responses')
      .select('comment')
      .where('user_id', '=', user.userId)
      .where('id', '<=', lastReleased)
      .where('comment', 'is not', null)
      .orderBy(sql`lower(comment) collate "C"`)
      .orderBy(sql`comment collate "C"`)
      .limit(MAX_COMMENTS_SHOWN)
      .execute(),
    feedbackSkills(db),
  ]);
  const bySkill = new Map(votes.map((v) => [v.skill_id, v]));
  const skillVotes = skills.map((s) => ({ skillId: s.skillId, name: s.name, good: bySkill.get(s.skillId)?.good ?? 0, bad: bySkill.get(s.skillId)?.bad ?? 0 }));
  // Ties keep the form's skill order (a stable sort), never an answer's order.
  const ranked = (key: 'good' | 'bad') =>
    [...skillVotes]
      .filter((v) => v[key] > 0)
      .sort((a, b) => b[key] - a[key])
      .map((v) => v.skillId);
  return {
    responseCount,
    skillIdsGood: ranked('good'),
    skillIdsBad: ranked('bad'),
    answers: comments.map((c) => ({ questionIdentifier: ADDITIONAL_COMMENT, value: c.comment ?? '' })),
    pendingCount,
    responsesNeeded,
    skillVotes,
  };
}

/**
 * Journeys (those the user may read) and global activities that teach the given skills, best
 * match first (most of the skills covered, then the catalogue's order). Two list reads, bounded.
 */
export async function recommendFor(db: Db, user: PolicyUser, skillIds: number[], skills: FeedbackSkill[]): Promise<FeedbackRecommendations> {
  if (!skillIds.length) return { journeys: [], activities: [] };
  const wanted = new Set(skillIds);
  const nameOf = new Map(skills.map((s) => [s.skillId, s.name]));
  const [journeys, activities] = await Promise.all([listReadableJourneys(db, user), getGlobalActivities(db)]);
  const pick = <T>(items: T[], ids: (t: T) => number[]) =>
    items
      .map((item, i) => ({ item, i, hits: [...new Set(ids(item).filter((id) => wanted.has(id)))] }))
      .filter((x) => x.hits.length > 0)
      .sort((a, b) => b.hits.length - a.hits.length || a.i - b.i)
      .slice(0, MAX_RECOMMENDATIONS)
      .map((x) => ({ item: x.item, skillNames: x.hits.map((id) => nameOf.get(id) ?? '').filter(Boolean) }));
  return {
    journeys: pick(journeys, (j) => j.skills.map((s) => s.skillId)).map(({ item: j, skillNames }) => ({ journeyId: j.journeyId, urlId: j.urlId, name: j.name, skillNames })),
    activities: pick(activities, (a) => a.activitySkills.map((s) => s.skillId)).map(({ item: a, skillNames }) => ({ activityId: a.activityId, name: a.name, overview: a.overview, skillNames })),
  };
}
