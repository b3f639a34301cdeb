import { DomainError, getDb } from '@modules/shared/index.server';
import { getContentPreviewById } from '@modules/catalogue/index.server';
import { apiContentSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/content/getContentPreviewById {contentId}: the content with only the opening of its htmlContent. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiContentSchema,
  handler: async ({ body }) => {
    const content = await getContentPreviewById(getDb(), body.contentId);
    if (!content) throw new DomainError('not_found', 'Sorry, something went wrong.');
    return content;
  },
});
