import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { loadEnv } from '@modules/shared/index.server';
import { HandleBreadcrumbs, type BreadcrumbHandle } from '~/components/breadcrumbs';
import { NotFoundPanel } from '~/components/site-shell';
import { requireProductAdmin } from '~/utils/session.server';
import adminStylesHref from '~/styles/admin.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStylesHref }];
export const meta: MetaFunction = () => [{ title: 'Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Admin', to: '/admin' }) };

/** Layout for /admin/*: product admins only (everyone else, anonymous included, goes to '/'). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return { appEnv: loadEnv().APP_ENV };
}

export const ADMIN_ENV_WARNING = (env: string) => `This is a ${env} environment: real users will not receive changes.`;

function AdminFrame({ appEnv, children }: { appEnv: string | null; children: ReactNode }) {
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <Link to="/admin" className="admin-title">
          Leda Admin
        </Link>
        <nav aria-label="Admin" className="admin-header-nav">
          <Link to="/admin">Admin home</Link>
          <Link to="/">Main site</Link>
        </nav>
      </header>
      {appEnv && appEnv !== 'production' ? (
        <p className="admin-env-warning" role="note">
          {ADMIN_ENV_WARNING(appEnv)}
        </p>
      ) : null}
      <main id="main" className="admin-main" tabIndex={-1}>
        <HandleBreadcrumbs className="breadcrumbs admin-breadcrumbs" />
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout() {
  const data = useRouteLoaderData<typeof loader>('routes/admin');
  return (
    <AdminFrame appEnv={data?.appEnv ?? null}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('routes/admin');
  return (
    <AdminFrame appEnv={data?.appEnv ?? null}>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPanel />
      ) : (
        <section className="page narrow center">
          <h1>Sorry, something went wrong.</h1>
          <p>We&apos;re sorry, something went wrong. Please wait a moment and try again.</p>
        </section>
      )}
    </AdminFrame>
  );
}
