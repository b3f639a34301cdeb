import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { confirmNewsletterChange, peekNewsletterToken } from '@modules/admin/index.server';
import { siteLinks } from '~/components/site-shell';
import { TokenLinkPage } from '~/components/token-link-page';
import { ThankYou } from '~/components/public-forms';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Leda news | Leda' }];

export const NEWSLETTER_LINK_EXPIRED = 'This link has expired or has already been used. Please ask again from the form.';

/**
 * /newsletter/confirm/{token}: the link emailed for a newsletter subscribe or unsubscribe
 * (decision 113). Opening it (a GET, as mail scanners do) changes nothing and shows one button;
 * the POST uses the link up and applies it. A used, expired or unknown link gets the message (410).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const pending = await peekNewsletterToken(getDb(), params.token ?? '');
  if (!pending) return data({ action: null, expiredMessage: NEWSLETTER_LINK_EXPIRED }, { status: 410 });
  return { action: pending.action, expiredMessage: null };
}

export async function action({ params }: ActionFunctionArgs) {
  const done = await confirmNewsletterChange(getDb(), params.token ?? '');
  if (!done) return data({ done: null, expiredMessage: NEWSLETTER_LINK_EXPIRED, supportEmail: null }, { status: 410 });
  // 200 said out loud: a document POST takes the action's status, else the loader's, and the loader
  // now sees the link used up (410) although this POST succeeded.
  return data({ done: done.action, expiredMessage: null, supportEmail: loadEnv().SUPPORT_EMAIL }, { status: 200 });
}

export default function NewsletterConfirmPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const subscribe = page.action === 'subscribe';
  return (
    <TokenLinkPage
      expired={result?.expiredMessage ?? (result ? null : page.expiredMessage)}
      expiredLink={{ to: '/', label: 'Back to home' }}
      done={
        result?.done === 'subscribe' ? (
          <ThankYou title="You are subscribed">
            <p>Thanks for confirming. We will send Leda product news and updates to this address. You can unsubscribe at any time.</p>
          </ThankYou>
        ) : result?.done === 'unsubscribe' ? (
          <ThankYou title="You have been unsubscribed">
            <p>We will not send product news to that address any more. Emails about your account, such as password resets, still arrive.</p>
            <p>
              Could you tell us why?{' '}
              <a href={`mailto:${result.supportEmail}?subject=${encodeURIComponent('Why I unsubscribed')}`}>Email us the reason</a>. It helps us do better.
            </p>
          </ThankYou>
        ) : null
      }
      title={subscribe ? 'Confirm your subscription' : 'Confirm unsubscribe'}
      text={subscribe ? 'Confirm that you want Leda product news and updates at this address.' : 'Confirm that you want no more Leda product news at this address.'}
      button={subscribe ? 'Yes, send me Leda news' : 'Unsubscribe'}
    />
  );
}
