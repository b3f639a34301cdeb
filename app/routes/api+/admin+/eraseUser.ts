import type { ActionFunctionArgs } from '@remix-run/node';
import { eraseUser, mayErase, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { policy } from '@modules/identity/index.server';
import { apiError, apiRoute } from '~/utils/api.server';
import { NO_PERMISSION, requireApiUser } from '~/utils/session.server';

/**
 * POST /api/admin/eraseUser { userId, deletePosts? }: erases the person now (issue 27 s.3). Product
 * admins, and organisation admins for their own organisation's people (the policy's canEraseSomeone);
 * everyone else 403 (before the body is read, like every /api/admin path). Posts and comments stay as
 * the Former member's unless deletePosts is true.
 */
const route = apiRoute({
  access: 'user',
  schema: peopleSchemas.apiEraseUser,
  allow: (user, body) => mayErase(getDb(), user, body.userId),
  handler: async ({ body, auth }) => {
    const r = await eraseUser(getDb(), auth.user.userId, body.userId, { keepPosts: body.deletePosts !== true, reason: 'admin' });
    return { userId: body.userId, isErased: true, wasErasedNow: r.erased };
  },
});

export const loader = route.loader;

async function gate(args: ActionFunctionArgs) {
  if (args.request.method === 'POST') {
    const auth = await requireApiUser(args.request, args.context).catch((e: unknown) => e);
    if (auth instanceof Response) return auth;
    if (auth instanceof Error) throw auth;
    if (!policy.canEraseAnyone((auth as Awaited<ReturnType<typeof requireApiUser>>).user)) return apiError(403, NO_PERMISSION);
  }
  return route.action(args);
}
export const action = Object.assign(gate, { schema: route.action.schema });
