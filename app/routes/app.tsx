import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { isRouteErrorResponse, Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { appHomePath } from '@modules/identity/index.server';
import { AppShell } from '~/components/app-shell';
import { InactivityReload } from '~/components/feed/inactivity-reload';
import { NotFoundPanel, SiteShell } from '~/components/site-shell';
import { loadShell } from '~/features/shell/app-shell.server';
import { recordAppVisit } from '~/features/shell/app-visits.server';
import { APP_LAYOUT_ROUTE_ID, appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import shellStylesHref from '~/styles/shell.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: shellStylesHref }];

/** Used only when a child has no meta of its own; children build theirs with appMeta (see utils/meta). */
export const meta = appMeta('');

/**
 * Layout for /app/*. Its loader guards (anonymous -> login with thenTo, blocked -> /license-expired,
 * under construction -> /under-construction) and loads the shell; every child guards itself too,
 * because Remix runs the loaders in parallel.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The shell's counters are asked with the guard, so a page read has them in the session's own
  // statement (app/runtime/context.server.ts); loadShell below finds them read.
  const [user] = await Promise.all([requireUser(request, context), context.shellCounters()]);
  // Every page change inside /app is a visit (retention, STATS, the weekly digest): see app-visits.server.
  const [shell] = await Promise.all([loadShell(context, user), recordAppVisit(request, user.userId)]);
  // homePath: where the inactivity reload runs (the learner home, or the stories for a student licence).
  return { ...shell, homePath: appHomePath(user) };
}

/**
 * The layout's loader runs again on every change of path (not only when Remix would revalidate it),
 * so a client navigation is one visit recorded on the server (decision 268) and the counters stay fresh.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function AppLayout() {
  const shell = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <AppShell shell={shell}>
      {pathname.replace(/\/+$/, '') === shell.homePath ? <InactivityReload /> : null}
      <Outlet />
    </AppShell>
  );
}

/** A child's error keeps the shell when the layout's own data loaded; otherwise the public frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>(APP_LAYOUT_ROUTE_ID);
  const body =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundPanel />
    ) : (
      <section className="page narrow center">
        <h1>Sorry, something went wrong.</h1>
        <p>We&apos;re sorry, something went wrong. Please wait a moment and try again.</p>
        <a className="button" href="/app">
          Back to the app
        </a>
      </section>
    );
  return shell ? <AppShell shell={shell}>{body}</AppShell> : <SiteShell>{body}</SiteShell>;
}
