import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useRouteLoaderData } from '@remix-run/react';

type RootData = { user: { fullName: string; isLedaAdmin: boolean } | null; supportEmail: string } | undefined;

export const NOT_FOUND_MESSAGE = "Sorry, we couldn't find what you were looking for.";

/** The public site's header and footer (marketing pages, auth pages, 404). */
export function SiteShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData;
  const signedIn = Boolean(root?.user);
  return (
    <div className="site">
      <header className="site-header">
        <Link to="/" className="brand" aria-label="Leda home">
          <span className="brand-mark" aria-hidden="true" />
          Leda
        </Link>
        <nav aria-label="Main" className="site-nav">
          <Link to="/how">How it works</Link>
          <Link to="/platform">Platform</Link>
          <Link to="/pricing">Pricing</Link>
          <Link to="/articles">Articles</Link>
          <Link to="/contact">Contact</Link>
          {signedIn ? (
            <Link to="/app" className="button small">
              Go to app
            </Link>
          ) : (
            <Link to="/auth/login" className="button small">
              Log in
            </Link>
          )}
        </nav>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter signedIn={signedIn} supportEmail={root?.supportEmail ?? 'hello@leda.example'} />
    </div>
  );
}

/** Footer: copyright, contact mail link, privacy policy, and Log out when signed in. */
export function SiteFooter({ signedIn, supportEmail }: { signedIn: boolean; supportEmail: string }) {
  return (
    <footer className="site-footer">
      <span>© {new Date().getFullYear()} Leda Learning Pty Ltd</span>
      <a href={`mailto:${supportEmail}`}>Contact us</a>
      <Link to="/privacy-policy">Privacy policy</Link>
      <Link to="/terms-conditions">Terms and conditions</Link>
      {signedIn ? (
        <form method="post" action="/auth/logout" className="inline-form">
          <button type="submit" className="link-button">
            Log out
          </button>
        </form>
      ) : null}
    </footer>
  );
}

export function NotFoundPanel() {
  return (
    <section className="page narrow center">
      <h1>Page not found</h1>
      <p>{NOT_FOUND_MESSAGE}</p>
      <Link className="button" to="/">
        Back to home
      </Link>
    </section>
  );
}
