import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { sql } from 'kysely';
import type { Db } from './db/database';
import { DomainError } from './errors';
import { processImage } from './images.server';
import { deleteBlob, hasBlobBytes, piecesOf, putBlobStream, readBlobStream, streamToBuffer } from './blob-bytes.server';

/**
 * Blob storage: the bytes live in PostgreSQL whenever DATABASE_URL is set (blob_chunks, shared by
 * every web node), else in DATA_DIR/blobs/<id> (blob-bytes.server.ts, decision 257); ids are
 * random, never a user-given name. The
 * `blobs` row records the content type, size, a sha256, and its owner (decision 242): the kind of
 * thing it belongs to and the user it belongs to. The same bytes stored twice by the same owner (a
 * re-run seed) reuse one blob; two owners never share one. Upload paths validate the type by its
 * bytes (file-type), never by the name or the browser's claim, and every image is re-encoded
 * (images.server.ts). Who may read a blob is decided by what it belongs to (app/routes/blobs.$blobId.ts).
 */
export interface StoredBlob {
  blobId: string;
  contentType: string;
  byteSize: number;
  /** Images: the stored original's size and the widths of its resized copies. */
  width?: number | null;
  height?: number | null;
  variantWidths?: number[];
}

/**
 * What a blob belongs to: public content (articles, catalogue), or a user's post file, profile photo,
 * task answer or data export (a ZIP that /blobs never serves: only its download route does).
 */
export type BlobOwner = { kind: 'content' } | { kind: 'file' | 'profile_photo' | 'answer' | 'export'; userId: number };
export type BlobOwnerKind = BlobOwner['kind'];

const BLOB_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const isBlobId = (id: string) => BLOB_ID.test(id);


const ownerUserId = (owner: BlobOwner) => (owner.kind === 'content' ? null : owner.userId);

async function writeBlob(
  db: Db,
  input: { bytes: Uint8Array; contentType: string; owner: BlobOwner; width?: number; height?: number; variantOf?: string },
): Promise<string> {
  const blobId = randomBytes(18).toString('base64url');
  await putBlobStream(db, blobId, piecesOf(input.bytes));
  await db
    .insertInto('blobs')
    .values({
      id: blobId,
      content_type: input.contentType,
      byte_size: input.bytes.byteLength,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      owner_kind: input.owner.kind,
      owner_user_id: ownerUserId(input.owner),
      width: input.width ?? null,
      height: input.height ?? null,
      variant_of: input.variantOf ?? null,
    })
    .execute();
  return blobId;
}

/**
 * Stores bytes with a content type the caller has already established (and, for an image, its
 * resized copies); returns the blob id. The same bytes of the same owner reuse their blob.
 */
export async function putBlob(
  db: Db,
  input: { bytes: Uint8Array; contentType: string; owner: BlobOwner; width?: number; height?: number; variants?: { bytes: Uint8Array; width: number; height: number }[] },
): Promise<StoredBlob> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const userId = ownerUserId(input.owner);
  const existing = await db
    .selectFrom('blobs')
    .select(['id', 'content_type', 'byte_size', 'width', 'height'])
    .where('sha256', '=', sha256)
    .where('content_type', '=', input.contentType)
    .where('owner_kind', '=', input.owner.kind)
    .where((eb) => (userId === null ? eb('owner_user_id', 'is', null) : eb('owner_user_id', '=', userId)))
    .where('variant_of', 'is', null)
    .executeTakeFirst();
  if (existing && (await hasBlobBytes(db, existing.id))) {
    const variants = await db.selectFrom('blobs').select('width').where('variant_of', '=', existing.id).orderBy('width').execute();
    return {
      blobId: existing.id,
      contentType: existing.content_type,
      byteSize: existing.byte_size,
      width: existing.width,
      height: existing.height,
      variantWidths: variants.map((v) => v.width ?? 0),
    };
  }
  const blobId = await writeBlob(db, input);
  for (const v of input.variants ?? []) {
    await writeBlob(db, { bytes: v.bytes, contentType: input.contentType, owner: input.owner, width: v.width, height: v.height, variantOf: blobId });
  }
  return {
    blobId,
    contentType: input.contentType,
    byteSize: input.bytes.byteLength,
    width: input.width ?? null,
    height: input.height ?? null,
    variantWidths: (input.variants ?? []).map((v) => v.width),
  };
}

