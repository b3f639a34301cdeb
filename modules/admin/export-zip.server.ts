import { Readable } from 'node:stream';
import { sql } from 'kysely';
import yazl from 'yazl';
import { openBlobStream, storeBlobStream, type Db } from '@modules/shared/index.server';
import { EXPORT_AREAS, type ExportArea } from './export-areas.server';

/**
 * "Download my data" (issue 27 s.2, decision 265): one ZIP per export, streamed. yazl reads each
 * entry only when the previous one is written, every area's JSON is produced page by page by an async
 * generator (at most EXPORT_PAGE rows in memory), uploaded files are opened one at a time, and the ZIP
 * bytes flow straight into a blob file. Memory stays flat whatever the person's history.
 */

/** One uploaded file of the person, as files/… in the ZIP. */
interface UploadedFile {
  blobId: string;
  name: string;
  source: string;
}

/** A JSON array written item by item: '[\n', items joined by ',\n', '\n]\n'. */
async function* jsonArray(items: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  let first = true;
  yield Buffer.from('[');
  for await (const item of items) {
    yield Buffer.from(`${first ? '\n' : ',\n'}${JSON.stringify(item)}`);
    first = false;
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

/** An area's file: an object (`one`) or an array of rows (`rows`, paged). */
async function* areaJson(db: Db, userId: number, area: ExportArea): AsyncGenerator<Buffer> {
  if (area.one) {
    yield Buffer.from(`${JSON.stringify(await area.one(db, userId), null, 2)}\n`);
    return;
  }
  yield* jsonArray(area.rows!(db, userId));
}

/** Every file the person uploaded: post files, task answer files, their profile photo (originals only). */
async function uploadedFiles(db: Db, userId: number): Promise<UploadedFile[]> {
  const rows = await db
    .selectFrom('blobs as b')
    .leftJoin('files as f', (j) => j.onRef('f.blob_id', '=', 'b.id').on('f.creator_id', '=', userId))
    .select(['b.id', 'b.owner_kind', 'b.content_type', 'b.created_at', sql<string | null>`min(f.file_name)`.as('file_name')])
    .where('b.owner_user_id', '=', userId)
    .where('b.variant_of', 'is', null)
    .where('b.owner_kind', 'in', ['file', 'profile_photo', 'answer'])
    .groupBy(['b.id', 'b.owner_kind', 'b.content_type', 'b.created_at'])
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  const used = new Set<string>();
  return rows.map((r, i) => {
    const ext = EXTENSIONS[r.content_type] ?? '';
    const base = safeName(r.file_name ?? `${r.owner_kind}-${i + 1}${ext}`);
    let name = `files/${base}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `files/${n}-${base}`;
    used.add(name.toLowerCase());
    return { blobId: r.id, name, source: SOURCES[r.owner_kind] ?? r.owner_kind };
  });
}

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/csv': '.csv',
};
const SOURCES: Record<string, string> = { file: 'a post or its draft', profile_photo: 'your profile photo', answer: 'an answer in My Activities' };

/** A file name safe in any unzip tool: no folders, no control characters, at most 100 characters. */
function safeName(name: string) {
  const clean = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').replace(/^\.+/, '_').trim();
  return (clean || 'file').slice(-100);
}

/** README.txt: what each file holds. */
function readme(areas: readonly ExportArea[], files: UploadedFile[], when: Date) {
  const lines = [
    'Your data from Leda',
    '===================',
    '',
    `Made on ${when.toISOString()} (UTC). Each .json file is UTF-8 JSON; dates are ISO 8601 in UTC.`,
    '',
    'Files',
    '-----',
    ...areas.map((a) => `${a.file}\n    ${a.description}`),
    `files/ (${files.length} ${files.length === 1 ? 'file' : 'files'})\n    The files you uploaded: ${files.length ? [...new Set(files.map((f) => f.source))].join(', ') : 'none'}. files.json lists where each one came from.`,
    'files.json\n    One entry per file in files/: its name in this ZIP and where you uploaded it.',
    '',
    'Other people\'s names appear only where they are part of your own data (your teams, comments on your posts).',
    'Peer feedback answers are anonymous: they are shown without who gave them, as in Leda.',
    '',
  ];
  return Buffer.from(lines.join('\n'));
}

export interface ZipProgress {
  done: number;
  total: number;
}

/**
 * Builds the person's ZIP into a new blob (owner kind 'export'); calls onProgress after each entry.
 * Answers the blob id and size.
 */
export async function writeExportZip(db: Db, userId: number, onProgress?: (p: ZipProgress) => void | Promise<void>, now = new Date()) {
  const files = await uploadedFiles(db, userId);
  const total = EXPORT_AREAS.length + files.length + 2;
  let done = 0;
  const step = () => {
    done++;
    return onProgress?.({ done, total });
  };
  const zip = new yazl.ZipFile();
  const mtime = now;
  zip.addBuffer(readme(EXPORT_AREAS, files, now), 'README.txt', { mtime });
  for (const area of EXPORT_AREAS) {
    zip.addReadStreamLazy(area.file, { mtime }, (cb) => {
      const gen = async function* () {
        yield* areaJson(db, userId, area);
        await step();
      };
      cb(null, Readable.from(gen(), { objectMode: false }));
    });
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(files.map((f) => ({ name: f.name, uploadedAs: f.source })), null, 2)}\n`), 'files.json', { mtime });
  for (const f of files) {
    // Images and PDFs are compressed already: stored as they are, which is faster.
    zip.addReadStreamLazy(f.name, { mtime, compress: false }, (cb) => {
      openBlobStream(db, f.blobId)
        .then((blob) => {
          const gen = async function* () {
            if (blob) yield* blob.open();
            await step();
          };
          cb(null, Readable.from(gen(), { objectMode: false }));
        })
        .catch((error: unknown) => cb(error as Error, null as never));
    });
  }
  // A failed read (database gone, file unreadable) fails the whole ZIP rather than leaving it unfinished.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.end();
  const stored = await storeBlobStream(db, { source: zip.outputStream as Readable, contentType: 'application/zip', owner: { kind: 'export', userId } });
  await step();
  await step();
  return { blobId: stored.blobId, byteSize: stored.byteSize };
}
