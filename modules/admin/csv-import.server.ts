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
/** Row errors (admin-console section 5: the admin user editor's rules; 'This field is required', 'Max 250 characters'). */
export const REQUIRED_MESSAGE = 'This field is required';
export const MAX_250_MESSAGE = 'Max 250 characters';
export const ADMIN_VALUES = ['yes', 'no', 'true', 'false', '1', '0'] as const;
export const adminValueMessage = (value: string) =>
  `Is this person the admin?: "${value.slice(0, 20)}" is not one of ${ADMIN_VALUES.join(', ')}`;
export const OTHER_ORGANISATION_MESSAGE = 'This person belongs to another organisation.';
/** A preview whose reading did not finish (the server stopped mid-upload): never confirmable. */
export const INCOMPLETE_MESSAGE = 'This upload did not finish: the file was not read completely, so nothing can be imported from it. Upload the file again.';
export const STILL_READING_MESSAGE = 'This file is still being read. Its preview can be imported once every row has been checked.';
/** A 'reading' import untouched this long is abandoned (its upload wrote a batch at least every few seconds). */
export const READING_STALE_MS = 10 * 60_000;

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
  const admin = get('isAdmin').toLowerCase();
  let status: ImportPreviewStatus | null = null;
  let message: string | null = null;
  if (!email || email.length > 320 || !emailCheck.safeParse(email).success) {
    status = 'bad-email';
    message = 'Email is invalid';
  } else {
    // Every problem of the row at once, each named by its column, so one fix of the file is enough.
    const problems: string[] = [];
    const required = (label: string, v: string) => {
      if (!v) problems.push(`${label}: ${REQUIRED_MESSAGE}`);
      else if (v.length > 250) problems.push(`${label}: ${MAX_250_MESSAGE}`);
    };
    required('First name', firstName);
    required('Last name', lastName);
    if (jobTitle.length > 250) problems.push(`Job title: ${MAX_250_MESSAGE}`);
    if (admin && !(ADMIN_VALUES as readonly string[]).includes(admin)) problems.push(adminValueMessage(get('isAdmin')));
    if (problems.length) {
      status = 'invalid';
      message = problems.join('; ');
    }
  }
  return {
    import_id: importId,
    row_number: rowNumber,
    line,
    first_name: clip(firstName, 250),
    last_name: clip(lastName, 250),
    email: clip(email, 320),
    job_title: jobTitle ? clip(jobTitle, 250) : null,
    // Empty is No; anything but the six words was refused above.
    is_admin: admin === 'yes' || admin === 'true' || admin === '1',
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
 * BOM and Windows line endings are csv-parse's. A domain error (not a .csv or .txt name, not CSV,
 * too large, no email column, empty) leaves nothing behind.
 */
export async function createImportPreview(db: Db, actorId: number | null, input: { teamId: number; fileName: string; source: CsvSource }): Promise<number> {
  if (!/\.(csv|txt)$/i.test(input.fileName)) throw new DomainError('invalid', NOT_CSV_MESSAGE);
  const team = await db.selectFrom('teams').select('id').where('id', '=', input.teamId).executeTakeFirst();
  if (!team) throw new DomainError('not_found', 'This team does not exist.');
  const fileName = input.fileName.replace(/[^\w .()-]+/g, '_').slice(0, 255) || 'import.csv';
  const { id: importId } = await db
    .insertInto('team_imports')
    // 'reading' until every row is in and classified: a crash mid-upload never leaves a confirmable part of a file.
    .values({ team_id: input.teamId, actor_id: actorId, file_name: fileName, status: 'reading', error: null })
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
    // A heartbeat: a 'reading' import untouched for READING_STALE_MS is one whose upload died.
    await db.updateTable('team_imports').set({ updated_at: new Date() }).where('id', '=', importId).execute();
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

/**
 * The preview statuses in SQL (five statements whatever the size): duplicate, member, another
 * organisation, add, create. Last, the import becomes a 'preview': only now can it be confirmed.
 */
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
  // Someone whose account belongs to another organisation is never added (nor moved): their activity
  // would count in this organisation's statistics. People without an organisation may be added.
  await sql`
    update team_import_rows r set preview_status = 'other-org', message = ${OTHER_ORGANISATION_MESSAGE}
    from users u join teams t on t.id = ${teamId}
    where r.import_id = ${importId} and r.preview_status = 'add' and lower(u.email) = r.email
      and u.organisation_id is not null and u.organisation_id <> t.organisation_id`.execute(db);
  await sql`
    update team_import_rows r set preview_status = 'create'
    where r.import_id = ${importId} and r.preview_status = 'add'
      and not exists (select 1 from users u where lower(u.email) = r.email)`.execute(db);
  const { total } = await db
    .selectFrom('team_import_rows')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  const ready = await db
    .updateTable('team_imports')
    .set({ total_rows: Number(total), status: 'preview', updated_at: new Date() })
    .where('id', '=', importId)
    .where('status', '=', 'reading')
    .returning('id')
    .executeTakeFirst();
  // Declared abandoned meanwhile (a stall longer than READING_STALE_MS): the admin uploads it again.
  if (!ready) throw new DomainError('conflict', INCOMPLETE_MESSAGE);
}

/**
 * Imports whose reading stopped (the web process died mid-upload, so the cleanup in
 * createImportPreview never ran) become 'incomplete': their rows are deleted and the import page
 * says so. `importId` limits it to one import (its page); without it every stale one (the sweep).
 */
export async function abandonStaleImports(db: Db, opts: { importId?: number; staleMs?: number } = {}): Promise<number> {
  let q = db
    .updateTable('team_imports')
    .set({ status: 'incomplete', error: INCOMPLETE_MESSAGE, total_rows: 0, updated_at: new Date() })
    .where('status', '=', 'reading')
    .where('updated_at', '<', new Date(Date.now() - (opts.staleMs ?? READING_STALE_MS)));
  if (opts.importId !== undefined) q = q.where('id', '=', opts.importId);
  const gone = await q.returning('id').execute();
  if (gone.length) await db.deleteFrom('team_import_rows').where('import_id', 'in', gone.map((g) => g.id)).execute();
  return gone.length;
}

export interface TeamImport {
  importId: number;
  teamId: number;
  fileName: string;
  status: TeamImportStatus;
  totalRows: number;
  processedRows: number;
  imported: number;
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
  const preview = { 'bad-email': 0, invalid: 0, 'other-org': 0, duplicate: 0, member: 0, add: 0, create: 0 } as Record<ImportPreviewStatus, number>;
  for (const c of counts) preview[c.preview_status] = Number(c.n);
  return {
    importId: row.id,
    teamId: row.team_id,
    fileName: row.file_name,
    status: row.status,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    /** Rows that put someone in the team (created or added): what "Imported n of m rows" counts. */
    imported: row.created_count + row.added_count,
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
