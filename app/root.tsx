import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { loadEnv } from '@modules/shared/index.server';
import { followThenTo, getOptionalUser } from './utils/session.server';
import { useNonce } from './utils/nonce';
import { NotFoundPanel, SiteShell } from './components/site-shell';
import { HashScroll } from './components/hash-scroll';
import tokensHref from './styles/tokens.css';
import stylesHref from './styles/app.css';
import uiStylesHref from './styles/ui.css';
import { TIME_ZONE_SCRIPT } from './components/when';
import { timeZoneFromCookie } from './utils/dates';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tokensHref },
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'stylesheet', href: uiStylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Only used when an error reaches the root boundary (e.g. a missing article's 404): the page still
 * gets a title. Every route sets its own title otherwise.
 */
export const meta: MetaFunction = ({ error }) =>
  error ? [{ title: isRouteErrorResponse(error) && error.status === 404 ? 'Page not found | Leda' : 'Something went wrong | Leda' }] : [];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await followThenTo(request, context);
  const user = await getOptionalUser(request, context);
  return {
    appEnv: loadEnv().APP_ENV,
    // The viewer's clock for <When> (decision 279): the browser's zone from the tz cookie, and now.
    timeZone: timeZoneFromCookie(request.headers.get('cookie')),
    now: new Date().toISOString(),
    supportEmail: loadEnv().SUPPORT_EMAIL,
    user: user
      ? { userId: user.userId, fullName: user.fullName, firstName: user.firstName, isLedaAdmin: user.isLedaAdmin }
      : null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const useRootData = () => useRouteLoaderData<typeof loader>('root');

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Set once the whole document has hydrated (effects run after the commit): styles and the browser
  // suite can tell a page whose links and buttons are live from one still hydrating.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: TIME_ZONE_SCRIPT }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <HashScroll />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A 400 from a loader (a malformed ?offset=, say) says what was wrong: queryInt in app/utils/route-params.server.ts.
  const badRequest = isRouteErrorResponse(error) && error.status === 400 ? (error.data as { message?: unknown } | null)?.message : undefined;
  return (
    <SiteShell>
      {notFound ? (
        <NotFoundPanel />
      ) : typeof badRequest === 'string' ? (
        <section className="page narrow center">
          <h1>This address is not valid.</h1>
          <p>{badRequest}</p>
          <a className="button" href="/">
            Back to home
          </a>
        </section>
      ) : (
        <section className="page narrow center">
          <h1>Sorry, something went wrong.</h1>
          <p>We&apos;re sorry, something went wrong. Please wait a moment and try again.</p>
          <a className="button" href="/">
            Back to home
          </a>
        </section>
      )}
    </SiteShell>
  );
}
