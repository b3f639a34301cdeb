import { blobUrl, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml, storedHtmlForDisplay } from './contents-html';
import { URL_ID_PATTERN, type PublicContentDetail } from './contents.server';

/**
 * Contents (articles) as the learner app reads them through /api/content/*: any content by id or
 * urlId, public or not (learners are signed in), with sanitised HTML. The preview carries only
 * the opening of the HTML (docs/decisions/055-content-api.md).
 */

/** A public article's fields (without its blob id and featured flag), plus whether it is public. */
export interface LearnerContent extends Omit<PublicContentDetail, 'featureImageBlobId' | 'isFeatured'> {
  isPublic: boolean;
}

/** How many top-level blocks (paragraphs, headings, lists...) a preview keeps. */
export const PREVIEW_BLOCKS = 2;

async function findContent(db: Db, idOrUrlId: string | number): Promise<LearnerContent | null> {
  const key = String(idOrUrlId).trim();
  let q = db.selectFrom('contents').selectAll();
  if (/^\d{1,9}$/.test(key)) q = q.where('id', '=', Number(key));
  else if (URL_ID_PATTERN.test(key) && key.length <= 250) q = q.where('url_id', '=', key);
  else return null;
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const tags = await db
    .selectFrom('content_tags')
    .innerJoin('tags', 'tags.id', 'content_tags.tag_id')
    .select(['tags.id', 'tags.url_id', 'tags.name'])
    .where('content_tags.content_id', '=', row.id)
    .orderBy('tags.ordinal')
    .execute();
  const shown = storedHtmlForDisplay(row.html_content);
  return {
    contentId: row.id,
    urlId: row.url_id,
    name: row.name,
    overview: row.overview,
    authorLabel: row.author_label,
    featureImageUrl: blobUrl(row.feature_image_blob_id),
    featureImageCaption: row.feature_image_caption,
    isPublic: row.is_public,
    createdAt: new Date(row.created_at).toISOString(),
    htmlContent: shown.html,
    readingTimeMinutes: shown.readingTimeMinutes,
    tags: tags.map((t) => ({ tagId: t.id, urlId: t.url_id, name: t.name })),
  };
}

export async function getContentById(db: Db, idOrUrlId: string | number) {
  return findContent(db, idOrUrlId);
}

/** The opening blocks of sanitised HTML (top-level elements closed by </p>, </hN>, </ul>...). */
export function previewHtml(html: string, blocks = PREVIEW_BLOCKS): string {
  const closing = /<\/(p|h[1-6]|ul|ol|blockquote|figure|pre|table)>/gi;
  let count = 0;
  let m: RegExpExecArray | null;
  while ((m = closing.exec(html))) {
    count++;
    if (count >= blocks) return html.slice(0, m.index + m[0].length);
  }
  return html;
}

export async function getContentPreviewById(db: Db, idOrUrlId: string | number) {
  const content = await findContent(db, idOrUrlId);
  if (!content) return null;
  return { ...content, htmlContent: sanitizeArticleHtml(previewHtml(content.htmlContent)), isPreview: true as const };
}
