import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Every email the product sends, whether or not an SMTP server is configured. */
export interface CommunicationsTable {
  id: Generated<number>;
  /** Idempotency key: a retried send-email job finds its row and never sends twice. */
  message_key: string;
  recipient: string;
  subject: string;
  html: string;
  text: string | null;
  kind: string;
  /** queued | sending | sent | logged (no SMTP configured) | failed | cancelled (no account may use its one-time link) */
  status: string;
  error: string | null;
  /** Delivery tries so far; the sweep gives up after a bounded number. */
  attempts: Generated<number>;
  sent_at: ColumnType<Date, Date | string, Date | string> | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A per-entity delayed job (stable id): the row is the truth; timers and BullMQ only wake it. */
export interface ScheduledJobsTable {
  id: string;
  name: string;
  payload: ColumnType<unknown, string, string>;
  run_at: ColumnType<Date, Date | string, Date | string>;
  attempts: Generated<number>;
  locked_until: ColumnType<Date, Date | string | undefined, Date | string | null> | null;
  last_error: string | null;
  created_at: CreatedAt;
}

/**
 * Stored files (DATA_DIR/blobs/<id>); the row records the content type, what the blob belongs to
 * (owner_kind: content, file, profile_photo, answer; decision 242) and whose it is, and for images
 * their size and resized copies (a variant row points at its original with variant_of).
 */
export interface BlobsTable {
  id: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  owner_kind: ColumnType<string, string | undefined, string>;
  owner_user_id: number | null;
  width: number | null;
  height: number | null;
  variant_of: string | null;
  created_at: CreatedAt;
}

/** A shared blob's bytes in PostgreSQL (DATABASE_URL set; decision 257): chunks of at most 256 KB in order. */
export interface BlobChunksTable {
  blob_id: string;
  seq: number;
  bytes: Uint8Array;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expires_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SharedTables {
  rate_limits: RateLimitsTable;
  communications: CommunicationsTable;
  blobs: BlobsTable;
  blob_chunks: BlobChunksTable;
  scheduled_jobs: ScheduledJobsTable;
}

export type CommunicationRow = Selectable<CommunicationsTable>;
