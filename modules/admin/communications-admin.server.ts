import sanitizeHtml from 'sanitize-html';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';
import { defineList, LINK_REMOVED, type Db } from '@modules/shared/index.server';

/**
 * The communication list (admin-console s.2): every email stored for one recipient, newest first,
 * searchable on its content (subject and body). The body is sanitised on the way out, so an email's
 * HTML shows as HTML in the console without carrying script (communications are written by our own
 * templates, but their values came from users).
 */
export const communicationsList = defineList({
  sorts: { created: 'communications.created_at', id: 'communications.id' },
  defaultSort: 'created',
  defaultDir: 'desc',
  tieBreak: 'communications.id',
  search: ['communications.subject', 'communications.html'],
  pageSize: 20,
});
export type CommunicationsQuery = ReturnType<typeof communicationsList.parse>;

export interface CommunicationView {
  communicationId: number;
  createdAt: Date;
  subject: string;
  status: string;
  /** Sanitised HTML. */
  content: string;
  /** The same for the console's screen: a link whose address was removed (one-time links) is plain text. */
  shownContent: string;
}

/** `[link removed]` as stored, or URL-encoded as some templates write it. */
const REMOVED = new RegExp(`${LINK_REMOVED.replace(/[[\]]/g, '\\$&')}|${encodeURIComponent(LINK_REMOVED)}`, 'i');

/**
 * Stored emails hold `[link removed]` where a one-time link went (decision 112): such an anchor would
 * lead nowhere, so it becomes a span that says so. Input is already sanitised; only <a> changes.
 */
export function unlinkRemovedLinks(html: string): string {
  if (!REMOVED.test(html)) return html;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: false,
    transformTags: {
      a: (tagName, attribs) =>
        REMOVED.test(attribs.href ?? '') ? { tagName: 'span', attribs: { class: 'link-removed', title: 'Link removed: a one-time link is not kept' } } : { tagName, attribs },
    },
  });
}

export async function listCommunicationsOf(db: Db, recipient: string, query: CommunicationsQuery) {
  const base = db
    .selectFrom('communications')
    .select(['communications.id', 'communications.created_at', 'communications.subject', 'communications.status', 'communications.html'])
    // Index communications (lower(recipient), created_at desc).
    .where((eb) => eb(eb.fn('lower', ['communications.recipient']), '=', recipient.trim().toLowerCase()));
  const page = await communicationsList.run(base, query);
  const rows: CommunicationView[] = page.rows.map((r) => ({
    communicationId: r.id,
    createdAt: r.created_at,
    subject: r.subject,
    status: r.status,
    content: sanitizeArticleHtml(r.html),
    shownContent: '',
  }));
  for (const r of rows) r.shownContent = unlinkRemovedLinks(r.content);
  return { ...page, rows };
}

/** /api/admin/getCommunicationsByRecipient: { communicationId, createdAt, content } (20 a page). */
export async function getCommunicationsByRecipient(db: Db, input: { recipient: string; q?: string; page?: number }) {
  const params = new URLSearchParams();
  if (input.q) params.set('q', input.q);
  if (input.page) params.set('page', String(input.page));
  const page = await listCommunicationsOf(db, input.recipient, communicationsList.parse(params));
  return {
    communications: page.rows.map((r) => ({ communicationId: r.communicationId, createdAt: r.createdAt, subject: r.subject, content: r.content })),
    total: page.total,
    page: page.query.page,
    pageCount: page.pageCount,
  };
}
