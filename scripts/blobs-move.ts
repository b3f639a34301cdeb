/**
 * `npm run blobs:move`: one-off, when a deployment moves from one machine to several (decision 257).
 * Copies every blob in DATA_DIR/blobs that the database knows into the shared store (PostgreSQL's
 * blob_chunks, streamed a chunk at a time), checks its sha256 against the blob's row, then removes
 * the local file. Idempotent: a file already moved is gone; one interrupted mid-copy is copied
 * again (its chunks are replaced). Files the database does not know are left alone and counted.
 * Needs DATABASE_URL (the embedded database keeps its local folder).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { activeBlobStore, dbKind, getDb, init, isBlobId, localBlobDir, logger, putBlobStream, shutdown } from '@modules/shared/index.server';

export async function moveLocalBlobs(dir = localBlobDir()): Promise<{ moved: number; unknown: number; failed: number }> {
  const db = getDb();
  const names = fs.existsSync(dir) ? await fsp.readdir(dir) : [];
  let moved = 0;
  let unknown = 0;
  let failed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith('.tmp')) {
      await fsp.rm(file, { force: true }); // an upload that never finished
      continue;
    }
    const row = isBlobId(name) ? await db.selectFrom('blobs').select(['sha256', 'byte_size']).where('id', '=', name).executeTakeFirst() : undefined;
    if (!row) {
      unknown++;
      continue;
    }
    const written = await db.transaction().execute((trx) => putBlobStream(trx, name, Readable.from(fs.createReadStream(file, { highWaterMark: 256 * 1024 })), 'database'));
    if (written.sha256 !== row.sha256 || written.byteSize !== row.byte_size) {
      logger().error({ blobId: name, expected: row.sha256, got: written.sha256 }, 'blob moved with different bytes: local file kept');
      failed++;
      continue;
    }
    await fsp.rm(file, { force: true });
    moved++;
  }
  return { moved, unknown, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let code = 0;
  try {
    await init({ migrate: true });
    if (dbKind() !== 'postgres' || activeBlobStore() !== 'database') throw new Error('blobs:move needs DATABASE_URL: the embedded database keeps its blobs in DATA_DIR/blobs.');
    const result = await moveLocalBlobs();
    logger().info(result, 'local blobs moved into PostgreSQL');
    if (result.failed) code = 1;
  } catch (err) {
    logger().error({ err }, 'blobs:move failed');
    code = 1;
  } finally {
    await shutdown();
  }
  process.exit(code);
}
