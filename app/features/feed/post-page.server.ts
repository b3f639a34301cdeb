import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { getPost, POST_GONE, withLinkPreviews } from '@modules/social/index.server';
import { postFormSchema } from '~/utils/form-schemas.server';
import { formConstraint } from '~/utils/form.server';
import { requireUser } from '~/utils/session.server';
import { attempt } from '~/utils/domain-error.server';
import { idParam } from '~/utils/route-params.server';
import { summaryOf } from './post-actions.server';
import { toFeedCards } from './feed-cards.server';

/*
 * The post page's server side (/app/post/{postId}): the route imports only this module on the server
 * side, so the browser build has one empty stub for it instead of one chunk per server module
 * (decision 351). Its action's guard and handler are re-exported for that reason.
 */
export { requireUser } from '~/utils/session.server';
export { handlePostAction } from './post-actions.server';

export { idParam } from '~/utils/route-params.server';

/**
 * One post with its comments open and the way back to its team home (the user's first team when the
 * post is not in one of theirs). A malformed id is a 404; a deleted, unknown or out-of-reach post says
 * 'This post is no longer availble.'. Moderators get the editor's values (the team Posts table links here).
 */
export async function loadPostPage(request: Request, context: AppLoadContext, params: LoaderFunctionArgs['params']) {
  const user = await requireUser(request, context);
  const postId = idParam(params, 'postId');
  const teams = await context.teams();
  const home = teams[0] ? `/app/team/${teams[0].teamId}` : '/app/team';
  const found = await attempt(() => getPost(getDb(), user, postId));
  if (!found.ok) {
    if (found.error.status === 404) return { post: null, back: home, gone: POST_GONE, editing: null };
    throw found.error;
  }
  const post = found.value;
  const back = post.teamId && teams.some((t) => t.teamId === post.teamId) ? `/app/team/${post.teamId}` : home;
  const card = toFeedCards(user, await withLinkPreviews(getDb(), [summaryOf(post)]))[0]!;
  const editing = card.rights.canModerate
    ? { postId: post.postId, text: post.text, url: post.url, posted: post.postedAt !== null, scheduledAt: post.scheduledAt, files: post.postFiles.map((f) => f.file), isLedaOfficial: post.isLedaOfficial, constraint: formConstraint(postFormSchema) }
    : null;
  return { post: card, back, gone: null, editing };
}
