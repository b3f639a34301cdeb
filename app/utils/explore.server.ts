import { data } from '@remix-run/node';
import { z } from 'zod';
import { submitSystemFeedback, FeedbackType } from '@modules/catalogue/index.server';
import type { CurrentUser } from '@modules/identity/index.server';

/**
 * Shared by the explore routes: the 404 they throw for unknown ids, and the feedback forms (thumbs and
 * "I'm interested") every skill and story page posts to its own action.
 */
export function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** A url id or numeric id from the address: short, plain characters only; anything else is a 404. */
export function routeId(value: string | undefined): string {
  if (!value || value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) notFound();
  return value;
}

export const thumbsIntent = z.object({
  intent: z.literal('thumbs'),
  rating: z.coerce.number().int().refine((v) => v === -1 || v === 1, 'Thumbs are -1 or 1'),
});
export const interestIntent = z.object({ intent: z.literal('interest') });

/** Parses a POST body into one of the given intent schemas; a bad body is a 400 with a message. */
export async function parseIntent<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  const form = await request.formData();
  const body: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') body[k] = v;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw data({ formError: 'That request was not valid. Please try again.' }, { status: 400 });
  return parsed.data;
}

/** Stores thumbs (rating -1/1) or locked-content interest for the page at the request's path. */
export async function saveFeedback(
  request: Request,
  user: CurrentUser,
  input: { intent: 'thumbs'; rating: number; feedbackType: number } | { intent: 'interest'; name: string },
) {
  const url = new URL(request.url).pathname;
  if (input.intent === 'thumbs') {
    await submitSystemFeedback(user.userId, { feedbackType: input.feedbackType, rating: input.rating, url });
    return { feedback: 'thumbs' as const };
  }
  await submitSystemFeedback(user.userId, {
    feedbackType: FeedbackType.LockedContentInterest,
    url,
    message: `Interested in ${input.name}`,
  });
  return { feedback: 'interest' as const };
}
