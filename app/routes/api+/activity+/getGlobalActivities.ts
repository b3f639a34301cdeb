import { z } from 'zod';
import { getGlobalActivities } from '@modules/activities/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/activity/getGlobalActivities (no payload): the global activities, featured first, then by name. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: z.object({}),
  handler: () => getGlobalActivities(getDb()),
});
