import { z } from 'zod';
import { getAllTags } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getAllTags: the article tags. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: z.object({}),
  handler: () => getAllTags(getDb()),
});
