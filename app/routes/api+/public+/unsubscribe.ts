import { getDb } from '@modules/shared/index.server';
import { unsubscribeEmail } from '@modules/admin/index.server';
import { apiUnsubscribeSchema } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';
import { publicFormAnswer } from '~/features/public-site/public-forms.server';

/** POST /api/public/unsubscribe {email}: no product-news email goes to it any more; {} on success. */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiUnsubscribeSchema,
  handler: async ({ body, context }) => {
    const result = await unsubscribeEmail(getDb(), body.email, { clientIp: context.clientIp, honeypot: body.website });
    return publicFormAnswer(result);
  },
});
