import { eraseUser, mayErase, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/admin/eraseUser { userId, deletePosts? }: erases the person now (issue 27 s.3). Product
 * admins, and organisation admins for their own organisation's people (the policy's canEraseSomeone);
 * everyone else 403. Posts and comments stay as the Former member's unless deletePosts is true.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: peopleSchemas.apiEraseUser,
  allow: (user, body) => mayErase(getDb(), user, body.userId),
  handler: async ({ body, auth }) => {
    const r = await eraseUser(getDb(), auth.user.userId, body.userId, { keepPosts: body.deletePosts !== true, reason: 'admin' });
    return { userId: body.userId, isErased: true, wasErasedNow: r.erased };
  },
});
