import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { loadEnv } from '@modules/shared/index.server';
import { SiteShell, siteLinks } from '~/components/site-shell';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Licence expired | Leda' }];

/** /license-expired: public (a locked user or an expired licence lands here). */
export async function loader() {
  return { supportEmail: loadEnv().SUPPORT_EMAIL };
}

export default function LicenseExpiredPage() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const subject = encodeURIComponent('Renewing our Leda licence');
  return (
    <SiteShell>
      <section className="status-panel">
        <span className="status-icon warn" aria-hidden="true">
          !
        </span>
        <h1>Your licence has expired</h1>
        <p>Your access to Leda has ended because your organisation&apos;s licence has expired or your account has been paused.</p>
        <p>Email us and we will help you or your organisation renew, usually within one business day. Your progress is kept.</p>
        <div className="cta-actions center">
          <a className="button primary large" href={`mailto:${supportEmail}?subject=${subject}`}>
            Email {supportEmail}
          </a>
          <Link className="button large" to="/">
            Back to the main site
          </Link>
        </div>
      </section>
    </SiteShell>
  );
}
