import { getDb } from '@modules/shared/index.server';
import { sendWelcomeEmails, teamSchemas } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/admin/sendWelcomeEmails {emails, teamId?, requestKey?}: one welcome-email batch job for
 * the people with these emails; the same request twice sends each person one email. Product admins only.
 */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiSendWelcomeEmails,
  handler: ({ body, auth }) => sendWelcomeEmails(getDb(), auth.user.userId, body),
});
