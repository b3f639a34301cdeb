import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb, readBlobStream } from '@modules/shared/index.server';
import { moveLocalBlobs } from './blobs-move';

async function bytesOf(stream: ReadableStream<Uint8Array> | null) {
  const parts: Uint8Array[] = [];
  for await (const p of stream as unknown as AsyncIterable<Uint8Array>) parts.push(p);
  return Buffer.concat(parts);
}

describe('npm run blobs:move', () => {
  it('moves local blobs into the shared store, byte for byte, and a second run changes nothing', async () => {
    const db = getDb();
    const id = randomBytes(18).toString('base64url');
    const bytes = randomBytes(600_000);
    // A DATA_DIR/blobs folder of its own (the test database's own blobs stay where they are).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-blobs-move-'));
    fs.writeFileSync(path.join(dir, id), bytes);
    await db
      .insertInto('blobs')
      .values({ id, content_type: 'application/pdf', byte_size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex'), owner_kind: 'content', owner_user_id: null, width: null, height: null, variant_of: null })
      .execute();
    const stray = path.join(dir, 'not-a-known-blob-id-000');
    fs.writeFileSync(stray, 'x');

    const first = await moveLocalBlobs(dir);
    expect(first.moved).toBeGreaterThanOrEqual(1);
    expect(first.failed).toBe(0);
    expect(fs.existsSync(path.join(dir, id))).toBe(false);
    expect(fs.existsSync(stray)).toBe(true);
    expect(Buffer.compare(await bytesOf(await readBlobStream(db, id, 'database')), bytes)).toBe(0);

    const second = await moveLocalBlobs(dir);
    expect(second.moved).toBe(0);
    expect(Buffer.compare(await bytesOf(await readBlobStream(db, id, 'database')), bytes)).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
