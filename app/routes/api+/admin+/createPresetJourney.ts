import { createPresetJourney, presetSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/createPresetJourney {journeyId, presetId}: appends the journey (once per preset). */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.createJourney,
  handler: async ({ body, auth }) => createPresetJourney(getDb(), auth.user.userId, body),
});
