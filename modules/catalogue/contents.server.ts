import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { blobUrl, DomainError, onShutdown, prepared, putBlob, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml, storedHtmlForDisplay } from './contents-html';
import { ARTICLE_TAGS } from './schemas';

/**
 * Articles: the catalogue's public contents and their tags. The article path uses the
 * content's urlId (lowercase letters and hyphens, so a number is always an id, which is still
 * accepted); a tag path uses the tag's urlId, and 'others' means untagged
 * (docs/decisions/040-article-identifiers.md).
 */
export const ARTICLES_PAGE_SIZE = 9;
/** The first page asks for one more so one article can be featured. */
export const ARTICLES_FIRST_PAGE_SIZE = 10;
export const HOME_ARTICLES = 3;
export const RELATED_ARTICLES = 3;
export const MAX_CONTENTS_LIMIT = 50;
export const MAX_CONTENTS_OFFSET = 10_000;
export const OTHERS_TAG = 'others';
export const URL_ID_PATTERN = /^[a-z]+(?:-+[a-z]+)*$/;
export const URL_ID_MESSAGE = 'URL ID can only container lowercase letters and hyphens (looks-like-this)';

export { ARTICLE_TAGS };

export interface ContentTag {
  tagId: number;
  urlId: string;
  name: string;
}

export interface PublicContent {
  contentId: number;
  urlId: string;
  name: string;
  overview: string;
  authorLabel: string | null;
  featureImageBlobId: string | null;
  featureImageUrl: string | null;
  featureImageCaption: string | null;
  isFeatured: boolean;
  createdAt: string;
  tags: ContentTag[];
}

export interface PublicContentDetail extends PublicContent {
  htmlContent: string;
  readingTimeMinutes: number;
}

/** A tag filter: a tag's id, its urlId, or 'others' (untagged). */
export type TagFilter = { tagId: number } | 'others' | null;


const LIST_COLUMNS = [
  'c.id',
  'c.url_id',
  'c.name',
  'c.overview',
  'c.author_label',
  'c.feature_image_blob_id',
  'c.feature_image_caption',
  'c.is_featured',
  'c.created_at',
] as const;

type ListRow = {
  id: number;
  url_id: string;
  name: string;
  overview: string;
  author_label: string | null;
  feature_image_blob_id: string | null;
  feature_image_caption: string | null;
  is_featured: boolean;
  created_at: Date;
};

export async function listTags(db: Db): Promise<ContentTag[]> {
  const rows = await db.selectFrom('tags').select(['id', 'url_id', 'name']).orderBy('ordinal').orderBy('id').execute();
  return rows.map((r) => ({ tagId: r.id, urlId: r.url_id, name: r.name }));
}

/** A tag by urlId or numeric id; 'others' is the untagged pseudo-tag. null when unknown. */
export async function findTag(db: Db, idOrUrlId: string | number): Promise<ContentTag | 'others' | null> {
  const key = String(idOrUrlId).trim().toLowerCase();
  if (key === OTHERS_TAG) return OTHERS_TAG;
  let q = db.selectFrom('tags').select(['id', 'url_id', 'name']);
  if (/^\d{1,9}$/.test(key)) q = q.where('id', '=', Number(key));
  else if (URL_ID_PATTERN.test(key) && key.length <= 100) q = q.where('url_id', '=', key);
  else return null;
  const row = await q.executeTakeFirst();
  return row ? { tagId: row.id, urlId: row.url_id, name: row.name } : null;
}

function publicList(db: Db, tag: TagFilter) {
  let q = db.selectFrom('contents as c').where('c.is_public', '=', true);
  if (tag === OTHERS_TAG) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('content_tags as x').select('x.tag_id').whereRef('x.content_id', '=', 'c.id'))),
    );
  } else if (tag) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('content_tags as x').select('x.tag_id').whereRef('x.content_id', '=', 'c.id').where('x.tag_id', '=', tag.tagId),
      ),
    );
  }
  return q;
}

/** An article's tags (by tag order), selected with its row: a list costs one query, not two. */
const TAGS = sql<ContentTag[]>`coalesce((select json_agg(json_build_object('tagId', t.id, 'urlId', t.url_id, 'name', t.name) order by t.ordinal, t.id)
  from content_tags ct join tags t on t.id = ct.tag_id where ct.content_id = c.id), '[]')`.as('tags');

