import { getCommunicationsByRecipient, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getCommunicationsByRecipient: the recipient's emails, newest first (sanitised HTML). Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiGetCommunicationsByRecipient,
  handler: ({ body }) => getCommunicationsByRecipient(getDb(), body),
});
