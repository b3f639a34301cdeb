import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useParams } from '@remix-run/react';
import { NavLink } from '~/components/link';
import { requireProductAdmin } from '~/utils/session.server';

/** SETTINGS tab: the sub-tabs General (default), Journeys and Posts (admin-console section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return null;
}

export default function TeamSettingsLayout() {
  const { teamId } = useParams();
  const base = `/admin/team-editor/${teamId}/settings`;
  const subTabs = [
    { to: base, label: 'General', end: true },
    { to: `${base}/journeys`, label: 'Journeys', end: false },
    { to: `${base}/posts`, label: 'Posts', end: false },
  ];
  return (
    <div className="te-settings">
      <nav className="te-subtabs" aria-label="Team settings">
        <ul>
          {subTabs.map((t) => (
            <li key={t.label}>
              <NavLink to={t.to} end={t.end} prefetch="intent">
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
