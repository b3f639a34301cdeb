import { getDb } from '@modules/shared/index.server';
import { submitEnquiry } from '@modules/admin/index.server';
import { apiTryForFreeSchema, HONEYPOT_FIELD } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';
import { publicFormAnswer } from '~/features/public-site/public-forms.server';

/** POST /api/public/submitTryForFree: stores the enquiry and emails sales; {} on success. */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiTryForFreeSchema,
  handler: async ({ body, context }) => {
    const { [HONEYPOT_FIELD]: honeypot, ...v } = body;
    const result = await submitEnquiry(getDb(), { kind: 'try-for-free', ...v }, { clientIp: context.clientIp, honeypot });
    return publicFormAnswer(result);
  },
});
