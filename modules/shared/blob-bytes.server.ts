import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from './db/database';
import { dbKind } from './db/db.server';
import { loadEnv } from './env.server';

/**
 * Where blob bytes live (issue 28 §1, decision 257): two stores behind one interface.
 * - 'database' (PostgreSQL, whenever DATABASE_URL is set): table blob_chunks, 256 KB a row, so
 *   every web node reads what any node wrote; streamed in and out a chunk at a time.
 * - 'local' (the embedded PGlite default, one machine): DATA_DIR/blobs/<id>, as before.
 * Ids are checked by the caller (storage.server.ts); the blob's row (blobs) is written after its
 * bytes, so a reader never finds a row without bytes.
 */
export type BlobStore = 'database' | 'local';
export const CHUNK_BYTES = 256 * 1024;

/** The store this process uses: shared whenever the database is. */
export const activeBlobStore = (): BlobStore => (dbKind() === 'postgres' ? 'database' : 'local');

export const localBlobDir = () => path.resolve(loadEnv().DATA_DIR, 'blobs');
const localPath = (blobId: string) => path.join(localBlobDir(), blobId);

/** Re-cuts any stream of byte pieces into pieces of exactly CHUNK_BYTES (the last one shorter). */
async function* rechunk(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let held = 0;
  for await (const piece of source) {
    let p = piece;
    while (p.byteLength > 0) {
      const take = Math.min(CHUNK_BYTES - held, p.byteLength);
      parts.push(p.subarray(0, take));
      held += take;
      p = p.subarray(take);
      if (held === CHUNK_BYTES) {
        yield Buffer.concat(parts);
        parts = [];
        held = 0;
      }
    }
  }
  if (held > 0) yield Buffer.concat(parts);
}

/** Pieces of a buffer already in memory (no copy). */
export function* piecesOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < bytes.byteLength; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
}

/**
 * Writes a blob's bytes from a stream, one chunk in memory at a time; answers their size and
 * sha256. Writing the same id again replaces its bytes (the move script relies on it).
 */
export async function putBlobStream(
  db: Db,
  blobId: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  store: BlobStore = activeBlobStore(),
): Promise<{ byteSize: number; sha256: string }> {
  const hash = createHash('sha256');
  let byteSize = 0;
  if (store === 'database') {
    await db.deleteFrom('blob_chunks').where('blob_id', '=', blobId).execute();
    let seq = 0;
    for await (const chunk of rechunk(source)) {
      hash.update(chunk);
      byteSize += chunk.byteLength;
      await db.insertInto('blob_chunks').values({ blob_id: blobId, seq: seq++, bytes: chunk }).execute();
    }
    return { byteSize, sha256: hash.digest('hex') };
  }
  await fsp.mkdir(localBlobDir(), { recursive: true });
  const tmp = `${localPath(blobId)}.tmp`;
  const out = await fsp.open(tmp, 'w');
  try {
    for await (const chunk of rechunk(source)) {
      hash.update(chunk);
      byteSize += chunk.byteLength;
      await out.write(chunk);
    }
  } finally {
    await out.close();
  }
  await fsp.rename(tmp, localPath(blobId));
  return { byteSize, sha256: hash.digest('hex') };
}

/**
 * A blob's bytes as a stream (a chunk read from the database only when the client wants it), or
 * null when the store has none.
 */
export async function readBlobStream(db: Db, blobId: string, store: BlobStore = activeBlobStore()): Promise<ReadableStream<Uint8Array> | null> {
  if (store === 'database') {
    const head = await db
      .selectFrom('blob_chunks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('blob_id', '=', blobId)
      .executeTakeFirstOrThrow();
    if (!head.n) return null;
    let seq = 0;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (seq >= head.n) return controller.close();
        const row = await db.selectFrom('blob_chunks').select('bytes').where('blob_id', '=', blobId).where('seq', '=', seq++).executeTakeFirst();
        if (!row) return controller.error(new Error(`blob ${blobId}: chunk ${seq - 1} missing`));
        controller.enqueue(new Uint8Array(row.bytes));
      },
    });
  }
  try {
    const handle = await fsp.open(localPath(blobId), 'r');
    return Readable.toWeb(handle.createReadStream({ highWaterMark: CHUNK_BYTES })) as ReadableStream<Uint8Array>;
  } catch {
    return null;
  }
}

/** Whether the store holds bytes for the blob. */
export async function hasBlobBytes(db: Db, blobId: string, store: BlobStore = activeBlobStore()): Promise<boolean> {
  if (store === 'database') {
    return Boolean(await db.selectFrom('blob_chunks').select('seq').where('blob_id', '=', blobId).where('seq', '=', 0).executeTakeFirst());
  }
  return fs.existsSync(localPath(blobId));
}

/** Deletes a blob's bytes (nothing when there are none). */
export async function deleteBlob(db: Db, blobId: string, store: BlobStore = activeBlobStore()): Promise<void> {
  if (store === 'database') await db.deleteFrom('blob_chunks').where('blob_id', '=', blobId).execute();
  else await fsp.rm(localPath(blobId), { force: true });
}

/** Reads a whole stream (small blobs that a caller needs in memory, e.g. a profile photo to re-encode). */
export async function streamToBuffer(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of stream as unknown as AsyncIterable<Uint8Array>) parts.push(p);
  return Buffer.concat(parts);
}
