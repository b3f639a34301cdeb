import { saveContentAsAdmin, saveContentBody } from '@modules/catalogue/index.server';
import { recordAudit } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/saveContent {content}: creates (contentId null) or updates a content; the urlId is fixed once created. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: saveContentBody,
  handler: ({ body, auth }) =>
    saveContentAsAdmin(getDb(), body.content, (trx, contentId, created) =>
      recordAudit(trx, { actorId: auth.user.userId, action: created ? 'content.create' : 'content.save', entity: 'content', entityId: contentId, after: body.content }),
    ),
});
