import type { SubmissionResult } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import type { contactFormSchema } from '@modules/admin/schemas';
import type { ContactVariant } from '@modules/admin/constants';
import { CheckboxField, Field, FormError, LedaForm, TextAreaField, useLedaForm, type FormConstraint } from './forms';
import { Honeypot, PersonFields, ThankYou } from './public-forms';

/** The contact page in its two variations: Contact us (message) and Try for free (phone number). */
export interface ContactActionData {
  result: SubmissionResult<string[]> | null;
  sent: { firstName: string } | null;
}

const COPY: Record<ContactVariant, { eyebrow: string; title: string; lead: string; button: string; points: string[] }> = {
  contact: {
    eyebrow: 'Contact us',
    title: 'Talk to the Leda team',
    lead: 'Questions about Leda, a walkthrough for your leadership group, or a quote for your organisation: send us a message and a real person will reply, usually within one business day.',
    button: 'Send message',
    points: ['A walkthrough of the platform for your team', 'Help choosing the right plan and journeys', 'Answers on security, privacy and set-up'],
  },
  'try-for-free': {
    eyebrow: 'Try for free',
    title: 'Try Leda free with your team',
    lead: 'Tell us about your team and we will set up a free trial so you can take real journeys together before you decide.',
    button: 'Start my free trial',
    points: ['Short steps of about 10 minutes, done in the flow of work', 'Stories, games, self-assessments and real-world activities', 'Progress insights for team leaders from week one'],
  },
};

export const contactTitle = (variant: ContactVariant) => (variant === 'contact' ? 'Contact us | Leda' : 'Try for free | Leda');

export function ContactPage({
  variant,
  prefill,
  actionData,
  supportEmail,
  constraint,
}: {
  variant: ContactVariant;
  constraint: FormConstraint;
  prefill: Record<string, string | undefined>;
  actionData: ContactActionData | undefined;
  supportEmail: string;
}) {
  const copy = COPY[variant];
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<z.input<typeof contactFormSchema>>({ lastResult: actionData?.result, defaultValue: prefill, constraint });
  const sending = navigation.state === 'submitting';
  return (
    <section className="contact-layout">
      <div className="contact-intro">
        <p className="eyebrow">{copy.eyebrow}</p>
        <h1>{copy.title}</h1>
        <p className="lead">{copy.lead}</p>
        <ul className="check-list">
          {copy.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="contact-alt">
          Prefer email? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        {variant === 'contact' ? (
          <p className="contact-alt">
            Ready to start? <Link to="/try-for-free">Try Leda for free</Link>.
          </p>
        ) : (
          <p className="contact-alt">
            Just have a question? <Link to="/contact">Contact us</Link> instead.
          </p>
        )}
      </div>
      <div className="form-card">
        {actionData?.sent ? (
          <ThankYou title={`Thank you, ${actionData.sent.firstName}!`}>
            <p>
              {variant === 'contact'
                ? 'We have your message and will be in touch soon.'
                : 'We have your details and will be in touch shortly to set up your free trial.'}
            </p>
            <Link className="button" to="/articles">
              Read our articles while you wait
            </Link>
          </ThankYou>
        ) : (
          <LedaForm form={form} method="post" className="stacked-form">
            <FormError id={form.errorId} errors={form.errors} />
            <PersonFields fields={fields} />
            <Field label="Organisation" meta={fields.organisation} autoComplete="organization" />
            <Field label="Job title (optional)" meta={fields.jobTitle} autoComplete="organization-title" />
            {variant === 'contact' ? (
              <TextAreaField label="Message (optional)" meta={fields.message} rows={5} />
            ) : (
              <Field label="Mobile number (optional)" meta={fields.phoneNumber} type="tel" autoComplete="tel" />
            )}
            <CheckboxField label="I agree to receive news and updates about Leda. You can unsubscribe at any time." meta={fields.consentToNews} />
            <Honeypot />
            <button type="submit" className="button primary wide large" disabled={sending}>
              {sending ? 'Sending…' : copy.button}
            </button>
            <p className="form-fineprint">
              We use your details to reply to you. See our <Link to="/privacy-policy">privacy policy</Link>.
            </p>
          </LedaForm>
        )}
      </div>
    </section>
  );
}
