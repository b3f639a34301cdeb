import { presetSchemas, updatePresetJourneys } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/updatePresetJourneys {journeys}: lengths, weeks before unlock, break labels, order (one preset). */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.journeys,
  handler: async ({ body, auth }) => updatePresetJourneys(getDb(), auth.user.userId, body),
});
