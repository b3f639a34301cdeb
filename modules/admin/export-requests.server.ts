import { deleteStoredBlob, DomainError, emailLayout, enqueue, loadEnv, openBlobStream, sendEmail, DAY, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { writeExportZip } from './export-zip.server';
import type { DataExportStatus } from './tables';

/**
 * "Download my data" requests (issue 27 s.2, decisions 265-266). A request is a data_exports row and
 * a 'data-export' job; the job streams the ZIP into a blob, following its progress on the row, and
 * emails whoever asked. The ZIP is downloadable by its person, or the product admin who asked, for
 * EXPORT_KEEP_DAYS; then housekeeping deletes it. A product admin's request is audit logged.
 */
export const EXPORT_KEEP_DAYS = 7;
export const EXPORT_NOT_FOUND = 'Export not found.';

export interface DataExport {
  exportId: number;
  userId: number;
  requestedBy: number | null;
  status: DataExportStatus;
  progress: number;
  byteSize: number | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
  /** The download path while the ZIP is kept; null otherwise. */
  downloadPath: string | null;
}

export const dataExportDownloadPath = (exportId: number) => `/app/settings/data/${exportId}/download`;

const COLUMNS = ['id', 'user_id', 'requested_by', 'status', 'progress', 'byte_size', 'error', 'created_at', 'finished_at', 'expires_at', 'blob_id'] as const;

type Row = {
  id: number;
  user_id: number;
  requested_by: number | null;
  status: DataExportStatus;
  progress: number;
  byte_size: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
  blob_id: string | null;
};

function toExport(r: Row): DataExport {
  return {
    exportId: r.id,
    userId: r.user_id,
    requestedBy: r.requested_by,
    status: r.status,
    progress: r.progress,
    byteSize: r.byte_size,
    error: r.error,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
    downloadPath: r.status === 'ready' && r.blob_id ? dataExportDownloadPath(r.id) : null,
  };
}

const isRunning = (s: DataExportStatus) => s === 'queued' || s === 'running';

/**
 * Asks for an export of `userId`'s data on behalf of `actor` (the person, or a product admin: audit
 * logged). While one the same actor asked for is still queued or running, answers that one.
 */
export async function requestDataExport(db: Db, actor: PolicyUser, userId: number): Promise<DataExport> {
  if (!policy.canRequestDataExport(actor, { userId })) throw new DomainError('forbidden', 'You do not have permission to do that.');
  const person = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!person) throw new DomainError('not_found', 'User not found.');
  const row = await db.transaction().execute(async (trx) => {
    // One request at a time per person and asker (a double click, a reload that re-posts).
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const pending = await trx
      .selectFrom('data_exports')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('requested_by', '=', actor.userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (pending) return { row: pending, created: false };
    const created = await trx.insertInto('data_exports').values({ user_id: userId, requested_by: actor.userId }).returning(COLUMNS).executeTakeFirstOrThrow();
    if (actor.userId !== userId) {
      await recordAudit(trx, { actorId: actor.userId, action: 'user.requestDataExport', entity: 'user', entityId: userId, after: { exportId: created.id } });
    }
    return { row: created, created: true };
  });
  if (row.created) await enqueue('data-export', { exportId: row.row.id }, { jobId: `data-export-${row.row.id}` });
  return toExport(row.row);
}

/** One export as `viewer` may see it: its person or the product admin who asked; anyone else gets 'Export not found.' (404). */
export async function getDataExport(db: Db, viewer: PolicyUser, exportId: number): Promise<DataExport> {
  const row = await db.selectFrom('data_exports').select(COLUMNS).where('id', '=', exportId).executeTakeFirst();
  if (!row || !policy.canDownloadDataExport(viewer, { userId: row.user_id, requestedBy: row.requested_by })) throw new DomainError('not_found', EXPORT_NOT_FOUND);
  return toExport(row);
}

/** The newest export of `userId` that `requestedBy` asked for (the settings page), or null. */
export async function latestDataExport(db: Db, userId: number, requestedBy: number): Promise<DataExport | null> {
  const row = await db
    .selectFrom('data_exports')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('requested_by', '=', requestedBy)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toExport(row) : null;
}

/** A person's newest exports, whoever asked (the admin user page), newest first. */
export async function listDataExports(db: Db, userId: number, limit = 5): Promise<DataExport[]> {
  const rows = await db.selectFrom('data_exports').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toExport);
}

