import { Outlet } from '@remix-run/react';
import { SiteShell } from '~/components/site-shell';

/** Layout for /auth/*: the site header and footer around a centred card. Each child guards itself. */
export default function AuthLayout() {
  return (
    <SiteShell>
      <div className="auth-page">
        <Outlet />
      </div>
    </SiteShell>
  );
}
