import { DomainError, getDb } from '@modules/shared/index.server';
import { getContentById } from '@modules/catalogue/index.server';
import { apiContentSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/content/getContentById {contentId: id or urlId}: the content with its sanitised htmlContent. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiContentSchema,
  handler: async ({ body }) => {
    const content = await getContentById(getDb(), body.contentId);
    if (!content) throw new DomainError('not_found', 'Sorry, something went wrong.');
    return content;
  },
});
