import { z } from 'zod';
import { getDb } from '@modules/shared/index.server';
import { getUserSettings, settingsList } from '@modules/identity/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/user/getUserSettings: the caller's own settings, every key with its value (defaults filled in). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: z.object({}).strict(),
  handler: async ({ auth }) => ({ settings: settingsList(await getUserSettings(getDb(), auth.user.userId)) }),
});
