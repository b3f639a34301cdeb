import type { AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { subscribeToNewsletter } from '@modules/admin/index.server';
import { HONEYPOT_FIELD, newsletterFormSchema } from '@modules/admin/schemas';
import { publicFormStatus } from './public-forms.server';
import { formConstraint } from '../../utils/form.server';

/** The newsletter box's constraint, for the loader of a page that shows the box. */
export const newsletterConstraint = () => formConstraint(newsletterFormSchema);

/** The newsletter box's action (home page): stored against the email; the thank-you replaces the box. */
export async function newsletterAction(request: Request, context: AppLoadContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: newsletterFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), subscribed: false }, { status: 400 });
  const result = await subscribeToNewsletter(getDb(), submission.value.email, {
    clientIp: context.clientIp,
    honeypot: submission.value[HONEYPOT_FIELD],
  });
  if (result.status !== 'ok') {
    return data({ result: submission.reply({ formErrors: [result.message] }), subscribed: false }, { status: publicFormStatus(result) });
  }
  return { result: null, subscribed: true };
}
