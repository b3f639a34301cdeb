import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import { loadEnv } from './env.server';
import { DomainError } from './errors';

/**
 * Blob storage: the bytes live in DATA_DIR/blobs/<id> (id random, never a user-given name),
 * the `blobs` row records the content type, size and a sha256 so the same file stored twice
 * (a re-run seed) reuses one blob. Upload paths validate the type by its bytes (file-type),
 * never by the name or the browser's claim.
 */
export interface StoredBlob {
  blobId: string;
  contentType: string;
  byteSize: number;
}

const BLOB_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const isBlobId = (id: string) => BLOB_ID.test(id);

function blobDir() {
  return path.resolve(loadEnv().DATA_DIR, 'blobs');
}

function blobPath(blobId: string) {
  if (!isBlobId(blobId)) throw new DomainError('not_found', 'File not found.');
  return path.join(blobDir(), blobId);
}

/** Stores bytes with a content type the caller has already established; returns the blob id. */
export async function putBlob(db: Kysely<Database>, input: { bytes: Uint8Array; contentType: string }): Promise<StoredBlob> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const existing = await db
    .selectFrom('blobs')
    .select(['id', 'content_type', 'byte_size'])
    .where('sha256', '=', sha256)
    .where('content_type', '=', input.contentType)
    .executeTakeFirst();
  if (existing && (await fileExists(blobPath(existing.id)))) {
    return { blobId: existing.id, contentType: existing.content_type, byteSize: existing.byte_size };
  }
  const blobId = randomBytes(18).toString('base64url');
  await fs.mkdir(blobDir(), { recursive: true });
  const tmp = `${blobPath(blobId)}.tmp`;
  await fs.writeFile(tmp, input.bytes);
  await fs.rename(tmp, blobPath(blobId));
  await db
    .insertInto('blobs')
    .values({ id: blobId, content_type: input.contentType, byte_size: input.bytes.byteLength, sha256 })
    .execute();
  return { blobId, contentType: input.contentType, byteSize: input.bytes.byteLength };
}

/**
 * For upload paths: detects the type from the bytes and refuses anything not in `allowed`
 * (e.g. ['image/png', 'image/jpeg'] for a feature image), then stores it.
 */
export async function putUploadedBlob(
  db: Kysely<Database>,
  input: { bytes: Uint8Array; allowed: string[]; maxBytes: number },
): Promise<StoredBlob> {
  if (input.bytes.byteLength === 0) throw new DomainError('invalid', 'The file is empty.');
  if (input.bytes.byteLength > input.maxBytes) throw new DomainError('invalid', 'The file is too large.');
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(input.bytes);
  if (!detected || !input.allowed.includes(detected.mime)) {
    throw new DomainError('invalid', 'This type of file is not allowed.');
  }
  return putBlob(db, { bytes: input.bytes, contentType: detected.mime });
}

/** The blob's type and bytes, or null when it does not exist. */
export async function readBlob(db: Kysely<Database>, blobId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!isBlobId(blobId)) return null;
  const row = await db.selectFrom('blobs').select(['content_type']).where('id', '=', blobId).executeTakeFirst();
  if (!row) return null;
  try {
    return { contentType: row.content_type, bytes: await fs.readFile(blobPath(blobId)) };
  } catch {
    return null;
  }
}

/** The public URL a stored blob is served from (app/routes/blobs.$blobId.ts). */
export const blobUrl = (blobId: string | null | undefined) => (blobId ? `/blobs/${blobId}` : null);

async function fileExists(p: string) {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}
