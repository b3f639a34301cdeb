import { getDb } from '@modules/shared/index.server';
import { login } from '@modules/identity/index.server';
import { apiLoginSchema } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/auth/login {email, password} -> {success, token, isLocked, errorMsg}. The token is
 * the session id (sent back as x-access-token). Wrong credentials and a blocked account are
 * answers (200, success false), not transport errors; too many attempts is a 429.
 * errorMsg is null unless the client should show it (docs/decisions/012-api-auth-answers.md).
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiLoginSchema,
  handler: async ({ body, context }) => {
    const result = await login(getDb(), { email: body.email, password: body.password, clientIp: context.clientIp });
    switch (result.status) {
      case 'ok':
        return { success: true, token: result.sessionId, isLocked: false, errorMsg: null };
      case 'locked':
        return { success: false, token: null, isLocked: true, errorMsg: null };
      case 'invalid':
        return { success: false, token: null, isLocked: false, errorMsg: result.message };
      case 'rate_limited':
        return Response.json({ success: false, token: null, isLocked: false, errorMsg: result.message }, { status: 429 });
    }
  },
});
