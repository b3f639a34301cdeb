/** The admin console's screens (admin-console section 2): each has its own route; this is the home's index of them. */

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
      { to: '/admin/design', label: 'Design system' },
    ],
  },
  {
    title: 'Team settings',
    links: [{ to: '/admin/team-presets', label: 'Pre-set team settings' }],
  },
];
