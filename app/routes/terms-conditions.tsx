import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { LegalPage } from '~/components/legal-page';
import { legalHtml } from '~/features/public-site/legal.server';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Terms and conditions | Leda' }];

/** /terms-conditions: public. */
export async function loader() {
  return { html: await legalHtml('terms-conditions') };
}

export default function TermsPage() {
  const { html } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <LegalPage title="Terms and conditions" html={html} other={{ to: '/privacy-policy', label: 'Privacy policy' }} />
    </SiteShell>
  );
}
