import type { AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { submitEnquiry } from '@modules/admin/index.server';
import { contactFormSchema, HONEYPOT_FIELD, type ContactVariant } from '@modules/admin/schemas';
import { formConstraint, readFormData } from '../../utils/form.server';
import { publicFormStatus } from './public-forms.server';

/**
 * /contact and /try-for-free: one page in two variations. The loader prefills the form from
 * the query (?email=... and the other contact fields); the action stores and emails it.
 */
const PREFILL = ['email', 'firstName', 'lastName', 'organisation', 'jobTitle'] as const;

/**
 * The form's constraint (the same for both variations). The consent box must be ticked (decision 255);
 * its schema's refine is invisible to getZodConstraint, so `required` is said here, for the browser.
 */
export const contactConstraint = () => ({ ...formConstraint(contactFormSchema), consentToNews: { required: true } });

export function contactPrefill(request: Request) {
  const q = new URL(request.url).searchParams;
  const prefill: Partial<Record<(typeof PREFILL)[number], string>> = {};
  for (const k of PREFILL) {
    const v = q.get(k)?.trim();
    if (v) prefill[k] = v.slice(0, k === 'email' ? 320 : 250);
  }
  return prefill;
}

export async function contactAction(request: Request, context: AppLoadContext, variant: ContactVariant) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: contactFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: null }, { status: 400 });
  const { [HONEYPOT_FIELD]: honeypot, message, phoneNumber, ...v } = submission.value;
  const result = await submitEnquiry(
    getDb(),
    {
      kind: variant,
      ...v,
      message: variant === 'contact' ? message : undefined,
      phoneNumber: variant === 'try-for-free' ? phoneNumber : undefined,
    },
    { clientIp: context.clientIp, honeypot },
  );
  if (result.status !== 'ok') {
    return data({ result: submission.reply({ formErrors: [result.message] }), sent: null }, { status: publicFormStatus(result) });
  }
  return { result: null, sent: { firstName: v.firstName } };
}
