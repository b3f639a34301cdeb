import { z } from 'zod';
import { getAllContents } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/content/getAllContents: every content, public or not, without its HTML (the admin content list; docs/decisions/223). Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: z.object({}),
  handler: () => getAllContents(getDb()),
});
