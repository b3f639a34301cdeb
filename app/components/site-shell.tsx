import { useLocation, useRouteLoaderData } from '@remix-run/react';
import { Link, NavLink } from '~/components/link';
import type { LinksFunction } from '@remix-run/node';
import { useEffect, type ReactNode } from 'react';
import siteStylesHref from '~/styles/site.css';
import { BrandLink } from './brand';
import { DisclosureToggle } from './disclosure-toggle';

const closeMenu = (box: HTMLInputElement) => {
  box.checked = false;
};

type RootData = { user: { fullName: string; isLedaAdmin: boolean } | null; supportEmail: string } | undefined;

export const NOT_FOUND_MESSAGE = "Sorry, we couldn't find what you were looking for.";

/** Public routes add the site styles with `export const links = siteLinks`. */
export const siteLinks: LinksFunction = () => [{ rel: 'stylesheet', href: siteStylesHref }];

const NAV = [
  { to: '/how', label: 'How it works' },
  { to: '/platform', label: 'Platform' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/articles', label: 'Articles' },
  { to: '/contact', label: 'Contact' },
];

/**
 * The public site's header and footer (marketing pages, auth pages, 404). On small screens
 * the nav folds behind a menu button that is a checkbox + label, so it opens without JS;
 * with JS it is a button with aria-expanded that opens with Enter or Space and closes on every
 * page change (all modals close, public-site 2.3).
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData;
  const signedIn = Boolean(root?.user);
  return (
    <div className="site">
      {/* Layouts that do not export siteLinks (auth, the root error boundary) still get the shell's styles;
          where the route already linked it in <head> this is the same cached sheet. */}
      <link rel="stylesheet" href={siteStylesHref} />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <BrandLink />
          {/* hidden unless site.css is loaded (it shows them below 980px) */}
          <DisclosureToggle id="site-nav-toggle" className="nav-toggle" controls="site-nav" label="Menu" hidden closeOnNavigate={closeMenu} />
          <label htmlFor="site-nav-toggle" className="nav-toggle-label" hidden aria-hidden="true">
            <span className="nav-toggle-bars" aria-hidden="true" />
            <span className="nav-toggle-text">Menu</span>
          </label>
          <nav aria-label="Main" className="site-nav" id="site-nav">
            {NAV.map((n) => (
              <NavLink key={n.to} to={n.to} prefetch="intent" className={({ isActive }) => (isActive ? 'active' : undefined)}>
                {n.label}
              </NavLink>
            ))}
            {signedIn ? (
              <Link to="/app" className="button small primary">
                Go to app
              </Link>
            ) : (
              <>
                <Link to="/auth/login" className="nav-login">
                  Log in
                </Link>
                <Link to="/try-for-free" className="button small primary">
                  Try for free
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter signedIn={signedIn} supportEmail={root?.supportEmail ?? 'hello@leda.example'} />
      <PageViewBeacon />
    </div>
  );
}

/** Footer: copyright, contact mail link, privacy policy, and Log out when signed in. */
export function SiteFooter({ signedIn, supportEmail }: { signedIn: boolean; supportEmail: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-brand">
          <BrandLink />
          <p>Leadership and soft skills, learned together by the people you work with.</p>
        </div>
        <nav aria-label="Footer" className="footer-links">
          <div>
            <h2>Product</h2>
            <Link to="/how">How it works</Link>
            <Link to="/platform">Platform tour</Link>
            <Link to="/pricing">Pricing</Link>
            <Link to="/try-for-free">Try for free</Link>
          </div>
          <div>
            <h2>Learn</h2>
            <Link to="/articles">Articles</Link>
            <Link to="/contact">Contact us</Link>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </div>
          <div>
            <h2>Legal</h2>
            <Link to="/privacy-policy">Privacy policy</Link>
            <Link to="/terms-conditions">Terms and conditions</Link>
            <Link to="/unsubscribe">Unsubscribe</Link>
          </div>
        </nav>
      </div>
      <div className="site-footer-base">
        <span>© {new Date().getFullYear()} Leda Learning Pty Ltd. Melbourne, Australia.</span>
        {signedIn ? (
          <form method="post" action="/auth/logout" className="inline-form">
            <button type="submit" className="link-button">
              Log out
            </button>
          </form>
        ) : null}
      </div>
    </footer>
  );
}

export function NotFoundPanel() {
  return (
    <section className="page narrow center not-found">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>{NOT_FOUND_MESSAGE}</p>
      <Link className="button primary" to="/">
        Back to home
      </Link>
    </section>
  );
}

const ANON_KEY = 'anonymous-id';
let lastTracked: string | null = null;

function anonymousId(): string | null {
  try {
    let id = window.localStorage.getItem(ANON_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.localStorage.setItem(ANON_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * JS on only: one POST to /api/public/p per page change (the server adds the category and,
 * from the session cookie, the user). Fire and forget; failures are ignored.
 */
function PageViewBeacon() {
  const location = useLocation();
  useEffect(() => {
    const key = `${location.key}:${location.pathname}${location.search}`;
    if (lastTracked === key) return;
    lastTracked = key;
    const q = new URLSearchParams(location.search);
    const body = JSON.stringify({
      url: window.location.href.slice(0, 2000),
      path: location.pathname.slice(0, 2000),
      cid: anonymousId(),
      referrer: document.referrer ? document.referrer.slice(0, 2000) : null,
      redirectedFrom: q.get('redirectedFrom')?.slice(0, 2000) ?? null,
      language: navigator.language?.slice(0, 35) ?? null,
      utmSource: q.get('utm_source')?.slice(0, 250) ?? null,
      utmMedium: q.get('utm_medium')?.slice(0, 250) ?? null,
      utmCampaign: q.get('utm_campaign')?.slice(0, 250) ?? null,
      utmTerm: q.get('utm_term')?.slice(0, 250) ?? null,
      utmContent: q.get('utm_content')?.slice(0, 250) ?? null,
      name: document.title.slice(0, 500),
    });
    void fetch('/api/public/p', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  }, [location.key, location.pathname, location.search]);
  return null;
}
