/** Tables owned by the admin module (joined into the Database type in modules/shared/db). */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TeamImportRowsTable, TeamImportsTable } from './import-tables';
import type { ScimTables } from './scim-tables';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type OptionalStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type EnquiryKind = 'contact' | 'try-for-free' | 'get-leda' | 'newsletter';

/** Every public-form submission (contact, try for free, pricing Get enquiry, newsletter). */
export interface EnquiriesTable {
  id: Generated<number>;
  kind: EnquiryKind;
  first_name: string | null;
  last_name: string | null;
  email: string;
  organisation: string | null;
  job_title: string | null;
  phone_number: string | null;
  team_size: string | null;
  message: string | null;
  consent_to_news: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** One row per email: subscribed (newsletter box, consent on a form) and/or unsubscribed. */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  subscribed_at: OptionalStamp;
  unsubscribed_at: OptionalStamp;
  created_at: CreatedAt;
}

/** A newsletter subscribe/unsubscribe waiting for the emailed link (single use, SHA-256 stored). */
export interface NewsletterTokensTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  action: 'subscribe' | 'unsubscribe';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: OptionalStamp;
  created_at: CreatedAt;
}

/** Columns shared by page views and page events (/api/public/p and /api/public/t). */
interface TrackingColumns {
  id: Generated<number>;
  url: string | null;
  path: string | null;
  cid: string | null;
  referrer: string | null;
  redirected_from: string | null;
  language: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  name: string | null;
  /** Site | App | Auth | Admin | Unknown, computed on the server from the path. */
  category: string;
  user_id: number | null;
  created_at: CreatedAt;
}

export type PageViewsTable = TrackingColumns;

export interface PageEventsTable extends TrackingColumns {
  event: string;
  /** jsonb: pass through JSON.stringify. */
  properties: ColumnType<unknown, string | null | undefined, string | null>;
}

export type EnquiryRow = Selectable<EnquiriesTable>;

export type DataExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

/** One "Download my data" export (issue 27 s.2, decision 265): its progress, then its ZIP (a blob) until expires_at. */
export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  /** Who asked: the person, or the product admin who asked for them (null once that account is gone). */
  requested_by: number | null;
  status: ColumnType<DataExportStatus, DataExportStatus | undefined, DataExportStatus>;
  /** 0 to 100. */
  progress: ColumnType<number, number | undefined, number>;
  blob_id: string | null;
  byte_size: number | null;
  error: string | null;
  created_at: CreatedAt;
  finished_at: OptionalStamp;
  expires_at: OptionalStamp;
}

/** Every change made in the admin console (modules/admin/audit.server.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  /** jsonb: pass through JSON.stringify. */
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** One row per user and UTC day with an App page view (kept by a trigger on page_views; decision 190). */
export interface UserVisitDaysTable {
  user_id: number;
  /** A date column: select it through to_char (pg would parse it into a Date). */
  day: ColumnType<string, string, string>;
}

/** Per user and UTC week (Monday): the number of visit days (kept by the same trigger). */
export interface UserVisitWeeksTable {
  user_id: number;
  /** A date column: select it through to_char. */
  week_start: ColumnType<string, string, string>;
  visit_days: number;
}

/** A team preset (admin-console s.3): journeys and posts applied to a team from a start date. */
export interface PresetsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A preset's journey (journey 1000 with a label is a break); 0-4 weeks before unlock or 1000. */
export interface PresetJourneysTable {
  id: Generated<number>;
  preset_id: number;
  journey_id: number;
  ordinal: Generated<number>;
  length_days: Generated<number>;
  nb_weeks_before_unlock: Generated<number>;
  break_label: string | null;
}

/** A preset's post: scheduledIn days from the start at time HH:MM:SS. */
export interface PresetPostsTable {
  id: Generated<number>;
  preset_id: number;
  text: Generated<string>;
  scheduled_in: Generated<number>;
  time: Generated<string>;
  is_leda_official: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PresetPostFilesTable {
  preset_post_id: number;
  file_id: number;
  ordinal: Generated<number>;
}

/** A person's own erasure request, performed at due_at unless withdrawn (the row deleted; decision 262; admin's since decision 320, the erasure being admin's use case). */
export interface ErasureRequestsTable {
  user_id: number;
  requested_at: CreatedAt;
  due_at: ColumnType<Date, Date | string, Date | string>;
}

export interface AdminTables extends ScimTables {
  erasure_requests: ErasureRequestsTable;
  team_imports: TeamImportsTable;
  team_import_rows: TeamImportRowsTable;
  presets: PresetsTable;
  preset_journeys: PresetJourneysTable;
  preset_posts: PresetPostsTable;
  preset_post_files: PresetPostFilesTable;
  enquiries: EnquiriesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_tokens: NewsletterTokensTable;
  page_views: PageViewsTable;
  page_events: PageEventsTable;
  user_visit_days: UserVisitDaysTable;
  user_visit_weeks: UserVisitWeeksTable;
  audit_log: AuditLogTable;
  data_exports: DataExportsTable;
}
