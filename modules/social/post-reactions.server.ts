import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { NotificationType, notifyUsers } from './notifications.server';
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
      message: row.text.slice(0, 200),
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
  if (row.creator_id && row.creator_id !== user.userId) {
    await notifyUsers(db, [row.creator_id], {
      type: NotificationType.PostComment,
      title: `${name} commented on your post`,
      message: text.slice(0, 200),
      link: `/app/post/${postId}`,
      postId,
    });
  }
  return { postCommentId: c.id, text, createdAt: iso(c.created_at)!, user: { userId: user.userId, fullName: name, profilePhotoBlobId: null } };
}

/** Deletes a comment: its author or a moderator of the post. */
export async function deletePostComment(db: Db, user: PolicyUser, postCommentId: number): Promise<void> {
  const c = await db
    .selectFrom('post_comments')
    .innerJoin('posts', 'posts.id', 'post_comments.post_id')
    .select(['post_comments.id', 'post_comments.user_id', 'posts.audience_type', 'posts.organisation_id', 'posts.team_id'])
    .where('post_comments.id', '=', postCommentId)
    .executeTakeFirst();
  if (!c) throw new DomainError('not_found', 'This comment is no longer available.');
  if (!policy.canDeleteComment(user, { creatorId: c.user_id, post: scopeOf(c) })) throw deny();
  await db.deleteFrom('post_comments').where('id', '=', postCommentId).execute();
}
