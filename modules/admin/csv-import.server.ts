import { parse } from 'csv-parse';
import { sql } from 'kysely';
import { z } from 'zod';
import { announce, DomainError, enqueue, type Db } from '@modules/shared/index.server';
import { recordAudit } from './audit.server';
import type { ImportPreviewStatus, ImportRowResult, TeamImportStatus } from './import-tables';

/**
 * CSV import into a team (admin-console sections 3-5 and 8): upload -> preview (a status per row)
 * -> confirm -> the csv-import job. The file is parsed as a stream (csv-parse) straight into
 * team_import_rows in batches, so memory stays flat; the preview statuses are then set in SQL.
 * The job takes the rows not yet done in batches of IMPORT_BATCH, each batch one transaction
 * that creates users, adds memberships and writes each row's result: the result column is the
 * ledger, so a re-run or a crash mid-import never creates a user or a membership twice.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_BATCH = 500;
const INSERT_CHUNK = 1000;

export const IMPORT_NOT_FOUND = 'This import does not exist.';
export const NOT_CSV_MESSAGE = 'Choose a CSV file (comma-separated text, UTF-8).';
export const TOO_LARGE_MESSAGE = 'The file is too large (at most 5 MB).';
export const NO_EMAIL_COLUMN = "The file's first row must name its columns: first name, last name, email, job title, is this person the admin?";
export const EMPTY_FILE_MESSAGE = 'The file has no rows to import.';
export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-AU')} rows.`;
/** The spec's own failure that counts as a success (the existing user is added instead). */
export const EMAIL_IN_USE = 'Email address already in use by another user.';

export const PREVIEW_LABELS: Record<ImportPreviewStatus, string> = {
  'bad-email': 'Bad email',
  invalid: 'Invalid row',
  duplicate: 'Duplicate in the file',
  member: 'Already a member',
  add: 'Will be added',
  create: 'Will be created',
};

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

/** Confirm: the preview becomes a queued import and its job is enqueued (a second confirm does nothing). */
export async function confirmImport(db: Db, actorId: number | null, importId: number): Promise<{ jobId: string; queued: boolean }> {
  const jobId = `csv-import-${importId}`;
  const queued = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('team_imports')
      .set({ status: 'queued', updated_at: new Date() })
      .where('id', '=', importId)
      .where('status', '=', 'preview')
      .returning(['team_id', 'file_name', 'total_rows'])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      actorId,
      action: 'team.importCsv',
      entity: 'team',
      entityId: row.team_id,
      after: { importId, fileName: row.file_name, totalRows: row.total_rows },
    });
    return true;
  });
  if (!queued) {
    const exists = await db.selectFrom('team_imports').select('id').where('id', '=', importId).executeTakeFirst();
    if (!exists) throw new DomainError('not_found', IMPORT_NOT_FOUND);
    return { jobId, queued: false };
  }
  await enqueue('csv-import', { importId }, { jobId });
  return { jobId, queued: true };
}

interface PendingRow {
  row_number: number;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string | null;
  is_admin: boolean;
  preview_status: ImportPreviewStatus;
}

/**
 * The csv-import job's work: batches of the rows not yet done, each in one transaction that locks
 * them (a second run waits, then sees them done), so two runs never do a row twice. Returns the import.
 */
export async function runImport(
  db: Db,
  importId: number,
  onProgress?: (p: { done: number; total: number }) => Promise<void>,
  opts: { announce?: boolean } = {},
) {
  const head = await db.selectFrom('team_imports').select(['id', 'team_id', 'status', 'actor_id']).where('id', '=', importId).executeTakeFirst();
  if (!head || head.status === 'preview') return null;
  if (head.status !== 'done') await db.updateTable('team_imports').set({ status: 'running', updated_at: new Date() }).where('id', '=', importId).execute();
  const team = await db.selectFrom('teams').select(['id', 'organisation_id']).where('id', '=', head.team_id).executeTakeFirst();
  if (!team) {
    await db.updateTable('team_imports').set({ status: 'failed', error: 'The team no longer exists.', finished_at: new Date() }).where('id', '=', importId).execute();
    return getImport(db, importId);
  }
  for (;;) {
    const done = await db.transaction().execute((trx) => importBatch(trx, importId, team.id, team.organisation_id));
    const now = await db.selectFrom('team_imports').select(['processed_rows', 'total_rows']).where('id', '=', importId).executeTakeFirstOrThrow();
    await onProgress?.({ done: now.processed_rows, total: now.total_rows });
    if (done === 0) break;
  }
  await db.transaction().execute(async (trx) => {
    const finished = await trx
      .updateTable('team_imports')
      .set({ status: 'done', finished_at: new Date(), updated_at: new Date() })
      .where('id', '=', importId)
      .where('status', '!=', 'done')
      .returning(['team_id', 'created_count', 'added_count', 'skipped_count', 'error_count'])
      .executeTakeFirst();
    if (finished) {
      await recordAudit(trx, {
        actorId: head.actor_id,
        action: 'team.importCsv.done',
        entity: 'team',
        entityId: finished.team_id,
        after: { importId, created: finished.created_count, added: finished.added_count, skipped: finished.skipped_count, errors: finished.error_count },
      });
    }
  });
  if (opts.announce !== false) await announceImportedUsers(db, importId);
  return getImport(db, importId);
}

