import { z } from 'zod';
import { getAllActivities } from '@modules/activities/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getAllActivities: every activity, global or not, newest first. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: z.object({}),
  handler: () => getAllActivities(getDb()),
});
