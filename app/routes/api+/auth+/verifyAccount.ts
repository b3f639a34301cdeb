import { getDb } from '@modules/shared/index.server';
import { verifyAccount } from '@modules/identity/index.server';
import { apiVerifyAccountSchema } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/auth/verifyAccount {token} -> {token}: verifies the account and signs in. An
 * unknown, used or expired token answers 410 {errorMsg: 'Sorry, something went wrong.'}.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiVerifyAccountSchema,
  handler: async ({ body }) => {
    const result = await verifyAccount(getDb(), body.token);
    if (result.status === 'locked') return { token: null, isLocked: true };
    return { token: result.sessionId };
  },
});
