import { redirect, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { underConstructionUntil } from '~/utils/session.server';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Under construction | Leda' }];

/** /under-construction: shows the return date; when the site is not under construction it goes home. */
export async function loader() {
  const until = underConstructionUntil();
  if (!until) throw redirect('/');
  const returnDate = new Intl.DateTimeFormat('en-AU', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Australia/Melbourne',
  }).format(until);
  return { until: until.toISOString(), returnDate };
}

export default function UnderConstructionPage() {
  const { until, returnDate } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <section className="status-panel">
        <span className="status-icon" aria-hidden="true">
          ⚙
        </span>
        <h1>We&apos;re making Leda better</h1>
        <p>The learning platform is briefly closed for maintenance.</p>
        <p className="status-date">
          We expect to be back by <time dateTime={until}>{returnDate}</time> (Melbourne time).
        </p>
        <p>Our articles and the rest of this site are still open.</p>
        <div className="cta-actions center">
          <Link className="button primary" to="/articles">
            Read our articles
          </Link>
          <Link className="button" to="/">
            Back to home
          </Link>
        </div>
      </section>
    </SiteShell>
  );
}
