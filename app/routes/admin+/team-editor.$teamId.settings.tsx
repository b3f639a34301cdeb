import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLocation, useParams } from '@remix-run/react';
import { Tabs } from '~/components/ui';
import { requireProductAdmin } from '~/utils/session.server';

/** SETTINGS tab: the sub-tabs General (default), Journeys and Posts (admin-console section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return null;
}

export default function TeamSettingsLayout() {
  const { teamId } = useParams();
  const { pathname } = useLocation();
  const base = `/admin/team-editor/${teamId}/settings`;
  const path = pathname.replace(/\/+$/, '');
  const subTabs = [
    { to: base, label: 'General', current: path === base },
    { to: `${base}/journeys`, label: 'Journeys', current: path.startsWith(`${base}/journeys`) },
    { to: `${base}/posts`, label: 'Posts', current: path.startsWith(`${base}/posts`) },
  ];
  return (
    <div className="te-settings">
      <Tabs label="Team settings" pills items={subTabs} className="te-subtabs" />
      <Outlet />
    </div>
  );
}
