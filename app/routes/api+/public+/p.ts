import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { recordPageView } from '@modules/admin/index.server';
import { MAX_TRACKING_BODY_BYTES, pageViewSchema } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';
import { refuseOversized } from '~/utils/public-forms.server';

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
export const action = (args: ActionFunctionArgs) => refuseOversized(args.request, MAX_TRACKING_BODY_BYTES) ?? route.action(args);
