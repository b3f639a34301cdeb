import { sql } from 'kysely';
import { addTeamUsers, createUsers } from '@modules/identity/index.server';
import { announce, DomainError, enqueue, type Db } from '@modules/shared/index.server';
import { recordAudit } from './audit.server';
import { abandonStaleImports, getImport, IMPORT_NOT_FOUND, INCOMPLETE_MESSAGE, OTHER_ORGANISATION_MESSAGE, PREVIEW_LABELS, STILL_READING_MESSAGE } from './csv-import.server';
import type { ImportPreviewStatus, ImportRowResult } from './import-tables';

/**
 * Running a CSV import (admin-console sections 4, 5 and 8), after its preview (csv-import.server.ts):
 * confirm enqueues the csv-import job; the job takes the rows not yet done in batches of
 * IMPORT_BATCH, each batch one transaction that creates users, adds memberships and writes each
 * row's result: the result column is the ledger, so a re-run or a crash mid-import never creates a
 * user or a membership twice. Then the error report of the rows skipped or failed.
 */
export const IMPORT_BATCH = 500;
/** The spec's own failure that counts as a success (the existing user is added instead). */
export const EMAIL_IN_USE = 'Email address already in use by another user.';

/**
 * Confirm: the preview becomes a queued import and its job is enqueued (a second confirm does nothing).
 * Only a complete preview: one still being read, or whose reading stopped, is refused with its reason.
 */
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
    await abandonStaleImports(db, { importId });
    const exists = await db.selectFrom('team_imports').select('status').where('id', '=', importId).executeTakeFirst();
    if (!exists) throw new DomainError('not_found', IMPORT_NOT_FOUND);
    if (exists.status === 'reading') throw new DomainError('conflict', STILL_READING_MESSAGE);
    if (exists.status === 'incomplete') throw new DomainError('conflict', INCOMPLETE_MESSAGE);
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
  message: string | null;
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
  // Only a confirmed import runs (never a preview, nor a part of a file whose reading stopped).
  if (!head || head.status === 'preview' || head.status === 'reading' || head.status === 'incomplete') return null;
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
    .select(['row_number', 'first_name', 'last_name', 'email', 'job_title', 'is_admin', 'preview_status', 'message'])
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
    if (r.preview_status === 'bad-email' || r.preview_status === 'invalid') outcome.set(r.row_number, { result: 'error', message: r.message ?? PREVIEW_LABELS[r.preview_status] });
    else if (r.preview_status === 'duplicate') outcome.set(r.row_number, { result: 'skipped', message: 'Duplicate in the file' });
    else candidates.push(r);
  }
  if (candidates.length) {
    const emails = [...new Set(candidates.map((r) => r.email))];
    // The state now, not the preview's: someone may have joined or signed up since.
    const existing = await trx
      .selectFrom('users')
      .leftJoin('team_users', (j) => j.onRef('team_users.user_id', '=', 'users.id').on('team_users.team_id', '=', teamId))
      .select(['users.id', sql<string>`lower(users.email)`.as('email'), 'users.organisation_id as organisationId', 'team_users.id as teamUserId'])
      .where(sql<string>`lower(users.email)`, 'in', emails)
      .execute();
    const byEmail = new Map(existing.map((u) => [u.email, u]));
    const toCreate = candidates.filter((r) => !byEmail.has(r.email));
    const createdIds = new Map<string, number>();
    if (toCreate.length) {
      const inserted = await createUsers(
        trx,
        toCreate.map((r) => ({ email: r.email, firstName: r.first_name, lastName: r.last_name, jobTitle: r.job_title, organisationId })),
      );
      for (const u of inserted) createdIds.set(u.email, u.id);
      // A race with a sign-up between the select and the insert: that user exists now; add them.
      const raced = toCreate.filter((r) => !createdIds.has(r.email)).map((r) => r.email);
      if (raced.length) {
        const late = await trx.selectFrom('users').select(['id', sql<string>`lower(email)`.as('email'), 'organisation_id as organisationId']).where(sql<string>`lower(email)`, 'in', raced).execute();
        for (const u of late) byEmail.set(u.email, { id: u.id, email: u.email, organisationId: u.organisationId, teamUserId: null });
      }
    }
    const memberships: { teamId: number; userId: number; isTeamAdmin: boolean }[] = [];
    for (const r of candidates) {
      const createdId = createdIds.get(r.email);
      if (createdId) {
        memberships.push({ teamId, userId: createdId, isTeamAdmin: r.is_admin });
        outcome.set(r.row_number, { result: 'created', message: null });
        continue;
      }
      const user = byEmail.get(r.email);
      if (!user) {
        outcome.set(r.row_number, { result: 'error', message: 'The user could not be created.' });
      } else if (user.teamUserId) {
        outcome.set(r.row_number, { result: 'skipped', message: 'Already a member' });
      } else if (user.organisationId !== null && user.organisationId !== organisationId) {
        // Checked again now (the preview may be old): never added to a team of another organisation.
        outcome.set(r.row_number, { result: 'error', message: OTHER_ORGANISATION_MESSAGE });
      } else {
        memberships.push({ teamId, userId: user.id, isTeamAdmin: r.is_admin });
        // 'Email address already in use by another user.' counts as success: the existing user is added.
        outcome.set(r.row_number, { result: 'added', message: EMAIL_IN_USE });
      }
    }
    if (memberships.length) {
      await addTeamUsers(trx, memberships, { ifMember: 'keep' });
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

/** A running import untouched this long has lost its job (Redis lost it, or it was never enqueued). */
const STALLED_IMPORT_MS = 10 * 60_000;

/**
 * The sweep's part for imports (jobs/sweep.job.ts): abandoned previews become 'incomplete', and a
 * confirmed import whose job was lost (Redis restarted empty) is enqueued again under its stable id:
 * a job still waiting or running under that id makes this a no-op, and the rows' results are the
 * ledger, so a resumed import does no row twice. Answers how many imports it re-enqueued.
 */
export async function sweepImports(db: Db): Promise<number> {
  await abandonStaleImports(db);
  const stalled = await db
    .selectFrom('team_imports')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where('updated_at', '<', new Date(Date.now() - STALLED_IMPORT_MS))
    .orderBy('id')
    .limit(50)
    .execute();
  for (const { id } of stalled) await enqueue('csv-import', { importId: id }, { jobId: `csv-import-${id}`, replaceFinished: true });
  return stalled.length;
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
      .where((eb) => eb.or([eb('result', 'in', ['skipped', 'error']), eb.and([eb('result', 'is', null), eb('preview_status', 'in', ['bad-email', 'invalid', 'other-org', 'duplicate', 'member'])])]))
      .orderBy('row_number')
      .limit(1000)
      .execute();
    if (!rows.length) return;
    yield rows.map((r) => [r.line, r.first_name, r.last_name, r.email, r.result ?? 'pending', r.message ?? PREVIEW_LABELS[r.preview_status]].map(csvCell).join(',')).join('\r\n') + '\r\n';
    after = rows.at(-1)!.row_number;
  }
}

