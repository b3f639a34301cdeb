import { useLocation } from '@remix-run/react';
import { Tabs } from '~/components/ui';

const TABS = [
  { to: '/app/settings/profile', label: 'Profile' },
  { to: '/app/settings/notification', label: 'Notifications' },
  { to: '/app/settings/data', label: 'Your data' },
];

/**
 * The settings pages' tabs (learner-app s.2: profile settings and notification settings; issue 27: your data),
 * drawn with the design system's Tabs (issue 25 s.2). They wrap on a narrow screen.
 */
export function SettingsNav() {
  const { pathname } = useLocation();
  return <Tabs label="Settings" className="settings-nav" items={TABS.map((t) => ({ ...t, current: pathname === t.to || pathname.startsWith(`${t.to}/`) }))} />;
}
