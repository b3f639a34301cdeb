import { parse } from 'csv-parse';
import { sql } from 'kysely';
import { z } from 'zod';
import { DomainError, type Db } from '@modules/shared/index.server';
import type { ImportPreviewStatus, TeamImportStatus } from './import-tables';

/**
 * CSV import into a team (admin-console sections 3-5 and 8): upload -> preview (a status per row)
 * -> confirm -> the csv-import job. This file reads the upload and builds the preview: the file is
 * parsed as a stream (csv-parse) straight into team_import_rows in batches, so memory stays flat;
 * the preview statuses are then set in SQL. Confirming and running the import (the job's batches,
 * the error report) are in csv-import-run.server.ts.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
const INSERT_CHUNK = 1000;

export const IMPORT_NOT_FOUND = 'This import does not exist.';
export const NOT_CSV_MESSAGE = 'Choose a CSV file (comma-separated text, UTF-8).';
export const TOO_LARGE_MESSAGE = 'The file is too large (at most 5 MB).';
export const NO_EMAIL_COLUMN = "The file's first row must name its columns: first name, last name, email, job title, is this person the admin?";
export const EMPTY_FILE_MESSAGE = 'The file has no rows to import.';
export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-AU')} rows.`;

export { PREVIEW_LABELS } from './constants';

type Column = 'firstName' | 'lastName' | 'email' | 'jobTitle' | 'isAdmin';
const HEADERS: Record<string, Column> = {
  'first name': 'firstName',
  firstname: 'firstName',
  'last name': 'lastName',
  lastname: 'lastName',
  email: 'email',
  'email address': 'email',
  'job title': 'jobTitle',
  'is this person the admin': 'isAdmin',
};
/** Header cells compared case-insensitively, spaces collapsed, a trailing '?' ignored. */
const headerKey = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .replace(/\?+$/, '')
    .trim();

const emailCheck = z.email();
const clip = (s: string | undefined, n: number) => (s ?? '').trim().slice(0, n);

interface ParsedRow {
  import_id: number;
  row_number: number;
  line: number;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string | null;
  is_admin: boolean;
  preview_status: ImportPreviewStatus;
  message: string | null;
}

function toRow(importId: number, rowNumber: number, line: number, cells: string[], columns: (Column | null)[]): ParsedRow {
  const get = (c: Column) => {
    const i = columns.indexOf(c);
    return i >= 0 ? (cells[i] ?? '').trim() : '';
  };
  const email = get('email').toLowerCase();
  const firstName = get('firstName');
  const lastName = get('lastName');
  const jobTitle = get('jobTitle');
  let status: ImportPreviewStatus | null = null;
  let message: string | null = null;
  if (!email || email.length > 320 || !emailCheck.safeParse(email).success) {
    status = 'bad-email';
    message = 'Email is invalid';
  } else if (firstName.length > 250 || lastName.length > 250 || jobTitle.length > 250) {
    status = 'invalid';
    message = 'Max 250 characters';
  }
  return {
    import_id: importId,
    row_number: rowNumber,
    line,
    first_name: clip(firstName, 250),
    last_name: clip(lastName, 250),
    email: clip(email, 320),
    job_title: jobTitle ? clip(jobTitle, 250) : null,
    is_admin: get('isAdmin').toLowerCase() === 'yes',
    // 'add' until the SQL pass below decides between duplicate, member, add and create.
    preview_status: status ?? 'add',
    message,
  };
}

/** Bytes of a CSV, or text: an upload's stream or a file's read stream. */
export type CsvSource = AsyncIterable<Uint8Array | string>;

/** Decodes UTF-8 strictly (a BOM is dropped by csv-parse); refuses binary content early. */
async function* utf8Chunks(source: CsvSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let first = true;
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      bytes += Buffer.byteLength(chunk);
      if (bytes > IMPORT_MAX_BYTES) throw new DomainError('invalid', TOO_LARGE_MESSAGE);
      yield chunk;
      continue;
    }
    bytes += chunk.byteLength;
    if (bytes > IMPORT_MAX_BYTES) throw new DomainError('invalid', TOO_LARGE_MESSAGE);
    if (first && looksBinary(chunk)) throw new DomainError('invalid', NOT_CSV_MESSAGE);
    first = false;
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw new DomainError('invalid', NOT_CSV_MESSAGE);
    }
  }
  try {
    yield decoder.decode();
  } catch {
    throw new DomainError('invalid', NOT_CSV_MESSAGE);
  }
}

/** Text has no NUL bytes and no other control bytes besides tab, CR, LF (checked on the first chunk). */
function looksBinary(chunk: Uint8Array) {
  const n = Math.min(chunk.length, 4096);
  for (let i = 0; i < n; i++) {
    const b = chunk[i]!;
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return true;
  }
  return false;
}

/**
 * Reads the CSV into a new import of the team ('preview'); answers its id. The header row names
 * the columns (case-insensitive); blank lines and rows of empty cells are skipped; quoted commas,
 * BOM and Windows line endings are csv-parse's. A domain error (not CSV, too large, no email
 * column, empty) leaves nothing behind.
 */
