import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from './db/index.server';
import { CHUNK_BYTES, deleteBlob, hasBlobBytes, localBlobDir, putBlobStream, readBlobStream, streamToBuffer, type BlobStore } from './blob-bytes.server';
import { openBlob, putBlob, readBlob } from './storage.server';

/** Both blob stores on the real database (decision 257): PostgreSQL chunks and the local folder. */
async function* slowly(bytes: Uint8Array, piece: number) {
  for (let i = 0; i < bytes.byteLength; i += piece) yield bytes.subarray(i, i + piece);
}

describe.each<BlobStore>(['database', 'local'])('the %s blob store', (store) => {
  it('streams a file in and out in 256 KB chunks, byte for byte, and deletes it', async () => {
    const db = getDb();
    const id = randomBytes(18).toString('base64url');
    const bytes = randomBytes(CHUNK_BYTES * 2 + 12_345);
    // Pieces of an odd size, as a request body arrives: re-cut into whole chunks.
    const written = await putBlobStream(db, id, slowly(bytes, 70_001), store);
    expect(written.byteSize).toBe(bytes.byteLength);
    if (store === 'database') {
      const chunks = await db.selectFrom('blob_chunks').select(['seq', 'bytes']).where('blob_id', '=', id).orderBy('seq').execute();
      expect(chunks.map((c) => c.bytes.byteLength)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 12_345]);
    } else {
      expect(fs.statSync(path.join(localBlobDir(), id)).size).toBe(bytes.byteLength);
    }
    expect(await hasBlobBytes(db, id, store)).toBe(true);
    const back = await streamToBuffer((await readBlobStream(db, id, store))!);
    expect(Buffer.compare(back, bytes)).toBe(0);
    await deleteBlob(db, id, store);
    expect(await hasBlobBytes(db, id, store)).toBe(false);
    expect(await readBlobStream(db, id, store)).toBeNull();
  }, 60_000);

  it('writing the same id again replaces its bytes (the move script can run twice)', async () => {
    const db = getDb();
    const id = randomBytes(18).toString('base64url');
    await putBlobStream(db, id, [randomBytes(CHUNK_BYTES + 5)], store);
    const second = randomBytes(10);
    await putBlobStream(db, id, [second], store);
    expect(Buffer.compare(await streamToBuffer((await readBlobStream(db, id, store))!), second)).toBe(0);
    await deleteBlob(db, id, store);
  }, 60_000);
});

describe('stored blobs through storage.server.ts', () => {
  it('puts a blob in the active store and serves it as a stream with its size', async () => {
    const db = getDb();
    const bytes = randomBytes(CHUNK_BYTES + 1);
    const { blobId } = await putBlob(db, { bytes, contentType: 'application/pdf', owner: { kind: 'content' } });
    const open = (await openBlob(db, blobId))!;
    expect(open.byteSize).toBe(bytes.byteLength);
    expect(Buffer.compare(await streamToBuffer(open.stream), bytes)).toBe(0);
    expect(Buffer.compare((await readBlob(db, blobId))!.bytes, bytes)).toBe(0);
    expect(await openBlob(db, 'not a blob id')).toBeNull();
  }, 60_000);
});
