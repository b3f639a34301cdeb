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
  /** queued | sent | logged (no SMTP configured) | failed */
  status: string;
  error: string | null;
  sent_at: ColumnType<Date, Date | string, Date | string> | null;
  created_at: CreatedAt;
}

export interface SharedTables {
  communications: CommunicationsTable;
}

export type CommunicationRow = Selectable<CommunicationsTable>;
