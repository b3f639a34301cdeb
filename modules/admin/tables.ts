/** Tables owned by the admin module (joined into the Database type in modules/shared/db). */
import type { ColumnType, Generated, Selectable } from 'kysely';

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

export interface AdminTables {
  enquiries: EnquiriesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  page_views: PageViewsTable;
  page_events: PageEventsTable;
}
