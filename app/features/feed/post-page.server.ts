import type { AppLoadContext } from '@remix-run/node';
import { getDb, isDomainError } from '@modules/shared/index.server';
import { getPost, POST_GONE, withLinkPreviews } from '@modules/social/index.server';
import { postFormSchema } from '~/utils/form-schemas.server';
import { formConstraint } from '~/utils/form.server';
import { requireUser } from '~/utils/session.server';
import { summaryOf } from './post-actions.server';
import { toFeedCards } from './feed-cards.server';

/*
 * The post page's server side (/app/post/{postId}): the route imports only this module on the server
 * side, so the browser build has one empty stub for it instead of one chunk per server module
 * (decision 351). Its action's guard and handler are re-exported for that reason.
 */
export { requireUser } from '~/utils/session.server';
export { handlePostAction } from './post-actions.server';

/** A post id in the path: 1 to 9 digits, above 0; anything else is a 404. */
export const parsePostId = (v: string | undefined) => (/^\d{1,9}$/.test(v ?? '') && Number(v) > 0 ? Number(v) : null);

/**
 * One post with its comments open and the way back to its team home (the user's first team when the
 * post is not in one of theirs). A malformed id is a 404; a deleted, unknown or out-of-reach post says
 * 'This post is no longer availble.'. Moderators get the editor's values (the team Posts table links here).
 */
export async function loadPostPage(request: Request, context: AppLoadContext, postIdParam: string | undefined) {
  const user = await requireUser(request, context);
  const postId = parsePostId(postIdParam);
  if (postId === null) throw new Response('Not found', { status: 404 });
  const teams = await context.teams();
  const home = teams[0] ? `/app/team/${teams[0].teamId}` : '/app/team';
  try {
    const post = await getPost(getDb(), user, postId);
    const back = post.teamId && teams.some((t) => t.teamId === post.teamId) ? `/app/team/${post.teamId}` : home;
    const card = toFeedCards(user, await withLinkPreviews(getDb(), [summaryOf(post)]))[0]!;
    const editing = card.rights.canModerate
      ? { postId: post.postId, text: post.text, url: post.url, posted: post.postedAt !== null, scheduledAt: post.scheduledAt, files: post.postFiles.map((f) => f.file), isLedaOfficial: post.isLedaOfficial, constraint: formConstraint(postFormSchema) }
      : null;
    return { post: card, back, gone: null, editing };
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return { post: null, back: home, gone: POST_GONE, editing: null };
    throw error;
  }
}
