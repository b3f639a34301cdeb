/**
 * The admin console's screens (admin-console section 2). Until each screen lands as its own route,
 * admin.$.tsx renders a placeholder for these paths and a real 404 for anything else.
 */
export interface AdminScreen {
  pattern: RegExp;
  title: string;
}

const id = String.raw`\d{1,9}`;

export const ADMIN_SCREENS: AdminScreen[] = [
  { pattern: new RegExp(`^team-editor/${id}/settings/posts$`), title: 'Team posts' },
];

/** The screen a splat path (after '/admin/') names, or undefined for nonsense. */
export function adminScreenFor(splat: string | undefined): AdminScreen | undefined {
  const path = (splat ?? '').replace(/\/+$/, '');
  return ADMIN_SCREENS.find((s) => s.pattern.test(path));
}

/** Admin home (admin-console section 2): three sections of links. */
export const ADMIN_HOME_SECTIONS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'User management',
    links: [
      { to: '/admin/user-list', label: 'User list' },
      { to: '/admin/team-list', label: 'Organisation and team list' },
      { to: '/admin/organisation-creator', label: 'Create organisation' },
      { to: '/admin/audit-log', label: 'Audit log' },
    ],
  },
  {
    title: 'Site and content',
    links: [
      { to: '/admin/journey-list', label: 'Journey list' },
      { to: '/admin/activity-list', label: 'Activity list' },
      { to: '/admin/activity-editor', label: 'Create activity' },
      { to: '/admin/content-list', label: 'Content list' },
      { to: '/admin/content-editor', label: 'Create content' },
      { to: '/admin/notification-list', label: 'Notification list' },
    ],
  },
  {
    title: 'Team settings',
    links: [{ to: '/admin/team-presets', label: 'Pre-set team settings' }],
  },
];
