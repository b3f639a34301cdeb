import { z } from 'zod';
import { blobUrl, defineList, DomainError, isBlobId, putUploadedBlob, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { sanitizeArticleHtml } from './contents-html';
import { clearPublicCountCache, listTags, URL_ID_MESSAGE, URL_ID_PATTERN, type ContentTag } from './contents.server';
import { idSchema, MAX_ID } from '@modules/shared/validation';

/**
 * The admin console's content list and editor (admin-console s.2, s.3, s.5) and the admin /api
 * reads (saveContent, getAllTags, getAllContents). The urlId is chosen when the content is created
 * and never changes after (links to the article keep working); HTML is sanitised when written
 * (and again when shown). The feature image is checked by its bytes (png or jpeg).
 */

export const CONTENT_SAVED = 'Content saved.';
export const FEATURE_IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const FEATURE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const URL_ID_TAKEN = 'That URL ID is already used by another content. Choose another.';
export const URL_ID_FIXED = 'The URL ID cannot be changed once the content is created.';
const REQUIRED = 'This field is required';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Max ${max.toLocaleString('en-GB')} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The content as the editor and /api/admin/saveContent send it (contentId null to create). */
export const contentAdminInputSchema = z.object({
  contentId: z.number().int().min(1).max(MAX_ID).nullish(),
  urlId: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(250, 'Max 250 characters')
    .refine((v) => URL_ID_PATTERN.test(v), URL_ID_MESSAGE),
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(250, 'Max 250 characters'),
  overview: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(5000, 'Max 5,000 characters'),
  htmlContent: z.string({ error: REQUIRED }).max(500_000, 'The content is too long').refine((html) => sanitizeArticleHtml(html).trim() !== '', REQUIRED),
  isPublic: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  authorLabel: optionalText(250),
  featureImageBlobId: z
    .string()
    .max(64)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isBlobId(v), 'That image was not found.'),
  featureImageCaption: optionalText(250),
  tags: z
    .array(z.object({ tagId: z.number().int().min(1).max(MAX_ID), name: z.string().max(250).optional() }))
    .max(20, 'At most 20 tags')
    .default([]),
});
export type ContentAdminInput = z.input<typeof contentAdminInputSchema>;
export type ValidContentAdmin = z.output<typeof contentAdminInputSchema>;
export const saveContentBody = z.object({ content: contentAdminInputSchema });

/**
 * The content editor's form (conform parses it): the same rules as the /api body, as form fields
 * (checkboxes, tag ids, an optional image file). The urlId is required only when creating; the
 * action checks that (it knows whether the content exists).
 */
export const contentFormSchema = z.object({
  urlId: z.string().trim().max(250, 'Max 250 characters').regex(URL_ID_PATTERN, { error: URL_ID_MESSAGE }).optional(),
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(250, 'Max 250 characters'),
  overview: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(5000, 'Max 5,000 characters'),
  htmlContent: z.string({ error: REQUIRED }).max(500_000, 'The content is too long'),
  authorLabel: z.string().trim().max(250, 'Max 250 characters').optional(),
  featureImageCaption: z.string().trim().max(250, 'Max 250 characters').optional(),
  featureImage: z.instanceof(File).optional(),
  removeImage: z.boolean().optional(),
  isPublic: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  tagIds: z.array(idSchema).max(20, 'At most 20 tags').optional(),
});

export interface AdminContent {
  contentId: number;
  urlId: string;
  name: string;
  isPublic: boolean;
  isFeatured: boolean;
  authorLabel: string | null;
  overview: string;
  featureImageBlobId: string | null;
  featureImageUrl: string | null;
  featureImageCaption: string | null;
  createdAt: string;
  tags: ContentTag[];
}
export interface AdminContentDetail extends AdminContent {
  htmlContent: string;
}

const COLUMNS = ['c.id', 'c.url_id', 'c.name', 'c.is_public', 'c.is_featured', 'c.author_label', 'c.overview', 'c.feature_image_blob_id', 'c.feature_image_caption', 'c.created_at'] as const;

async function tagsOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, ContentTag[]>();
  const rows = await db
    .selectFrom('content_tags as ct')
    .innerJoin('tags as t', 't.id', 'ct.tag_id')
    .select(['ct.content_id', 't.id', 't.url_id', 't.name'])
    .where('ct.content_id', 'in', ids)
    .orderBy('t.ordinal')
    .orderBy('t.id')
    .execute();
  const out = new Map<number, ContentTag[]>();
  for (const r of rows) out.set(r.content_id, [...(out.get(r.content_id) ?? []), { tagId: r.id, urlId: r.url_id, name: r.name }]);
  return out;
}

type Row = { id: number; url_id: string; name: string; is_public: boolean; is_featured: boolean; author_label: string | null; overview: string; feature_image_blob_id: string | null; feature_image_caption: string | null; created_at: Date };
const toContent = (r: Row, tags: ContentTag[]): AdminContent => ({
  contentId: r.id,
  urlId: r.url_id,
  name: r.name,
  isPublic: r.is_public,
  isFeatured: r.is_featured,
  authorLabel: r.author_label,
  overview: r.overview,
  featureImageBlobId: r.feature_image_blob_id,
  featureImageUrl: blobUrl(r.feature_image_blob_id),
  featureImageCaption: r.feature_image_caption,
  createdAt: new Date(r.created_at).toISOString(),
  tags,
});

/** The content to edit, by id or urlId (public or not), with its stored HTML; null when unknown. */
export async function getContentForAdmin(db: Db, idOrUrlId: string | number): Promise<AdminContentDetail | null> {
  const key = String(idOrUrlId).trim();
  let q = db.selectFrom('contents as c').select([...COLUMNS, 'c.html_content']);
  if (/^\d{1,9}$/.test(key)) q = q.where('c.id', '=', Number(key));
  else if (URL_ID_PATTERN.test(key) && key.length <= 250) q = q.where('c.url_id', '=', key);
  else return null;
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const tags = await tagsOf(db, [row.id]);
  return { ...toContent(row, tags.get(row.id) ?? []), htmlContent: sanitizeArticleHtml(row.html_content) };
}

