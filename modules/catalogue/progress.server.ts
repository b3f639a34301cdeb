import { DomainError, type Db } from '@modules/shared/index.server';
import { PROGRESS_KINDS, systemFeedbackSchema, type SystemFeedbackInput } from './schemas';
import type { ProgressKind } from './tables';
import type { UserProgress } from './types';

/** User progress (first completion time per item) and system feedback. */

export function emptyProgress(): UserProgress {
  return { activity: {}, assessment: {}, content: {}, game: {}, video: {} };
}

export async function getUserProgress(db: Db, userId: number): Promise<UserProgress> {
  const rows = await db.selectFrom('user_progress').select(['kind', 'item_id', 'completed_at']).where('user_id', '=', userId).execute();
  const progress = emptyProgress();
  for (const r of rows) progress[r.kind][String(r.item_id)] = new Date(r.completed_at).toISOString();
  return progress;
}

const KIND_TABLE = { assessment: 'assessments', content: 'contents', game: 'games', video: 'videos' } as const;

/**
 * Records that the user completed an item. Idempotent: the first completion time is kept.
 * Unknown items (for kinds whose table exists here) are a not_found DomainError.
 * Returns the completion time (the first one).
 */
export async function recordCompletion(db: Db, userId: number, kind: ProgressKind, itemId: number): Promise<string> {
  if (!PROGRESS_KINDS.includes(kind)) throw new DomainError('invalid', 'Unknown progress kind.');
  // Activity completion lives in modules/activities (a completed my activity), not in user_progress.
  if (kind === 'activity') throw new DomainError('invalid', 'Activities are completed through My Activities.');
  if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('invalid', 'Unknown item.');
  const table = KIND_TABLE[kind];
  const found = await db.selectFrom(table as 'games').select('id').where('id', '=', itemId).executeTakeFirst();
  if (!found) throw new DomainError('not_found', `That ${kind} does not exist.`);
  await db.insertInto('user_progress').values({ user_id: userId, kind, item_id: itemId }).onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing()).execute();
  const row = await db
    .selectFrom('user_progress')
    .select('completed_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return new Date(row.completed_at).toISOString();
}

/** Stores thumbs, stars or a message (validated by systemFeedbackSchema); returns the new id. */
export async function submitSystemFeedback(db: Db, userId: number | null, input: SystemFeedbackInput): Promise<number> {
  const parsed = systemFeedbackSchema.safeParse(input);
  if (!parsed.success) throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Feedback is not valid.');
  const v = parsed.data;
  const message = v.message?.trim() ? v.message.trim() : null;
  const row = await db
    .insertInto('system_feedbacks')
    .values({
      user_id: userId,
      feedback_type: v.feedbackType,
      rating: v.rating ?? null,
      url: v.url || null,
      message,
      activity_id: v.activityId ?? null,
      journey_id: v.journeyId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
