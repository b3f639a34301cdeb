import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { LegalPage } from '~/components/legal-page';
import { legalHtml } from '~/features/public-site/legal.server';
import { privacyNotice } from '@modules/admin/index.server';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Privacy policy | Leda' }];

/** /privacy-policy: public. The list of what is kept comes from the privacy registry (PRIVACY_RULES, issue 27 s.1). */
export async function loader() {
  return { html: await legalHtml('privacy-policy'), kept: privacyNotice() };
}

export default function PrivacyPolicyPage() {
  const { html, kept } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <LegalPage title="Privacy policy" html={html} other={{ to: '/terms-conditions', label: 'Terms and conditions' }}>
        <section className="prose legal-body" aria-labelledby="what-we-keep">
          <h2 id="what-we-keep">What we keep about you</h2>
          <p>
            Every kind of personal data Leda stores, why, and what happens to it when your account is erased. You can ask for your account to be
            erased in your settings (Erase my account); your organisation&rsquo;s admins can also erase it.
          </p>
          <ul className="privacy-kept">
            {kept.map((k) => (
              <li key={k.what}>
                <strong>{k.what}</strong>: {k.purpose}. <span className="privacy-erasure">On erasure: {k.onErasure}.</span>
              </li>
            ))}
          </ul>
        </section>
      </LegalPage>
    </SiteShell>
  );
}
