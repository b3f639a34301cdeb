import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { peekUnsubscribeToken, unsubscribeWithToken } from '@modules/identity/index.server';
import { siteLinks } from '~/components/site-shell';
import { TokenLinkPage } from '~/components/token-link-page';
import { ThankYou } from '~/components/public-forms';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Unsubscribe | Leda' }, { name: 'robots', content: 'noindex' }];

export const UNSUBSCRIBE_LINK_EXPIRED = 'This unsubscribe link has expired. You can change which emails you get in your notification settings.';

/**
 * /unsubscribe/{token}: the one-click unsubscribe link of every reminder email (decision 200); no
 * sign-in needed. Opening it (a GET, as mail scanners do) changes nothing and shows one button; a
 * POST turns that kind of email off: the button, or a mail client's RFC 8058 one-click POST
 * (List-Unsubscribe=One-Click) to the same address. An unknown or expired link answers 410.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await peekUnsubscribeToken(getDb(), params.token ?? '');
  if (!found) return data({ label: null, expiredMessage: UNSUBSCRIBE_LINK_EXPIRED }, { status: 410 });
  return { label: found.label, expiredMessage: null };
}

export async function action({ params }: ActionFunctionArgs) {
  const done = await unsubscribeWithToken(getDb(), params.token ?? '');
  if (!done) return data({ label: null, expiredMessage: UNSUBSCRIBE_LINK_EXPIRED, supportEmail: null }, { status: 410 });
  // 200 said out loud: a document POST takes the action's status, else the loader's (a used link's 410).
  return data({ label: done.label, expiredMessage: null, supportEmail: loadEnv().SUPPORT_EMAIL }, { status: 200 });
}

export default function UnsubscribeLinkPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <TokenLinkPage
      expired={result?.expiredMessage ?? (result ? null : page.expiredMessage)}
      expiredLink={{ to: '/app/settings/notification', label: 'Notification settings' }}
      done={
        result?.label ? (
          <ThankYou title="You have been unsubscribed">
            <p>We will not send you {result.label} any more. Other emails, such as password resets, still arrive.</p>
            <p>
              Changed your mind? Turn it back on in your <Link to="/app/settings/notification">notification settings</Link>. Could you tell us why?{' '}
              <a href={`mailto:${result.supportEmail}?subject=${encodeURIComponent('Why I unsubscribed')}`}>Email us the reason</a>.
            </p>
          </ThankYou>
        ) : null
      }
      title="Unsubscribe"
      text={`Stop sending me ${page.label}.`}
      button="Unsubscribe"
    />
  );
}