function toPublicContent(r: ListRow & { tags: ContentTag[] }): PublicContent {
  return {
    contentId: r.id,
    urlId: r.url_id,
    name: r.name,
    overview: r.overview,
    authorLabel: r.author_label,
    featureImageBlobId: r.feature_image_blob_id,
    featureImageUrl: blobUrl(r.feature_image_blob_id),
    featureImageCaption: r.feature_image_caption,
    isFeatured: r.is_featured,
    createdAt: new Date(r.created_at).toISOString(),
    tags: r.tags,
  };
}

/** Public articles, newest first (index contents_public_list_idx); limit and offset are bounded. */
export async function listPublicContents(
  db: Db,
  opts: { tag?: TagFilter; limit: number; offset?: number },
): Promise<PublicContent[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit), 0), MAX_CONTENTS_LIMIT);
  const offset = Math.min(Math.max(Math.trunc(opts.offset ?? 0), 0), MAX_CONTENTS_OFFSET);
  if (limit === 0) return [];
  const rows = await publicList(db, opts.tag ?? null)
    .select([...LIST_COLUMNS, TAGS])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toPublicContent);
}

export async function countPublicContents(db: Db, tag: TagFilter = null): Promise<number> {
  const row = await publicList(db, tag).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The pager's article count, kept for COUNT_TTL_MS per tag filter in this process instead of
 * counting every public article on each /articles request (docs/decisions/143): a new article
 * shows at once on page 1 (the list query is live); only the number of pages may lag by
 * seconds. saveContent clears it.
 */
const COUNT_TTL_MS = 30_000;
const publicCounts = new Map<string, { at: number; n: Promise<number> }>();

export function clearPublicCountCache() {
  publicCounts.clear();
}
onShutdown(clearPublicCountCache);

function cachedPublicCount(db: Db, tag: TagFilter): Promise<number> {
  const key = tag === null ? 'all' : tag === 'others' ? 'others' : `tag:${tag.tagId}`;
  const hit = publicCounts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.n;
  const n = countPublicContents(db, tag);
  publicCounts.set(key, { at: Date.now(), n });
  n.catch(() => publicCounts.delete(key));
  return n;
}

/** Page N of the articles list: page 1 holds 10 (the first featured), later pages 9. */
export function pageWindow(page: number) {
  if (page <= 1) return { offset: 0, limit: ARTICLES_FIRST_PAGE_SIZE };
  return { offset: ARTICLES_FIRST_PAGE_SIZE + (page - 2) * ARTICLES_PAGE_SIZE, limit: ARTICLES_PAGE_SIZE };
}

export function pageCountFor(total: number) {
  if (total <= ARTICLES_FIRST_PAGE_SIZE) return 1;
  return 1 + Math.ceil((total - ARTICLES_FIRST_PAGE_SIZE) / ARTICLES_PAGE_SIZE);
}

/** The last page number whose offset stays inside MAX_CONTENTS_OFFSET. */
export const MAX_ARTICLES_PAGE = 2 + Math.floor((MAX_CONTENTS_OFFSET - ARTICLES_FIRST_PAGE_SIZE) / ARTICLES_PAGE_SIZE);

export async function listPublicArticlesPage(db: Db, opts: { tag: TagFilter; page: number }) {
  const page = Math.min(Math.max(1, Math.trunc(opts.page)), MAX_ARTICLES_PAGE);
  const { offset, limit } = pageWindow(page);
  const [articles, total] = await Promise.all([
    listPublicContents(db, { tag: opts.tag, limit, offset }),
    cachedPublicCount(db, opts.tag),
  ]);
  return { page, pageCount: pageCountFor(total), total, articles };
}

/** A public article by urlId or by id: the statements an article page runs, compiled once (issue 16). */
const publicContentBy = (db: Db) => db.selectFrom('contents as c').select([...LIST_COLUMNS, TAGS, 'c.html_content', 'c.is_public']).where('c.is_public', '=', true);
const publicContentByUrlId = prepared((db: Db, urlId: string) => publicContentBy(db).where('c.url_id', '=', urlId));
const publicContentById = prepared((db: Db, id: number) => publicContentBy(db).where('c.id', '=', id));

async function findPublicContentRow(db: Db, idOrUrlId: string | number) {
  const key = String(idOrUrlId).trim();
  let rows;
  if (/^\d{1,9}$/.test(key)) rows = await publicContentById(db, Number(key));
  else if (URL_ID_PATTERN.test(key) && key.length <= 250) rows = await publicContentByUrlId(db, key);
  else return null;
  return rows[0] ?? null;
}

/**
 * Articles sharing the most tags with this one (untagged: other untagged first), then newest. One
 * statement whose cost does not grow with the catalogue (issue 16: ranking every public article took
 * 8 ms at 5,000): the first branch reads only the articles that share a tag (index content_tags_tag_idx),
 * or the newest untagged ones; the second, the newest public articles (contents_public_list_idx),
 * enough to fill the rest once the first branch's rows are taken out.
 */
async function relatedContents(db: Db, content: { contentId: number; tags: ContentTag[] }): Promise<PublicContent[]> {
  const tagIds = content.tags.map((t) => t.tagId);
  const rows = tagIds.length ? await relatedByTags(db, content.contentId, content.contentId, tagIds) : await relatedUntagged(db, content.contentId, content.contentId);
  // The first branch in its order, then the newest fill what is left, each article once.
  const seen = new Set<number>();
  const ordered = [...rows.filter((r) => r.branch === 0), ...rows.filter((r) => r.branch === 1)];
  return ordered
    .filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)))
    .slice(0, RELATED_ARTICLES)
    .map(toPublicContent);
}

