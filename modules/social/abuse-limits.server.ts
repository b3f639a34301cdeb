import { rateLimiter, tryConsume } from '@modules/shared/rate-limit.server';
import { DomainError } from '@modules/shared/errors';

/**
 * Issue 8: rate limits on the social actions that cost us or someone else. Counted by the shared
 * limiter (Redis when configured, the database otherwise), so every app process shares the counts.
 * - Link previews: each new URL is an outbound fetch of up to 10 s and 1 MB. A URL already in the
 *   cache costs nothing and is not counted.
 * - Comments: each one notifies the post's author.
 * Over a limit: DomainError 'rate_limited' (429 with errorMsg on /api, the form's error on a screen).
 */
export const LINK_PREVIEWS_PER_USER = 30;
export const LINK_PREVIEW_WINDOW_SECONDS = 10 * 60;
/** All users together: a bound on the server's outbound fetching whatever the number of accounts. */
export const LINK_PREVIEWS_PER_WINDOW_ALL = 600;
export const LINK_PREVIEWS_RATE_LIMITED = 'Too many link previews. Please wait a few minutes and try again.';

export const COMMENTS_PER_MINUTE = 10;
export const COMMENTS_PER_HOUR = 100;
export const COMMENTS_RATE_LIMITED = 'Too many comments. Please wait a few minutes and try again.';

export async function consumeLinkPreviewFetch(userId: number) {
  const ok =
    (await tryConsume(rateLimiter('link-preview', LINK_PREVIEWS_PER_USER, LINK_PREVIEW_WINDOW_SECONDS), [`user:${userId}`])) &&
    (await rateLimiter('link-preview-all', LINK_PREVIEWS_PER_WINDOW_ALL, LINK_PREVIEW_WINDOW_SECONDS).consume('all'));
  if (!ok) throw new DomainError('rate_limited', LINK_PREVIEWS_RATE_LIMITED);
}

export async function consumeComment(userId: number) {
  const ok =
    (await rateLimiter('comment-minute', COMMENTS_PER_MINUTE, 60).consume(`user:${userId}`)) &&
    (await rateLimiter('comment-hour', COMMENTS_PER_HOUR, 3600).consume(`user:${userId}`));
  if (!ok) throw new DomainError('rate_limited', COMMENTS_RATE_LIMITED);
}
