import { z } from 'zod';
import { getAllPresets } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getAllPresets: every preset (id, name, description). Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: z.object({}).passthrough(),
  handler: async () => getAllPresets(getDb()),
});