/** Plain text (txt, csv) has no magic bytes: it must be valid UTF-8 without NUL bytes. */
export function isPlainText(bytes: Uint8Array) {
  if (bytes.byteLength === 0) return false;
  try {
    return !new TextDecoder('utf-8', { fatal: true }).decode(bytes).includes('\u0000');
  } catch {
    return false;
  }
}

/**
 * For upload paths: detects the type from the bytes and refuses anything not in `allowed`
 * (e.g. ['image/png', 'image/jpeg'] for a feature image), then stores it. Images are re-encoded
 * without metadata and resized (processImage); 'text/plain' or 'text/csv', when allowed, take a
 * .txt or .csv file whose bytes file-type cannot name and that is UTF-8 text without NUL bytes.
 */
export async function putUploadedBlob(
  db: Db,
  input: { bytes: Uint8Array; allowed: readonly string[]; maxBytes: number; owner: BlobOwner; name?: string },
): Promise<StoredBlob> {
  if (input.bytes.byteLength === 0) throw new DomainError('invalid', 'The file is empty.');
  if (input.bytes.byteLength > input.maxBytes) throw new DomainError('invalid', 'The file is too large.');
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(input.bytes);
  let mime = detected?.mime as string | undefined;
  const textExt = /\.(txt|csv)$/i.exec(input.name ?? '')?.[1]?.toLowerCase();
  if (!detected && textExt && isPlainText(input.bytes)) mime = textExt === 'csv' ? 'text/csv' : 'text/plain';
  if (!mime || !input.allowed.includes(mime)) {
    throw new DomainError('invalid', 'This type of file is not allowed.');
  }
  if (mime === 'image/png' || mime === 'image/jpeg') {
    const { original, variants } = await processImage(input.bytes, mime);
    return putBlob(db, { bytes: original.bytes, contentType: mime, owner: input.owner, width: original.width, height: original.height, variants });
  }
  return putBlob(db, { bytes: input.bytes, contentType: mime, owner: input.owner });
}

/** A blob's owner, or null when there is no such blob (variants are not blobs of their own here). */
export async function blobOwner(db: Db, blobId: string): Promise<{ kind: string; userId: number | null } | null> {
  if (!isBlobId(blobId)) return null;
  const row = await db.selectFrom('blobs').select(['owner_kind', 'owner_user_id']).where('id', '=', blobId).where('variant_of', 'is', null).executeTakeFirst();
  return row ? { kind: row.owner_kind, userId: row.owner_user_id } : null;
}

/**
 * A blob as a stream (the route serves it a chunk at a time): its type, size and bytes, or null
 * when it does not exist. With `width`, its resized copy of that width (null when it has none).
 */
export async function openBlob(
  db: Db,
  blobId: string,
  width?: number,
): Promise<{ contentType: string; byteSize: number; stream: ReadableStream<Uint8Array> } | null> {
  if (!isBlobId(blobId)) return null;
  const row = width
    ? await db.selectFrom('blobs').select(['id', 'content_type', 'byte_size']).where('variant_of', '=', blobId).where('width', '=', width).executeTakeFirst()
    : await db.selectFrom('blobs').select(['id', 'content_type', 'byte_size']).where('id', '=', blobId).executeTakeFirst();
  if (!row) return null;
  const stream = await readBlobStream(db, row.id);
  return stream ? { contentType: row.content_type, byteSize: row.byte_size, stream } : null;
}

/**
 * Streams bytes into a new blob (a data export's ZIP), one chunk in memory at a time, into whichever
 * store is active (blob-bytes.server.ts); its size and sha256 are counted on the way. Never deduplicated.
 */
export async function storeBlobStream(db: Db, input: { source: AsyncIterable<Uint8Array>; contentType: string; owner: BlobOwner }): Promise<StoredBlob> {
  const blobId = randomBytes(18).toString('base64url');
  const { byteSize, sha256 } = await putBlobStream(db, blobId, input.source);
  await db
    .insertInto('blobs')
    .values({ id: blobId, content_type: input.contentType, byte_size: byteSize, sha256, owner_kind: input.owner.kind, owner_user_id: ownerUserId(input.owner) })
    .execute();
  return { blobId, contentType: input.contentType, byteSize };
}

