import type { SubmissionResult } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import type { newsletterFormSchema } from '@modules/admin/schemas';
import { Field, FormError, LedaForm, useLedaForm, type FormConstraint } from './forms';
import { Honeypot, ThankYou } from './public-forms';

/** The home page's newsletter box ('Enter a valid email'); a thank-you replaces it once sent. */
export function NewsletterBox({
  actionData,
  constraint,
}: {
  actionData: { result: SubmissionResult<string[]> | null; subscribed: boolean } | undefined;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<z.input<typeof newsletterFormSchema>>({ id: 'newsletter-form', lastResult: actionData?.result, constraint });
  return (
    <section className="newsletter" id="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter-inner">
        <div>
          <h2 id="newsletter-heading">Ideas for better teams, once a month</h2>
          <p>Short, practical reading on leadership and soft skills. No spam; unsubscribe any time.</p>
        </div>
        {actionData?.subscribed ? (
          <ThankYou title="Please check your email">
            <p>We have sent you a link to confirm your subscription. Click it and you will get our next issue.</p>
          </ThankYou>
        ) : (
          <LedaForm form={form} method="post" className="newsletter-form" preventScrollReset>
            <input type="hidden" name="intent" value="newsletter" />
            <FormError id={form.errorId} errors={form.errors} />
            <Field label="Email address" meta={fields.email} type="email" autoComplete="email" placeholder="you@company.com" />
            <Honeypot />
            <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
              Subscribe
            </button>
          </LedaForm>
        )}
      </div>
    </section>
  );
}
