import { getDb } from '@modules/shared/index.server';
import { setPasswordWithToken } from '@modules/identity/index.server';
import { apiResetPasswordSchema } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/auth/resetPassword {password, token} -> {success, token}: sets the password from a
 * reset (or create) link, ends every other session and answers the new session's token.
 * A used or expired link answers 410 with errorMsg.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiResetPasswordSchema,
  handler: async ({ body }) => {
    const result = await setPasswordWithToken(getDb(), { token: body.token, password: body.password, purpose: 'password-reset' });
    if (result.status === 'locked') return { success: false, token: null, isLocked: true };
    return { success: true, token: result.sessionId };
  },
});