/** Public articles other than this one, tagged with the branch they come from. */
const publicOthers = (db: Db, branch: number, contentId: number) =>
  db
    .selectFrom('contents as c')
    .select([...LIST_COLUMNS, TAGS, sql<number>`${sql.lit(branch)}`.as('branch')])
    .where('c.is_public', '=', true)
    .where('c.id', '!=', contentId);

type RelatedFirst = ReturnType<typeof publicOthers>;

/** The first branch's best RELATED_ARTICLES, then the newest (twice as many, to fill in): one statement. */
const relatedStatement = (db: Db, first: RelatedFirst, newestExcluding: number) =>
  db
    .selectFrom(first.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(RELATED_ARTICLES).as('a'))
    .selectAll()
    .unionAll(db.selectFrom(publicOthers(db, 1, newestExcluding).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(RELATED_ARTICLES * 2).as('b')).selectAll());

/** Compiled once each (an article page runs one of them); the article's id is bound once per branch. */
const relatedByTags = prepared((db: Db, contentId: number, newestExcluding: number, tagIds: number[]) =>
  relatedStatement(
    db,
    publicOthers(db, 0, contentId)
      .innerJoin(
        (eb) => eb.selectFrom('content_tags').select(['content_id', sql<number>`count(*)::int`.as('shared')]).where(sql<boolean>`tag_id = any(${tagIds}::int[])`).groupBy('content_id').as('s'),
        (j) => j.onRef('s.content_id', '=', 'c.id'),
      )
      .orderBy('s.shared', 'desc'),
    newestExcluding,
  ),
);
const relatedUntagged = prepared((db: Db, contentId: number, newestExcluding: number) =>
  relatedStatement(
    db,
    publicOthers(db, 0, contentId).where(({ not, exists, selectFrom }) => not(exists(selectFrom('content_tags as x').select('x.tag_id').whereRef('x.content_id', '=', 'c.id')))),
    newestExcluding,
  ),
);

/**
 * One public article (by urlId or id) with its sanitised HTML, reading time and related
 * articles; null when it does not exist or is not public.
 */
export async function getPublicContentWithRelated(
  db: Db,
  idOrUrlId: string | number,
): Promise<{ content: PublicContentDetail; relatedContents: PublicContent[] } | null> {
  const row = await findPublicContentRow(db, idOrUrlId);
  if (!row) return null;
  const shown = storedHtmlForDisplay(row.html_content);
  const content: PublicContentDetail = { ...toPublicContent(row), htmlContent: shown.html, readingTimeMinutes: shown.readingTimeMinutes };
  return { content, relatedContents: await relatedContents(db, content) };
}

