import type { Db } from '@modules/shared/db/database';
import { putUploadedBlob } from '@modules/shared/storage.server';
import { DomainError } from '@modules/shared/errors';

/** FileType of an uploaded file: Image 1, Document 2. */
export const FileType = { Image: 1, Document: 2 } as const;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;

/**
 * What each upload path takes, decided by the bytes (file-type), never by the name: no SVG, no HTML.
 * The generic path also takes txt and csv (learner-app s.7): UTF-8 text without NUL bytes, always
 * served as a text/plain download (decision 244).
 */
export const UPLOAD_KINDS = {
  images: ['image/png', 'image/jpeg'],
  documents: ['application/pdf'],
  files: ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'text/csv'],
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

const EXT: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'application/pdf': '.pdf', 'text/plain': '.txt', 'text/csv': '.csv' };

/** A safe display name: the base name, printable characters only, the extension of the real type. */
export function safeFileName(name: string, contentType: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} ._()-]+/gu, '_').trim().slice(0, 120) || 'file';
  return `${stem}${EXT[contentType] ?? ''}`;
}

export interface UploadedFile {
  fileId: number;
  blobId: string;
  fileName: string;
  type: number;
}

/** Stores the uploads of one request (each checked by content) and records them as the user's files. */
export async function uploadFiles(db: Db, userId: number, kind: UploadKind, files: { name: string; bytes: Uint8Array }[]): Promise<UploadedFile[]> {
  if (files.length === 0) throw new DomainError('invalid', 'Choose a file to upload.');
  if (files.length > MAX_FILES_PER_UPLOAD) throw new DomainError('invalid', `At most ${MAX_FILES_PER_UPLOAD} files at once.`);
  const out: UploadedFile[] = [];
  for (const f of files) {
    const blob = await putUploadedBlob(db, { bytes: f.bytes, allowed: UPLOAD_KINDS[kind], maxBytes: MAX_FILE_BYTES, owner: { kind: 'file', userId }, name: f.name });
    const type = blob.contentType.startsWith('image/') ? FileType.Image : FileType.Document;
    const fileName = safeFileName(f.name, blob.contentType);
    const row = await db
      .insertInto('files')
      .values({ blob_id: blob.blobId, file_name: fileName, type, content_type: blob.contentType, creator_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.push({ fileId: row.id, blobId: blob.blobId, fileName, type });
  }
  return out;
}