export async function createImportPreview(db: Db, actorId: number | null, input: { teamId: number; fileName: string; source: CsvSource }): Promise<number> {
  const team = await db.selectFrom('teams').select('id').where('id', '=', input.teamId).executeTakeFirst();
  if (!team) throw new DomainError('not_found', 'This team does not exist.');
  const fileName = input.fileName.replace(/[^\w .()-]+/g, '_').slice(0, 255) || 'import.csv';
  const { id: importId } = await db
    .insertInto('team_imports')
    .values({ team_id: input.teamId, actor_id: actorId, file_name: fileName, status: 'preview', error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await readRows(db, importId, input.source);
    await classifyRows(db, importId, input.teamId);
  } catch (error) {
    await db.deleteFrom('team_imports').where('id', '=', importId).execute();
    if (error instanceof DomainError) throw error;
    if (error && typeof error === 'object' && 'code' in error && String((error as { code: unknown }).code).startsWith('CSV_')) {
      throw new DomainError('invalid', `The file could not be read as CSV: ${String((error as { message?: unknown }).message ?? '').slice(0, 200)}`);
    }
    throw error;
  }
  return importId;
}

async function readRows(db: Db, importId: number, source: CsvSource) {
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, info: true, max_record_size: 64 * 1024 });
  const feeding = (async () => {
    try {
      for await (const text of utf8Chunks(source)) {
        if (!parser.write(text)) await new Promise((r) => parser.once('drain', r));
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let columns: (Column | null)[] | null = null;
  let rowNumber = 0;
  let batch: ParsedRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await db.insertInto('team_import_rows').values(batch).execute();
    batch = [];
  };
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const cells = record.record;
    if (cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      columns = cells.map((h) => HEADERS[headerKey(h)] ?? null);
      if (!columns.includes('email')) throw new DomainError('invalid', NO_EMAIL_COLUMN);
      continue;
    }
    rowNumber++;
    if (rowNumber > IMPORT_MAX_ROWS) throw new DomainError('invalid', TOO_MANY_ROWS_MESSAGE);
    batch.push(toRow(importId, rowNumber, record.info.lines, cells, columns));
    if (batch.length >= INSERT_CHUNK) await flush();
  }
  await feeding;
  await flush();
  if (!columns) throw new DomainError('invalid', NO_EMAIL_COLUMN);
  if (rowNumber === 0) throw new DomainError('invalid', EMPTY_FILE_MESSAGE);
}

/** The preview statuses in SQL (four statements whatever the size): duplicate, member, add, create. */
async function classifyRows(db: Db, importId: number, teamId: number) {
  // The rows were just written: without fresh statistics the planner expects one row per import and
  // runs the duplicate pass as a nested loop over the whole import (quadratic: 23 s for 4,000 rows,
  // 0.75 s after ANALYZE; found by jobs/csv-import.test.ts).
  await sql`analyze team_import_rows`.execute(db);
  await sql`
    update team_import_rows r set preview_status = 'duplicate', message = 'Duplicate in the file'
    from (select row_number, row_number() over (partition by email order by row_number) as n
          from team_import_rows where import_id = ${importId} and preview_status = 'add') d
    where r.import_id = ${importId} and r.row_number = d.row_number and d.n > 1`.execute(db);
  await sql`
    update team_import_rows r set preview_status = 'member', message = 'Already a member'
    from users u join team_users tu on tu.user_id = u.id and tu.team_id = ${teamId}
    where r.import_id = ${importId} and r.preview_status = 'add' and lower(u.email) = r.email`.execute(db);
  await sql`
    update team_import_rows r set preview_status = 'create'
    where r.import_id = ${importId} and r.preview_status = 'add'
      and not exists (select 1 from users u where lower(u.email) = r.email)`.execute(db);
  const { total } = await db
    .selectFrom('team_import_rows')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  await db.updateTable('team_imports').set({ total_rows: Number(total), updated_at: new Date() }).where('id', '=', importId).execute();
}

export interface TeamImport {
  importId: number;
  teamId: number;
  fileName: string;
  status: TeamImportStatus;
  totalRows: number;
  processedRows: number;
  created: number;
  added: number;
  skipped: number;
  errors: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** Rows per preview status. */
  preview: Record<ImportPreviewStatus, number>;
}

/** The import with its counts (one query for the import, one for the preview counts). */
export async function getImport(db: Db, importId: number): Promise<TeamImport | null> {
  const row = await db.selectFrom('team_imports').selectAll().where('id', '=', importId).executeTakeFirst();
  if (!row) return null;
  const counts = await db
    .selectFrom('team_import_rows')
    .select(['preview_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('import_id', '=', importId)
    .groupBy('preview_status')
    .execute();
  const preview = { 'bad-email': 0, invalid: 0, duplicate: 0, member: 0, add: 0, create: 0 } as Record<ImportPreviewStatus, number>;
  for (const c of counts) preview[c.preview_status] = Number(c.n);
  return {
    importId: row.id,
    teamId: row.team_id,
    fileName: row.file_name,
    status: row.status,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    created: row.created_count,
    added: row.added_count,
    skipped: row.skipped_count,
    errors: row.error_count,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    preview,
  };
}

export const PREVIEW_PAGE_SIZE = 100;

/** A page of the preview (file order), optionally only one status. */
export async function listImportRows(db: Db, importId: number, opts: { offset?: number; status?: ImportPreviewStatus } = {}) {
  let q = db
    .selectFrom('team_import_rows')
    .select(['row_number as rowNumber', 'line', 'first_name as firstName', 'last_name as lastName', 'email', 'job_title as jobTitle', 'is_admin as isAdmin', 'preview_status as previewStatus', 'result', 'message'])
    .where('import_id', '=', importId);
  if (opts.status) q = q.where('preview_status', '=', opts.status);
  return q
    .orderBy('row_number')
    .offset(Math.max(0, opts.offset ?? 0))
    .limit(PREVIEW_PAGE_SIZE)
    .execute();
}

/** The team's recent imports (newest first), for the import page. */
export async function listTeamImports(db: Db, teamId: number, limit = 5) {
  return db
    .selectFrom('team_imports')
    .select(['id as importId', 'file_name as fileName', 'status', 'total_rows as totalRows', 'processed_rows as processedRows', 'created_at as createdAt'])
    .where('team_id', '=', teamId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