export const contentInputSchema = z.object({
  urlId: z.string().trim().max(250).regex(URL_ID_PATTERN, { error: URL_ID_MESSAGE }),
  name: z.string().trim().min(1).max(250),
  isPublic: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  authorLabel: z.string().trim().max(250).nullish(),
  overview: z.string().trim().min(1).max(5000),
  featureImageBlobId: z.string().max(64).nullish(),
  featureImageCaption: z.string().trim().max(250).nullish(),
  htmlContent: z.string().min(1).max(500_000),
  tagUrlIds: z.array(z.string().max(100)).max(20).default([]),
  createdAt: z.union([z.date(), z.iso.datetime()]).optional(),
});
export type ContentInput = z.input<typeof contentInputSchema>;

/**
 * Creates or updates an article by urlId; the HTML is sanitised here, at write time. Tags are
 * given by urlId and replace the article's tags. Returns the content id.
 */
export async function saveContent(db: Db, input: ContentInput): Promise<number> {
  const parsed = contentInputSchema.safeParse(input);
  if (!parsed.success) throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'The content is not valid.');
  const v = parsed.data;
  clearPublicCountCache();
  return db.transaction().execute(async (trx) => {
    const values = {
      url_id: v.urlId,
      name: v.name,
      is_public: v.isPublic,
      is_featured: v.isFeatured,
      author_label: v.authorLabel || null,
      overview: v.overview,
      feature_image_blob_id: v.featureImageBlobId || null,
      feature_image_caption: v.featureImageCaption || null,
      html_content: sanitizeArticleHtml(v.htmlContent),
      updated_at: new Date(),
      ...(v.createdAt ? { created_at: new Date(v.createdAt) } : {}),
    };
    const { id } = await trx
      .insertInto('contents')
      .values(values)
      .onConflict((oc) => oc.column('url_id').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('content_tags').where('content_id', '=', id).execute();
    if (v.tagUrlIds.length) {
      const tags = await trx.selectFrom('tags').select('id').where('url_id', 'in', v.tagUrlIds).execute();
      if (tags.length !== new Set(v.tagUrlIds).size) throw new DomainError('invalid', 'Unknown tag.');
      await trx
        .insertInto('content_tags')
        .values(tags.map((t) => ({ content_id: id, tag_id: t.id })))
        .execute();
    }
    return id;
  }).finally(clearPublicCountCache);
}

/** The article tags of the nav, created or renamed in order. */
export async function ensureArticleTags(db: Db) {
  for (const [ordinal, t] of ARTICLE_TAGS.entries()) {
    await db
      .insertInto('tags')
      .values({ url_id: t.urlId, name: t.name, ordinal })
      .onConflict((oc) => oc.column('url_id').doUpdateSet({ name: t.name, ordinal }))
      .execute();
  }
}

const articleFileSchema = z.object({
  urlId: z.string(),
  name: z.string(),
  authorLabel: z.string().nullish(),
  overview: z.string(),
  featureImage: z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g)$/).nullish(),
  featureImageCaption: z.string().nullish(),
  isFeatured: z.boolean().default(false),
  isPublic: z.boolean().default(true),
  createdAt: z.iso.datetime().optional(),
  tags: z.array(z.string()).default([]),
  htmlContent: z.string(),
});

const IMAGE_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * Seeds the articles of `folder` (content/articles: one JSON file per article, images in
 * images/): upsert by urlId, feature images copied into blob storage. Safe to run again.
 */
export async function seedArticles(db: Db, folder: string): Promise<number> {
  await ensureArticleTags(db);
  const files = (await fs.readdir(folder)).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const a = articleFileSchema.parse(JSON.parse(await fs.readFile(path.join(folder, file), 'utf8')));
    let featureImageBlobId: string | null = null;
    if (a.featureImage) {
      const ext = a.featureImage.split('.').pop()!.toLowerCase();
      const bytes = await fs.readFile(path.join(folder, 'images', a.featureImage));
      featureImageBlobId = (await putBlob(db, { bytes, contentType: IMAGE_TYPES[ext]!, owner: { kind: 'content' } })).blobId;
    }
    await saveContent(db, {
      urlId: a.urlId,
      name: a.name,
      isPublic: a.isPublic,
      isFeatured: a.isFeatured,
      authorLabel: a.authorLabel,
      overview: a.overview,
      featureImageBlobId,
      featureImageCaption: a.featureImageCaption,
      htmlContent: a.htmlContent,
      tagUrlIds: a.tags,
      createdAt: a.createdAt,
    });
  }
  return files.length;
}