/** A blob's bytes as a Node stream (for the ZIP writer and the export download), with its type and size; null when it does not exist. */
export async function openBlobStream(db: Db, blobId: string): Promise<{ contentType: string; byteSize: number; open: () => Readable } | null> {
  const blob = await openBlob(db, blobId);
  if (!blob) return null;
  return { contentType: blob.contentType, byteSize: blob.byteSize, open: () => Readable.fromWeb(blob.stream as NodeReadableStream<Uint8Array>) };
}

/** Deletes one blob now (its row, resized copies and bytes), e.g. an expired data export. Safe to run twice. */
export async function deleteStoredBlob(db: Db, blobId: string): Promise<void> {
  if (!isBlobId(blobId)) return;
  const variants = await db.selectFrom('blobs').select('id').where('variant_of', '=', blobId).execute();
  await db.deleteFrom('blobs').where('id', 'in', [blobId, ...variants.map((v) => v.id)]).execute();
  for (const v of [...variants.map((x) => x.id), blobId]) await deleteBlob(db, v);
}

/** The blob's type and bytes in memory (small blobs only: a profile photo, a test), or null. */
export async function readBlob(db: Db, blobId: string, width?: number): Promise<{ contentType: string; bytes: Buffer } | null> {
  const blob = await openBlob(db, blobId, width);
  if (!blob) return null;
  try {
    return { contentType: blob.contentType, bytes: await streamToBuffer(blob.stream) };
  } catch {
    return null;
  }
}

/** How long a blob may wait, referenced by nothing, for the save that attaches it (an upload before its post is saved). */
export const UNREFERENCED_BLOB_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping: deletes blobs (rows, their resized copies and their bytes) that nothing refers to
 * any more and that are older than the grace period. The references, in one place (decision 242):
 * an article's or catalogue content's feature image, a user's profile photo, an uploaded file
 * (files, whose rows the social module prunes when no post or preset holds them), a data export's ZIP
 * (until housekeeping deletes it, 7 days after it is ready), and a task
 * answer's FileUpload value (JSON starting {"blobId":"<id>"). Safe to run twice; answers the count.
 */
export async function pruneUnreferencedBlobs(db: Db, now: Date, limit = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - UNREFERENCED_BLOB_GRACE_MS);
  const rows = await db
    .selectFrom('blobs as b')
    .select('b.id')
    .where('b.variant_of', 'is', null)
    .where('b.created_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('contents as c').select('c.id').whereRef('c.feature_image_blob_id', '=', 'b.id')),
          eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.profile_photo_blob_id', '=', 'b.id')),
          eb.exists(eb.selectFrom('files as f').select('f.id').whereRef('f.blob_id', '=', 'b.id')),
          eb.exists(eb.selectFrom('data_exports as x').select('x.id').whereRef('x.blob_id', '=', 'b.id')),
          eb.exists(
            eb
              .selectFrom('my_activity_task_fields as tf')
              .select('tf.id')
              .where(sql<boolean>`tf.value like '{"blobId":"' || b.id || '"%'`),
          ),
        ]),
      ),
    )
    .limit(limit)
    .execute();
  let deleted = 0;
  for (const { id } of rows) {
    const variants = await db.selectFrom('blobs').select('id').where('variant_of', '=', id).execute();
    await db.deleteFrom('blobs').where('id', '=', id).execute();
    for (const v of [...variants.map((x) => x.id), id]) await deleteBlob(db, v);
    deleted++;
  }
  return deleted;
}

/**
 * Deletes blob rows (with their resized copies) inside the caller's transaction and answers every id
 * deleted; the caller removes the bytes with removeBlobBytes once it committed (an erasure, decision 262).
 */
export async function deleteBlobRows(db: Db, blobIds: string[]): Promise<string[]> {
  if (blobIds.length === 0) return [];
  const variants = await db.selectFrom('blobs').select('id').where('variant_of', 'in', blobIds).execute();
  const all = [...new Set([...variants.map((v) => v.id), ...blobIds])];
  await db.deleteFrom('blobs').where('id', 'in', all).execute();
  return all;
}

/** Removes stored bytes (after their rows went), from whichever store holds them; a missing one is fine. */
export async function removeBlobBytes(db: Db, blobIds: string[]): Promise<void> {
  for (const id of blobIds) if (isBlobId(id)) await deleteBlob(db, id);
}

/** The public URL a stored blob is served from (app/routes/blobs.$blobId.ts). */
export const blobUrl = (blobId: string | null | undefined) => (blobId ? `/blobs/${blobId}` : null);
