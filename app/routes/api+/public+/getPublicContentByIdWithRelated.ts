import { DomainError, getDb } from '@modules/shared/index.server';
import { getPublicContentWithRelated } from '@modules/catalogue/index.server';
import { apiPublicContentSchema } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/public/getPublicContentByIdWithRelated {contentId: id or urlId}: {content, relatedContents}; 404 when not public. */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiPublicContentSchema,
  handler: async ({ body }) => {
    const found = await getPublicContentWithRelated(getDb(), body.contentId);
    if (!found) throw new DomainError('not_found', 'No content to display.');
    return found;
  },
});
