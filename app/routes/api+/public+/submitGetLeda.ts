import { getDb } from '@modules/shared/index.server';
import { recordPageEvent, submitEnquiry } from '@modules/admin/index.server';
import { apiGetLedaSchema, HONEYPOT_FIELD } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';
import { publicFormAnswer } from '~/features/public-site/public-forms.server';

/**
 * POST /api/public/submitGetLeda: the spec's /api/public/submit{product} for the pricing Get
 * enquiry (docs/decisions/043). As the old client sends it, organisation carries the phone
 * number, jobTitle the team size and message the comments. Stored, emailed, and an analytics
 * event is recorded.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  optionalAuth: true,
  schema: apiGetLedaSchema,
  handler: async ({ body, auth, context }) => {
    const db = getDb();
    const result = await submitEnquiry(
      db,
      {
        kind: 'get-leda',
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phoneNumber: body.organisation,
        teamSize: body.jobTitle,
        message: body.message,
      },
      { clientIp: context.clientIp, honeypot: body[HONEYPOT_FIELD] },
    );
    if (result.status === 'ok') {
      await recordPageEvent(db, { event: 'submitGetLeda', path: '/pricing', properties: { teamSize: body.jobTitle } }, auth?.user.userId ?? null);
    }
    return publicFormAnswer(result);
  },
});
