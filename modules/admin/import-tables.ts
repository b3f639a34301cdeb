/** The CSV import tables (joined into AdminTables in ./tables). */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * 'reading' while the upload is read and classified (not yet a usable preview); 'preview' only once
 * every row is in and classified; 'incomplete' when the reading stopped (a crash) and its rows were
 * dropped: it can never be confirmed (decision 246).
 */
export type TeamImportStatus = 'reading' | 'incomplete' | 'preview' | 'queued' | 'running' | 'done' | 'failed';
/** What the preview says a row will do. */
export type ImportPreviewStatus = 'bad-email' | 'invalid' | 'other-org' | 'duplicate' | 'member' | 'add' | 'create';
/** What the import did with a row (null: not yet; the ledger that makes a re-run safe). */
export type ImportRowResult = 'created' | 'added' | 'skipped' | 'error';

export interface TeamImportsTable {
  id: Generated<number>;
  team_id: number;
  actor_id: number | null;
  file_name: string;
  status: ColumnType<TeamImportStatus, TeamImportStatus | undefined, TeamImportStatus>;
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  created_count: Generated<number>;
  added_count: Generated<number>;
  skipped_count: Generated<number>;
  error_count: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: Stamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface TeamImportRowsTable {
  import_id: number;
  row_number: number;
  line: number;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string | null;
  is_admin: boolean;
  preview_status: ImportPreviewStatus;
  result: ImportRowResult | null;
  message: string | null;
  welcomed: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface TeamImportTables {
  team_imports: TeamImportsTable;
  team_import_rows: TeamImportRowsTable;
}
