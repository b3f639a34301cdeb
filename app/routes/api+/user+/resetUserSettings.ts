import { z } from 'zod';
import { getDb } from '@modules/shared/index.server';
import { resetUserSettings, settingsList } from '@modules/identity/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/user/resetUserSettings: the caller's notification settings back to their defaults (the time zone is kept). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: z.object({}).strict(),
  handler: async ({ auth }) => ({ settings: settingsList(await resetUserSettings(getDb(), auth.user.userId)) }),
});
