import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import type { PolicyUser } from '@modules/identity/index.server';

export const MAX_POST_FILES = 10;
export const TOO_MANY_FILES = `A post may have at most ${MAX_POST_FILES} files.`;
export const FILE_NOT_AVAILABLE = 'A file is not available.';

/** The files of a post, in their order. */
export async function listPostFileIds(db: Db, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('post_files').select('file_id').where('post_id', '=', postId).orderBy('ordinal').orderBy('id').execute();
  return rows.map((r) => r.file_id);
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
  if (fileIds.length > MAX_POST_FILES) throw new DomainError('invalid', TOO_MANY_FILES);
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
