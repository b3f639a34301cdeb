import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { unsubscribeEmail } from '@modules/admin/index.server';
import { apiUnsubscribeSchema } from '~/utils/form-schemas.server';
import { HONEYPOT_FIELD } from '@modules/admin/constants';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { Honeypot, ThankYou } from '~/components/public-forms';
import { readFormData } from '~/utils/form.server';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Unsubscribe | Leda' }];

/** /unsubscribe: public; ?email= prefills the box. */
export async function loader({ request }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get('email')?.trim().slice(0, 320) ?? '';
  return { email, supportEmail: loadEnv().SUPPORT_EMAIL };
}

/**
 * An empty box does nothing; otherwise the (trimmed) address gets no more product news, at once
 * (decision 254), and the thank-you with the "Email us the reason" link shows whatever the outcome
 * (public-site spec 4: a bad address, a filled honeypot or a rate limit store nothing but look the same).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const email = String(form.get('email') ?? '').trim();
  if (!email) return { done: false };
  const parsed = apiUnsubscribeSchema.safeParse({ email, [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? undefined });
  if (parsed.success) {
    await unsubscribeEmail(getDb(), parsed.data.email, { clientIp: context.clientIp, honeypot: parsed.data[HONEYPOT_FIELD] });
  }
  return { done: true };
}

export default function UnsubscribePage() {
  const { email, supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <SiteShell>
      <section className="status-panel">
        {actionData?.done ? (
          <ThankYou title="You have been unsubscribed">
            <p>Thank you. We will stop sending product news to that address. Emails about your account, such as password resets, still arrive.</p>
            <p>
              Could you tell us why?{' '}
              <a href={`mailto:${supportEmail}?subject=${encodeURIComponent('Why I unsubscribed')}`}>Email us the reason</a>. It helps us do better.
            </p>
          </ThankYou>
        ) : (
          <>
            <h1>Unsubscribe from Leda news</h1>
            <p>Enter your email address and we will stop sending you product news and updates.</p>
            <Form method="post" className="inline-email-form">
              <label htmlFor="unsubscribe-email" className="visually-hidden">
                Email address
              </label>
              <input id="unsubscribe-email" type="email" name="email" defaultValue={email} autoComplete="email" placeholder="you@company.com" maxLength={320} />
              <Honeypot />
              <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
                Unsubscribe
              </button>
            </Form>
          </>
        )}
      </section>
    </SiteShell>
  );
}
