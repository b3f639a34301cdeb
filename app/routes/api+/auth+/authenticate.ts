import { apiAuthenticateSchema } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';
import { startSessionPayload } from '~/features/sign-in/session-start.server';

/**
 * POST /api/auth/authenticate {mlt, cid} -> the session-start answer (public-site section 7).
 * A missing or rejected x-access-token is not a 403 here: the answer is the logged-out one.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiAuthenticateSchema,
  handler: async ({ body, request, context }) => startSessionPayload(request, context, body),
});
