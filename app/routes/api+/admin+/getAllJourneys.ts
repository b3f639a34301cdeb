import { z } from 'zod';
import { getAllJourneys } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getAllJourneys: every journey but the break journey (1000), by name. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: z.object({}),
  handler: () => getAllJourneys(getDb()),
});
