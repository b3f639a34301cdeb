import { getDb } from '@modules/shared/index.server';
import { changePassword } from '@modules/identity/index.server';
import { apiUpdatePasswordBody } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/user/updatePassword {currentPassword, newPassword}: the caller's own password. A wrong
 * current password or a common new one is a 400 with errorMsg; on success every other session of
 * the user ends and the calling one stays.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiUpdatePasswordBody,
  handler: async ({ body, auth }) => {
    await changePassword(getDb(), { userId: auth.user.userId, sessionId: auth.sessionId, ...body });
    return {};
  },
});
