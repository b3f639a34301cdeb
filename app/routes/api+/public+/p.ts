import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { recordPageView } from '@modules/admin/index.server';
import { MAX_TRACKING_BODY_BYTES, pageViewSchema } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';
import { refuseOversized } from '~/features/public-site/public-forms.server';

/** POST /api/public/p: one page view, one insert; the category is computed on the server. */
const route = apiRoute({
  access: 'public',
  optionalAuth: true,
  schema: pageViewSchema,
  handler: async ({ body, auth }) => {
    await recordPageView(getDb(), body, auth?.user.userId ?? null);
    return {};
  },
});

export const loader = route.loader;
// The body limit first; the schema and access stay on the action for the OpenAPI document.
export const action = Object.assign((args: ActionFunctionArgs) => refuseOversized(args.request, MAX_TRACKING_BODY_BYTES) ?? route.action(args), {
  schema: route.action.schema,
  access: route.action.access,
  optionalAuth: route.action.optionalAuth,
});
