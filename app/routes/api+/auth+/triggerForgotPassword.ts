import { getDb } from '@modules/shared/index.server';
import { requestPasswordReset } from '@modules/identity/index.server';
import { apiForgotPasswordSchema } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/auth/triggerForgotPassword {email} -> {success: true}, whether or not the email has an account. */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiForgotPasswordSchema,
  handler: async ({ body, context }) => {
    await requestPasswordReset(getDb(), { email: body.email, clientIp: context.clientIp });
    return { success: true };
  },
});
