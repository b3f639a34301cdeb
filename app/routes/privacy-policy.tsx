import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { LegalPage } from '~/components/legal-page';
import { legalHtml } from '~/utils/legal.server';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Privacy policy | Leda' }];

/** /privacy-policy: public. */
export async function loader() {
  return { html: await legalHtml('privacy-policy') };
}

export default function PrivacyPolicyPage() {
  const { html } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <LegalPage title="Privacy policy" html={html} other={{ to: '/terms-conditions', label: 'Terms and conditions' }} />
    </SiteShell>
  );
}
