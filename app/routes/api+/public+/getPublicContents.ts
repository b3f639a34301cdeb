import { getDb } from '@modules/shared/index.server';
import { findTag, listPublicContents } from '@modules/catalogue/index.server';
import { apiPublicContentsSchema } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/public/getPublicContents {tagId?, limit (1-50), offset (0-10000)}: public articles,
 * newest first. tagId is a tag id, a tag urlId or 'others' (untagged); an unknown tag lists nothing.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiPublicContentsSchema,
  handler: async ({ body }) => {
    const db = getDb();
    let tag = null as Awaited<ReturnType<typeof findTag>>;
    if (body.tagId !== undefined && body.tagId !== null) {
      tag = await findTag(db, body.tagId);
      if (!tag) return { contents: [] };
    }
    const contents = await listPublicContents(db, { tag, limit: body.limit, offset: body.offset });
    return { contents };
  },
});
