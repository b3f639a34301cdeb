import { presetSchemas, removePresetJourney } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/removePresetJourney {presetJourneyId}. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.presetJourneyId,
  handler: async ({ body, auth }) => removePresetJourney(getDb(), auth.user.userId, body.presetJourneyId),
});
