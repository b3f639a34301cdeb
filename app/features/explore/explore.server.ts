import { data, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { FeedbackType, submitSystemFeedback, type UserProgress } from '@modules/catalogue/index.server';
import type { CurrentUser } from '@modules/identity/index.server';
import { getDb, idSchema } from '@modules/shared/index.server';
import { attempt } from '~/utils/domain-error.server';
import { getActivityNames } from '@modules/activities/index.server';

/**
 * Shared by the explore routes: the 404 they throw for unknown ids, intent parsing, the feedback forms
 * (thumbs and "I'm interested") every skill and story page posts to its own action, and player steps.
 */
export const BAD_REQUEST = 'That request was not valid. Please try again.';

/** What an explore action answers when it cannot do what was asked (shown as the form's error). */
export const badRequest = (formError = BAD_REQUEST) => data({ formError }, { status: 400 });

export const thumbsIntent = z.object({
  intent: z.literal('thumbs'),
  rating: z.coerce.number().int().refine((v) => v === -1 || v === 1, 'Thumbs are -1 or 1'),
});
export const interestIntent = z.object({ intent: z.literal('interest') });
export const skillIntent = z.discriminatedUnion('intent', [thumbsIntent, interestIntent]);
/** A story chapter: thumbs, or the chapter video watched to the end ('Mark as watched' without JavaScript). */
export const chapterIntent = z.discriminatedUnion('intent', [
  thumbsIntent,
  z.object({ intent: z.literal('completeVideo'), videoId: idSchema }),
]);

const positiveId = idSchema;
/** A dialogue game's clicks: each names the stage it was clicked on, so a stale click changes nothing. */
export const gameIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('restart') }),
  z.object({ intent: z.literal('continue'), stageId: positiveId }),
  z.object({ intent: z.literal('choose'), stageId: positiveId, choiceId: positiveId }),
]);
/** A survey's clicks: each names the question it was clicked on. */
export const surveyIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('restart') }),
  z.object({ intent: z.literal('answer'), questionId: positiveId, optionId: positiveId }),
  z.object({ intent: z.literal('back'), questionId: positiveId }),
  z.object({ intent: z.literal('next'), questionId: positiveId }),
]);

/** Parses a POST body with an intent schema; null when the body does not fit (answer badRequest()). */
export async function parseIntent<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T> | null> {
  const form = await request.formData().catch(() => null);
  if (!form) return null;
  const body: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') body[k] = v;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Stores thumbs (rating -1/1) or locked-content interest for the page at the request's path. */
export async function saveFeedback(
  request: Request,
  user: CurrentUser,
  input: { intent: 'thumbs'; rating: number; feedbackType: number } | { intent: 'interest'; name: string },
) {
  const url = new URL(request.url).pathname;
  if (input.intent === 'thumbs') {
    await submitSystemFeedback(getDb(), user.userId, { feedbackType: input.feedbackType, rating: input.rating, url });
    return { feedback: 'thumbs' as const };
  }
  await submitSystemFeedback(getDb(), user.userId, { feedbackType: FeedbackType.LockedContentInterest, url, message: `Interested in ${input.name}` });
  return { feedback: 'interest' as const };
}

/** A game's or survey's results as the Results panel shows them (related skills with points, then matches). */
export async function resultsView(
  results: readonly { skillId: number; name: string | null; points: number; maxPoints: number | null; feedbacks: string[]; activityIds: number[] }[],
) {
  // Activity names in one query (unknown or deleted activities are left out).
  const names = await getActivityNames(getDb(), results.flatMap((r) => r.activityIds));
  return {
    skills: results.flatMap((r) => (r.name != null ? [{ skillId: r.skillId, name: r.name, points: r.points, maxPoints: r.maxPoints }] : [])),
    feedbacks: results.flatMap((r) => r.feedbacks.map((html, i) => ({ key: `${r.skillId}-${i}`, htmlContent: html }))),
    activities: results.flatMap((r) => r.activityIds.flatMap((id) => (names.has(id) ? [{ key: `${r.skillId}-${id}`, activityId: id, name: names.get(id)! }] : []))),
  };
}

/**
 * Runs one player step. A domain failure (a choice not on the stage, Next before answering, an invalid
 * game) becomes a 400 with its message; anything else propagates.
 */
export async function playerStep(run: () => Promise<unknown>) {
  const ran = await attempt(run);
  return ran.ok ? null : badRequest(ran.error.message);
}

/**
 * The user's progress, read once per request (app/runtime/context.server.ts): the story frame and
 * the chapter loader run in the same request and both need it (docs/decisions/101-story-cache.md).
 */
export function requestProgress(context: AppLoadContext, userId: number): Promise<UserProgress> {
  return context.userProgress(userId);
}