/** The ZIP's bytes for `viewer` (see getDataExport); 404 once deleted or before it is ready. */
export async function openDataExport(db: Db, viewer: PolicyUser, exportId: number) {
  const found = await getDataExport(db, viewer, exportId);
  const row = await db.selectFrom('data_exports').select('blob_id').where('id', '=', exportId).executeTakeFirstOrThrow();
  const blob = found.status === 'ready' && row.blob_id ? await openBlobStream(db, row.blob_id) : null;
  if (!blob) throw new DomainError('not_found', EXPORT_NOT_FOUND);
  const day = found.finishedAt ? found.finishedAt.toISOString().slice(0, 10) : 'export';
  return { ...blob, fileName: `leda-data-${found.userId}-${day}.zip` };
}

function readyEmail(exportId: number, forSomeoneElse: boolean, firstName: string) {
  const { PUBLIC_URL } = loadEnv();
  return {
    subject: 'Your Leda data is ready to download',
    html: emailLayout({
      heading: 'Your data is ready',
      paragraphs: [
        `Hi ${firstName},`,
        forSomeoneElse
          ? 'The copy of a person\'s data you asked for is ready. Sign in to download it.'
          : 'The copy of your Leda data you asked for is ready. Sign in to download it: the link works only in your own session.',
        `The file is deleted after ${EXPORT_KEEP_DAYS} days.`,
      ],
      action: { label: 'Download my data', url: `${PUBLIC_URL}${dataExportDownloadPath(exportId)}` },
    }),
  };
}

/**
 * The job's work: builds the ZIP (progress 0-100 on the row), marks the export ready for 7 days and
 * emails whoever asked (once: the message key is the export). Safe to run twice: a ready export is left
 * alone; a run cut short is built again from the start (its half-written file never became a blob).
 */
export async function runDataExport(db: Db, exportId: number, onProgress?: (percent: number) => Promise<void> | void, now = () => new Date()) {
  const row = await db.selectFrom('data_exports').select(['id', 'user_id', 'requested_by', 'status']).where('id', '=', exportId).executeTakeFirst();
  if (!row || !isRunning(row.status)) return;
  await db.updateTable('data_exports').set({ status: 'running', progress: 0, error: null }).where('id', '=', exportId).execute();
  let last = 0;
  const { blobId, byteSize } = await writeExportZip(db, row.user_id, async ({ done, total }) => {
    // The ZIP is written at the end: entries take the progress to 95 %.
    const percent = Math.min(95, Math.floor((done / total) * 100));
    if (percent - last < 5) return;
    last = percent;
    await db.updateTable('data_exports').set({ progress: percent }).where('id', '=', exportId).where('status', '=', 'running').execute();
    await onProgress?.(percent);
  });
  const finishedAt = now();
  const updated = await db
    .updateTable('data_exports')
    .set({ status: 'ready', progress: 100, blob_id: blobId, byte_size: byteSize, finished_at: finishedAt, expires_at: new Date(finishedAt.getTime() + EXPORT_KEEP_DAYS * DAY) })
    .where('id', '=', exportId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // Someone else finished it meanwhile (a duplicate run): this copy goes.
    await deleteStoredBlob(db, blobId);
    return;
  }
  await onProgress?.(100);
  const to = await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', row.requested_by ?? row.user_id).executeTakeFirst();
  if (to) await sendEmail(db, { to: to.email, ...readyEmail(exportId, row.requested_by !== row.user_id, to.first_name), kind: 'data-export-ready', key: `data-export-ready:${exportId}` });
}

/** The job's last try failed: the page says so and offers to ask again. */
export async function markDataExportFailed(db: Db, exportId: number) {
  await db.updateTable('data_exports').set({ status: 'failed', error: 'The export stopped. Please ask again.', finished_at: new Date() }).where('id', '=', exportId).where('status', 'in', ['queued', 'running']).execute();
}

/** Housekeeping: deletes the ZIPs of exports past their 7 days (the row stays, 'expired'). Safe to run twice; answers the count. */
export async function pruneExpiredDataExports(db: Db, now = new Date()): Promise<number> {
  const due = await db.selectFrom('data_exports').select(['id', 'blob_id']).where('blob_id', 'is not', null).where('expires_at', '<=', now).limit(500).execute();
  for (const d of due) {
    await db.updateTable('data_exports').set({ status: 'expired', blob_id: null }).where('id', '=', d.id).execute();
    await deleteStoredBlob(db, d.blob_id!);
  }
  return due.length;
}