/**
 * Creates (contentId null) or updates a content in one transaction; the urlId is fixed once
 * created. Tags are replaced by the given ones. Returns the saved content.
 */
export async function saveContentAsAdmin(
  db: Db,
  input: ValidContentAdmin,
  onSaved?: (trx: Db, contentId: number, created: boolean) => Promise<void>,
): Promise<AdminContentDetail> {
  const tagIds = [...new Set(input.tags.map((t) => t.tagId))];
  clearPublicCountCache();
  const id = await db
    .transaction()
    .execute(async (trx) => {
      if (tagIds.length) {
        const known = await trx.selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
        if (known.length !== tagIds.length) throw new DomainError('invalid', 'tags: Unknown tag.');
      }
      if (input.featureImageBlobId) {
        const blob = await trx.selectFrom('blobs').select('content_type').where('id', '=', input.featureImageBlobId).executeTakeFirst();
        if (!blob || !FEATURE_IMAGE_TYPES.includes(blob.content_type)) throw new DomainError('invalid', 'featureImageBlobId: That image was not found.');
      }
      const values = {
        name: input.name,
        overview: input.overview,
        html_content: sanitizeArticleHtml(input.htmlContent),
        is_public: input.isPublic,
        is_featured: input.isFeatured,
        author_label: input.authorLabel,
        feature_image_blob_id: input.featureImageBlobId,
        feature_image_caption: input.featureImageCaption,
        updated_at: new Date(),
      };
      let contentId: number;
      if (input.contentId) {
        const current = await trx.selectFrom('contents').select(['id', 'url_id']).where('id', '=', input.contentId).forUpdate().executeTakeFirst();
        if (!current) throw new DomainError('not_found', 'That content was not found.');
        if (current.url_id !== input.urlId) throw new DomainError('invalid', `urlId: ${URL_ID_FIXED}`);
        await trx.updateTable('contents').set(values).where('id', '=', current.id).execute();
        contentId = current.id;
      } else {
        const row = await trx
          .insertInto('contents')
          .values({ ...values, url_id: input.urlId })
          .onConflict((oc) => oc.column('url_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new DomainError('conflict', `urlId: ${URL_ID_TAKEN}`);
        contentId = row.id;
      }
      await trx.deleteFrom('content_tags').where('content_id', '=', contentId).execute();
      if (tagIds.length) await trx.insertInto('content_tags').values(tagIds.map((tag_id) => ({ content_id: contentId, tag_id }))).execute();
      await onSaved?.(trx, contentId, !input.contentId);
      return contentId;
    })
    .finally(clearPublicCountCache);
  return (await getContentForAdmin(db, id))!;
}

/** Stores an uploaded feature image after checking its bytes (png or jpeg, at most 5 MB); returns the blob id. */
export async function storeFeatureImage(db: Db, bytes: Uint8Array): Promise<string> {
  try {
    const blob = await putUploadedBlob(db, { bytes, allowed: FEATURE_IMAGE_TYPES, maxBytes: FEATURE_IMAGE_MAX_BYTES, owner: { kind: 'content' } });
    return blob.blobId;
  } catch (e) {
    if (e instanceof DomainError && e.message === 'This type of file is not allowed.') throw new DomainError('invalid', 'The feature image must be a PNG or JPEG image.', { cause: e });
    throw e;
  }
}

// ---- Lists -----------------------------------------------------------------------------------

export const contentList = defineList({
  sorts: { id: 'c.id', createdAt: 'c.created_at', name: 'c.name', urlId: 'c.url_id', isPublic: 'c.is_public' },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  tieBreak: 'c.id',
  search: ['c.name', 'c.url_id', 'c.overview'],
  pageSize: 25,
});
export type ContentListQuery = ReturnType<typeof contentList.parse>;

/** /admin/content-list: one page of contents, public or not. */
export async function listContentsForAdmin(db: Db, query: ContentListQuery) {
  const page = await contentList.run(db.selectFrom('contents as c').select(['c.id', 'c.created_at', 'c.name', 'c.url_id', 'c.overview', 'c.is_public']), query);
  return {
    ...page,
    rows: page.rows.map((r) => ({ contentId: r.id, createdAt: new Date(r.created_at).toISOString(), name: r.name, urlId: r.url_id, overview: r.overview, isPublic: r.is_public })),
  };
}

/** /api/content/getAllContents: every content (public or not) without its HTML, newest first. */
export async function getAllContents(db: Db): Promise<AdminContent[]> {
  const rows = await db.selectFrom('contents as c').select(COLUMNS).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(5000).execute();
  const tags = await tagsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toContent(r, tags.get(r.id) ?? []));
}

/** /api/admin/getAllTags: the article tags in their nav order. */
export async function getAllTags(db: Db): Promise<ContentTag[]> {
  return listTags(db);
}

/**
 * /blobs/{id} of a content's feature image (decision 242): public content (articles, the catalogue)
 * is cached publicly while a content uses it; an image not (yet) used by any content only to product
 * admins (the editor's preview), privately.
 */
export async function contentImageBlobAccess(db: Db, viewer: PolicyUser | null, blobId: string): Promise<'public' | 'private' | null> {
  const used = await db.selectFrom('contents').select('id').where('feature_image_blob_id', '=', blobId).executeTakeFirst();
  if (used) return 'public';
  return viewer && policy.canUseAdmin(viewer) ? 'private' : null;
}
