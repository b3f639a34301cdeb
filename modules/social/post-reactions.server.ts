import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { NotificationType, notifyUsers, plainExcerpt } from './notifications.server';
import { consumeComment } from './abuse-limits.server';
import { POST_GONE, deny, findPostRow, fullName, iso, requireVisiblePost, scopeOf } from './posts.server';

/** Reactions to a post: likes, pins and comments, each asking the one policy; authors are notified. */

/** Like or unlike; a new like notifies the author (PostLike 6). Not on global posts. */
export async function setPostLiked(db: Db, user: PolicyUser & { fullName?: string }, postId: number, isLiked: boolean): Promise<void> {
  const { row, scope } = await requireVisiblePost(db, user, postId);
  if (!policy.canReactToPost(user, scope)) throw deny();
  if (!isLiked) {
    await db.deleteFrom('post_likes').where('post_id', '=', postId).where('user_id', '=', user.userId).execute();
    return;
  }
  const added = await db
    .insertInto('post_likes')
    .values({ post_id: postId, user_id: user.userId })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (added && row.creator_id && row.creator_id !== user.userId) {
    await notifyUsers(db, [row.creator_id], {
      type: NotificationType.PostLike,
      title: `${await nameOf(db, user.userId)} liked your post`,
      message: plainExcerpt(row.text),
      link: `/app/post/${postId}`,
      postId,
    });
  }
}

/** Pin or unpin (moderators). */
export async function setPostPinned(db: Db, user: PolicyUser, postId: number, isPinned: boolean, now = new Date()): Promise<void> {
  const row = await findPostRow(db, postId);
  if (!row) throw new DomainError('not_found', POST_GONE);
  if (!policy.canPinPost(user, scopeOf(row))) throw deny();
  await db.updateTable('posts').set({ pinned_at: isPinned ? (row.pinned_at ?? now) : null }).where('id', '=', postId).execute();
}

async function nameOf(db: Db, userId: number) {
  const u = await db.selectFrom('users as u').select(fullName.as('name')).where('u.id', '=', userId).executeTakeFirst();
  return u?.name || 'Someone';
}

export const MAX_COMMENT_LENGTH = 10000;

/** Comments on a post; the author is notified (PostComment 5). Rate-limited per user (abuse-limits.server.ts). */
export async function commentPost(db: Db, user: PolicyUser, postId: number, commentText: string) {
  const text = commentText.trim();
  if (!text) throw new DomainError('invalid', 'Enter a comment.');
  const { row, scope } = await requireVisiblePost(db, user, postId);
  if (!policy.canReactToPost(user, scope)) throw deny();
  await consumeComment(user.userId);
  const c = await db.insertInto('post_comments').values({ post_id: postId, user_id: user.userId, text }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
  const name = await nameOf(db, user.userId);
  if (row.creator_id && row.creator_id !== user.userId) await notifyComment(db, row.creator_id, name, postId, c.id, text);
  return { postCommentId: c.id, text, createdAt: iso(c.created_at)!, user: { userId: user.userId, fullName: name, profilePhotoBlobId: null } };
}

/** The post author's notification of a comment (PostComment 5): it names the comment, and goes with it. */
function notifyComment(db: Db, authorId: number, commenter: string, postId: number, postCommentId: number, text: string) {
  return notifyUsers(db, [authorId], {
    type: NotificationType.PostComment,
    title: `${commenter} commented on your post`,
    message: plainExcerpt(text),
    link: `/app/post/${postId}`,
    postId,
    postCommentId,
  });
}

/** How long a deleted comment can be brought back (decision 281). */
export const COMMENT_UNDO_MS = 10 * 60_000;
const COMMENT_GONE = 'This comment is no longer available.';

async function findComment(db: Db, postCommentId: number) {
  return db
    .selectFrom('post_comments')
    .innerJoin('posts', 'posts.id', 'post_comments.post_id')
    .select(['post_comments.id', 'post_comments.user_id', 'post_comments.post_id', 'post_comments.text', 'post_comments.deleted_at', 'posts.creator_id', 'posts.audience_type', 'posts.organisation_id', 'posts.team_id'])
    .where('post_comments.id', '=', postCommentId)
    .executeTakeFirst();
}

/**
 * Deletes a comment: its author or a moderator of the post. The comment is hidden at once and its
 * notification removed; it can be undone for 10 minutes (restorePostComment), then the sweep
 * (purgeDeletedComments) removes it for good.
 */
export async function deletePostComment(db: Db, user: PolicyUser, postCommentId: number, now = new Date()): Promise<void> {
  const c = await findComment(db, postCommentId);
  if (!c || c.deleted_at) throw new DomainError('not_found', COMMENT_GONE);
  if (!policy.canDeleteComment(user, { creatorId: c.user_id, post: scopeOf(c) })) throw deny();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('post_comments').set({ deleted_at: now }).where('id', '=', postCommentId).where('deleted_at', 'is', null).execute();
    await trx.deleteFrom('notifications').where('post_comment_id', '=', postCommentId).execute();
  });
}

/** Undoes a comment's deletion within 10 minutes (whoever may delete it may restore it); its author is notified again. */
export async function restorePostComment(db: Db, user: PolicyUser, postCommentId: number, now = new Date()): Promise<void> {
  const c = await findComment(db, postCommentId);
  if (!c) throw new DomainError('not_found', COMMENT_GONE);
  if (!policy.canDeleteComment(user, { creatorId: c.user_id, post: scopeOf(c) })) throw deny();
  if (!c.deleted_at) return;
  if (now.getTime() - new Date(c.deleted_at).getTime() > COMMENT_UNDO_MS) throw new DomainError('not_found', 'This comment can no longer be restored.');
  const restored = await db.updateTable('post_comments').set({ deleted_at: null }).where('id', '=', postCommentId).where('deleted_at', 'is not', null).executeTakeFirst();
  if (Number(restored.numUpdatedRows) && c.creator_id && c.creator_id !== c.user_id) {
    await notifyComment(db, c.creator_id, await nameOf(db, c.user_id), c.post_id, c.id, c.text);
  }
}

/** Removes for good the comments deleted more than 10 minutes ago (the sweep). */
export async function purgeDeletedComments(db: Db, now = new Date()): Promise<number> {
  const r = await db.deleteFrom('post_comments').where('deleted_at', '<', new Date(now.getTime() - COMMENT_UNDO_MS)).executeTakeFirst();
  return Number(r.numDeletedRows);
}
