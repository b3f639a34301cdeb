import { NavLink } from '~/components/link';

/** The settings pages' tabs (learner-app s.2: profile settings and notification settings; issue 27: your data). They wrap on a narrow screen. */
export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="settings-nav">
      <ul>
        <li>
          <NavLink to="/app/settings/profile">Profile</NavLink>
        </li>
        <li>
          <NavLink to="/app/settings/notification">Notifications</NavLink>
        </li>
        <li>
          <NavLink to="/app/settings/data">Your data</NavLink>
        </li>
      </ul>
    </nav>
  );
}
