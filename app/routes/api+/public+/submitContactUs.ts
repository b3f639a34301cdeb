import { getDb } from '@modules/shared/index.server';
import { submitEnquiry } from '@modules/admin/index.server';
import { apiContactUsSchema, HONEYPOT_FIELD } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';
import { publicFormAnswer } from '~/features/public-site/public-forms.server';

/** POST /api/public/submitContactUs: stores the enquiry and emails sales; {} on success. */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: apiContactUsSchema,
  handler: async ({ body, context }) => {
    const { [HONEYPOT_FIELD]: honeypot, ...v } = body;
    const result = await submitEnquiry(getDb(), { kind: 'contact', ...v }, { clientIp: context.clientIp, honeypot });
    return publicFormAnswer(result);
  },
});