/**
 * After the import: 'user.created' for each account it created (social's Welcome notification), a
 * batch per transaction with the rows' `welcomed` flag as the ledger, so each is announced once even
 * after a crash. Kept out of the import batches: one by one it tripled the import's time, and the
 * page's result should not wait for it (decision 214).
 */
export async function announceImportedUsers(db: Db, importId: number) {
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('team_import_rows')
        .innerJoin('team_imports', 'team_imports.id', 'team_import_rows.import_id')
        .innerJoin('teams', 'teams.id', 'team_imports.team_id')
        .innerJoin('users', (j) => j.on(sql`lower(users.email)`, '=', sql.ref('team_import_rows.email')))
        .select(['team_import_rows.row_number', 'users.id as userId', 'users.first_name as firstName', 'teams.organisation_id as organisationId'])
        .where('team_import_rows.import_id', '=', importId)
        .where('team_import_rows.result', '=', 'created')
        .where('team_import_rows.welcomed', '=', false)
        .orderBy('team_import_rows.row_number')
        .limit(IMPORT_BATCH)
        .forUpdate('team_import_rows')
        .execute();
      for (const r of rows) await announce(trx, 'user.created', { userId: r.userId, firstName: r.firstName, organisationId: r.organisationId }, { isolate: false });
      if (rows.length) {
        await trx
          .updateTable('team_import_rows')
          .set({ welcomed: true })
          .where('import_id', '=', importId)
          .where('row_number', 'in', rows.map((r) => r.row_number))
          .execute();
      }
      return rows.length;
    });
    if (n === 0) return;
  }
}

