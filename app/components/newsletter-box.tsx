import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import { newsletterFormSchema } from '@modules/admin/schemas';
import { Field, FormError } from './forms';
import { Honeypot, ThankYou } from './public-forms';

/** The home page's newsletter box ('Enter a valid email'); a thank-you replaces it once sent. */
export function NewsletterBox({ actionData }: { actionData: { result: SubmissionResult<string[]> | null; subscribed: boolean } | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof newsletterFormSchema>>({
    id: 'newsletter-form',
    lastResult: actionData?.result,
    constraint: getZodConstraint(newsletterFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterFormSchema }),
  });
  return (
    <section className="newsletter" id="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter-inner">
        <div>
          <h2 id="newsletter-heading">Ideas for better teams, once a month</h2>
          <p>Short, practical reading on leadership and soft skills. No spam; unsubscribe any time.</p>
        </div>
        {actionData?.subscribed ? (
          <ThankYou title="Thanks for subscribing!">
            <p>Look out for our next issue in your inbox.</p>
          </ThankYou>
        ) : (
          <Form method="post" {...getFormProps(form)} className="newsletter-form" preventScrollReset>
            <input type="hidden" name="intent" value="newsletter" />
            <FormError id={form.errorId} errors={form.errors} />
            <Field label="Email address" meta={fields.email} type="email" autoComplete="email" placeholder="you@company.com" />
            <Honeypot />
            <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
              Subscribe
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
