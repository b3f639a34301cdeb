import { addBreakToPreset, presetSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/addBreakToPresetJourney {presetId, breakLabel, isBreak}: appends a labelled break. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.addBreak,
  handler: async ({ body, auth }) => addBreakToPreset(getDb(), auth.user.userId, body),
});