/** One batch; answers how many rows it did (0: nothing left) and the users it created. */
async function importBatch(trx: Db, importId: number, teamId: number, organisationId: number): Promise<number> {
  const rows: PendingRow[] = await trx
    .selectFrom('team_import_rows')
    .select(['row_number', 'first_name', 'last_name', 'email', 'job_title', 'is_admin', 'preview_status'])
    .where('import_id', '=', importId)
    .where('result', 'is', null)
    .orderBy('row_number')
    .limit(IMPORT_BATCH)
    .forUpdate()
    .execute();
  if (!rows.length) return 0;
  const outcome = new Map<number, { result: ImportRowResult; message: string | null }>();
  const candidates: PendingRow[] = [];
  for (const r of rows) {
    if (r.preview_status === 'bad-email' || r.preview_status === 'invalid') outcome.set(r.row_number, { result: 'error', message: r.preview_status === 'bad-email' ? 'Email is invalid' : 'Max 250 characters' });
    else if (r.preview_status === 'duplicate') outcome.set(r.row_number, { result: 'skipped', message: 'Duplicate in the file' });
    else candidates.push(r);
  }
  if (candidates.length) {
    const emails = [...new Set(candidates.map((r) => r.email))];
    // The state now, not the preview's: someone may have joined or signed up since.
    const existing = await trx
      .selectFrom('users')
      .leftJoin('team_users', (j) => j.onRef('team_users.user_id', '=', 'users.id').on('team_users.team_id', '=', teamId))
      .select(['users.id', sql<string>`lower(users.email)`.as('email'), 'team_users.id as teamUserId'])
      .where(sql<string>`lower(users.email)`, 'in', emails)
      .execute();
    const byEmail = new Map(existing.map((u) => [u.email, u]));
    const toCreate = candidates.filter((r) => !byEmail.has(r.email));
    const createdIds = new Map<string, number>();
    if (toCreate.length) {
      const inserted = await trx
        .insertInto('users')
        .values(
          toCreate.map((r) => ({
            email: r.email,
            first_name: r.first_name,
            last_name: r.last_name,
            job_title: r.job_title,
            organisation_id: organisationId,
            password_hash: null,
            is_verified: false,
          })),
        )
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(['id', 'email', 'first_name'])
        .execute();
      for (const u of inserted) createdIds.set(u.email, u.id);
      // A race with a sign-up between the select and the insert: that user exists now; add them.
      const raced = toCreate.filter((r) => !createdIds.has(r.email)).map((r) => r.email);
      if (raced.length) {
        const late = await trx.selectFrom('users').select(['id', sql<string>`lower(email)`.as('email')]).where(sql<string>`lower(email)`, 'in', raced).execute();
        for (const u of late) byEmail.set(u.email, { id: u.id, email: u.email, teamUserId: null });
      }
    }
    const memberships: { team_id: number; user_id: number; is_team_admin: boolean }[] = [];
    for (const r of candidates) {
      const createdId = createdIds.get(r.email);
      if (createdId) {
        memberships.push({ team_id: teamId, user_id: createdId, is_team_admin: r.is_admin });
        outcome.set(r.row_number, { result: 'created', message: null });
        continue;
      }
      const user = byEmail.get(r.email);
      if (!user) {
        outcome.set(r.row_number, { result: 'error', message: 'The user could not be created.' });
      } else if (user.teamUserId) {
        outcome.set(r.row_number, { result: 'skipped', message: 'Already a member' });
      } else {
        memberships.push({ team_id: teamId, user_id: user.id, is_team_admin: r.is_admin });
        // 'Email address already in use by another user.' counts as success: the existing user is added.
        outcome.set(r.row_number, { result: 'added', message: EMAIL_IN_USE });
      }
    }
    if (memberships.length) {
      await trx
        .insertInto('team_users')
        .values(memberships)
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
        .execute();
    }
  }
  const results = [...outcome.entries()];
  await sql`
    update team_import_rows r set result = v.result, message = v.message
    from (values ${sql.join(results.map(([n, o]) => sql`(${n}::int, ${o.result}::varchar, ${o.message}::text)`))}) as v(row_number, result, message)
    where r.import_id = ${importId} and r.row_number = v.row_number`.execute(trx);
  const count = (k: ImportRowResult) => results.filter(([, o]) => o.result === k).length;
  await trx
    .updateTable('team_imports')
    .set((eb) => ({
      processed_rows: eb('processed_rows', '+', results.length),
      created_count: eb('created_count', '+', count('created')),
      added_count: eb('added_count', '+', count('added')),
      skipped_count: eb('skipped_count', '+', count('skipped')),
      error_count: eb('error_count', '+', count('error')),
      updated_at: new Date(),
    }))
    .where('id', '=', importId)
    .execute();
  return results.length;
}

/** Marks an import failed after its job gave up (the page says so; a retry resumes where it stopped). */
export async function markImportFailed(db: Db, importId: number, message: string) {
  await db.updateTable('team_imports').set({ status: 'failed', error: message.slice(0, 500), updated_at: new Date() }).where('id', '=', importId).where('status', '!=', 'done').execute();
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Quoted; a leading = + - @ is defused so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The error report: every row that was skipped or failed, as CSV (streamed in pages). */
export async function* importErrorReport(db: Db, importId: number): AsyncGenerator<string> {
  yield '\uFEFF' + ['line', 'first name', 'last name', 'email', 'result', 'message'].map(csvCell).join(',') + '\r\n';
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('team_import_rows')
      .select(['row_number', 'line', 'first_name', 'last_name', 'email', 'result', 'message', 'preview_status'])
      .where('import_id', '=', importId)
      .where('row_number', '>', after)
      .where((eb) => eb.or([eb('result', 'in', ['skipped', 'error']), eb.and([eb('result', 'is', null), eb('preview_status', 'in', ['bad-email', 'invalid', 'duplicate', 'member'])])]))
      .orderBy('row_number')
      .limit(1000)
      .execute();
    if (!rows.length) return;
    yield rows.map((r) => [r.line, r.first_name, r.last_name, r.email, r.result ?? 'pending', r.message ?? PREVIEW_LABELS[r.preview_status]].map(csvCell).join(',')).join('\r\n') + '\r\n';
    after = rows.at(-1)!.row_number;
  }
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
