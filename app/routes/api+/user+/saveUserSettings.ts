import { getDb } from '@modules/shared/index.server';
import { saveUserSettings, settingsList, userSettingsBody } from '@modules/identity/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/user/saveUserSettings {userSettings: [{key, value}]}: stores the given keys of the
 * caller's own settings (known keys only, each value checked: 400 otherwise) and answers them all.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: userSettingsBody,
  handler: async ({ body, auth }) => {
    const values = Object.fromEntries(body.userSettings.map((s) => [s.key, s.value]));
    return { settings: settingsList(await saveUserSettings(getDb(), auth.user.userId, values)) };
  },
});
