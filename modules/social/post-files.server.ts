import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { scopeOf } from './post-rows.server';

import { MAX_POST_FILES, TOO_MANY_FILES } from './constants';

export const FILE_NOT_AVAILABLE = 'A file is not available.';

/** The files of a post, in their order. */
export async function listPostFileIds(db: Db, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('post_files').select('file_id').where('post_id', '=', postId).orderBy('ordinal').orderBy('id').execute();
  return rows.map((r) => r.file_id);
}

/** The 10-file rule of a post (a feed post or a preset's post): a DomainError past it. */
export function checkPostFileCount(count: number): void {
  if (count > MAX_POST_FILES) throw new DomainError('invalid', TOO_MANY_FILES);
}

/**
 * The editor's check before it stores new uploads: the post's files after this save (its own, those the
 * form names, less those removed, plus `newCount` uploads) keep the 10-file rule.
 */
export async function checkPostFilesBeforeUpload(db: Db, postId: number | null, change: { fileIds: number[]; removeFileIds: number[] }, newCount: number) {
  if (!newCount) return;
  const removed = new Set(change.removeFileIds);
  const kept = new Set([...(postId ? await listPostFileIds(db, postId) : []), ...change.fileIds].filter((id) => !removed.has(id)));
  checkPostFileCount(kept.size + newCount);
}

/** How a save changes a post's files (decision 189). */
export interface PostFilesChange {
  /** The whole list, in order (the /api savePost): replaces. Absent on an edit: the existing files are kept. */
  fileIds?: number[];
  /** Added after the kept ones (the editor: its new uploads). */
  addFileIds?: number[];
  /** Taken off (the editor's Remove per attachment). */
  removeFileIds?: number[];
}

/**
 * The post's files after this save, checked before anything is written: at most 10, and each one
 * either the user's own upload or already on this post (someone else's upload is refused).
 */
export async function resolvePostFiles(db: Db, user: PolicyUser, postId: number | null, change: PostFilesChange): Promise<number[]> {
  const base = change.fileIds ?? (postId ? await listPostFileIds(db, postId) : []);
  const removed = new Set(change.removeFileIds ?? []);
  const fileIds = [...new Set([...base, ...(change.addFileIds ?? [])])].filter((id) => !removed.has(id));
  checkPostFileCount(fileIds.length);
  if (fileIds.length) {
    let q = db.selectFrom('files').select('files.id').where('files.id', 'in', fileIds);
    q = postId
      ? q.where((eb) =>
          eb.or([
            eb('files.creator_id', '=', user.userId),
            eb.exists(eb.selectFrom('post_files').select('post_files.id').whereRef('post_files.file_id', '=', 'files.id').where('post_files.post_id', '=', postId)),
          ]),
        )
      : q.where('files.creator_id', '=', user.userId);
    const allowed = await q.execute();
    if (allowed.length !== fileIds.length) throw new DomainError('invalid', FILE_NOT_AVAILABLE);
  }
  return fileIds;
}

/** Writes the post's files in order (already resolved and checked). */
export async function attachFiles(db: Db, postId: number, fileIds: number[]) {
  await db.deleteFrom('post_files').where('post_id', '=', postId).execute();
  if (fileIds.length) {
    await db
      .insertInto('post_files')
      .values(fileIds.map((fileId, ordinal) => ({ post_id: postId, file_id: fileId, ordinal })))
      .execute();
  }
}

/**
 * /blobs/{id} of an uploaded file (decision 242): to whoever may see a post it is on (a scheduled
 * post: whoever may moderate it); a preset post's file to product admins; a file on no post yet
 * (uploaded, the post not saved) to its uploader only. A file whose posts were all deleted is on
 * no post and its rows are gone (deletePost drops them), so it is refused to everyone.
 */
export async function postFileBlobAccess(db: Db, viewer: PolicyUser | null, blobId: string): Promise<'private' | null> {
  if (!viewer) return null;
  const files = await db
    .selectFrom('files as f')
    .select(['f.id', 'f.creator_id'])
    .select((eb) => [
      eb.exists(eb.selectFrom('post_files as pf').select('pf.id').whereRef('pf.file_id', '=', 'f.id')).as('onPost'),
      eb.exists(eb.selectFrom('preset_post_files as ppf').select('ppf.file_id').whereRef('ppf.file_id', '=', 'f.id')).as('onPreset'),
    ])
    .where('f.blob_id', '=', blobId)
    .execute();
  if (!files.length) return null;
  const posts = await db
    .selectFrom('post_files as pf')
    .innerJoin('posts as p', 'p.id', 'pf.post_id')
    .select(['p.audience_type', 'p.organisation_id', 'p.team_id', 'p.posted_at'])
    .where('pf.file_id', 'in', files.map((f) => f.id))
    .execute();
  for (const p of posts) {
    const scope = scopeOf(p);
    if (p.posted_at ? policy.canSeePost(viewer, scope) : policy.canModeratePost(viewer, scope)) return 'private';
  }
  if (files.some((f) => f.onPreset) && policy.canUseAdmin(viewer)) return 'private';
  if (files.some((f) => !f.onPost && !f.onPreset && f.creator_id === viewer.userId)) return 'private';
  return null;
}

/** After posts are deleted: their files that no other post or preset holds go too (their blobs are then unreferenced). */
export async function dropOrphanFiles(db: Db, fileIds: number[]) {
  if (!fileIds.length) return;
  await db
    .deleteFrom('files as f')
    .where('f.id', 'in', fileIds)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('post_files as pf').select('pf.id').whereRef('pf.file_id', '=', 'f.id')),
          eb.exists(eb.selectFrom('preset_post_files as ppf').select('ppf.file_id').whereRef('ppf.file_id', '=', 'f.id')),
        ]),
      ),
    )
    .execute();
}

/**
 * Housekeeping: uploads never attached (or taken off their post) and older than the grace period
 * are deleted, so their blobs become unreferenced. Answers how many.
 */
export async function pruneUnattachedFiles(db: Db, olderThan: Date): Promise<number> {
  const rows = await db
    .deleteFrom('files as f')
    .where('f.created_at', '<', olderThan)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('post_files as pf').select('pf.id').whereRef('pf.file_id', '=', 'f.id')),
          eb.exists(eb.selectFrom('preset_post_files as ppf').select('ppf.file_id').whereRef('ppf.file_id', '=', 'f.id')),
        ]),
      ),
    )
    .returning('f.id')
    .execute();
  return rows.length;
}
