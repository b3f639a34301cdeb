import { useLocation } from '@remix-run/react';
import { Link, NavLink } from '~/components/link';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { NavTeam, ShellData } from '~/features/shell/app-shell.server';
import { BrandLink } from './brand';
import { Avatar } from './ui/avatar';
import { useFocusAfterAction } from './ui/focus';
import { DisclosureToggle } from './disclosure-toggle';
import { NotificationBell } from './feed/notification-bell';

const NARROW = '(max-width: 979.98px)';
/** Below 980px the navigation is a drawer that a tick opens; wider, it is a column that a tick collapses. */
const navOpenWhenChecked = () => window.matchMedia(NARROW).matches;
const closeNavDrawer = (box: HTMLInputElement) => {
  if (window.matchMedia(NARROW).matches) box.checked = false;
};

/**
 * The signed-in shell (learner-app section 2): a sticky header (brand, trial banner, My Activities
 * and notifications counters, profile menu), a collapsible side navigation, the page and a footer.
 * Everything works with JavaScript off: the side navigation is a checkbox toggle (a drawer below
 * 980px, collapsible above) and the profile menu is a <details>. With JS, the toggle is a
 * button with aria-expanded that opens with Enter or Space, the profile menu closes on Escape,
 * and the drawer and the profile menu close on every page change.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const location = useLocation();
  const profile = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (profile.current) profile.current.open = false;
  }, [location.key]);
  // After a form post, focus the page's status message or heading, not <body> (decision 334).
  useFocusAfterAction('main');
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DisclosureToggle
        id="app-nav-toggle"
        className="app-nav-toggle"
        controls="app-nav"
        label="Menu: show or hide the navigation"
        openWhenChecked={navOpenWhenChecked}
        closeOnNavigate={closeNavDrawer}
      />
      <header className="app-header">
        <div className="app-header-row">
          <label htmlFor="app-nav-toggle" className="app-nav-button" title="Show or hide the navigation" aria-hidden="true">
            <span className="app-nav-bars" aria-hidden="true" />
            <span className="app-nav-button-text">Menu</span>
          </label>
          <BrandLink to="/app" label="Leda app home" />
          {shell.trial ? <TrialBanner expiresOn={shell.trial.expiresOn} /> : null}
          <div className="app-header-tools">
            <Counter to="/app/activities" label="My Activities" count={shell.myActivitiesCount} hint="not completed" icon={<ChecklistIcon />} />
            <NotificationBell initialCount={shell.unseenNotifications}>
              {(count) => <Counter to="/app/notifications" label="Notifications" count={count} hint="unseen" icon={<BellIcon />} />}
            </NotificationBell>
            <ProfileMenu detailsRef={profile} shell={shell} />
          </div>
        </div>
      </header>
      <div className="app-body">
        <SideNav nav={shell.nav} />
        <label htmlFor="app-nav-toggle" className="app-nav-scrim" aria-hidden="true" />
        <main id="main" className="app-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <AppFooter supportEmail={shell.supportEmail} />
    </div>
  );
}

export function TrialBanner({ expiresOn }: { expiresOn: string | null }) {
  return (
    <p className="trial-banner" role="note">
      <span className="trial-banner-text">{expiresOn ? `Your trial expires on ${expiresOn}` : 'Unlimited'}</span>
      <Link to="/platform">Platform tour</Link>
      <Link to="/how#journeys-strip">Journeys</Link>
    </p>
  );
}

const ChecklistIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M9 6h11M9 12h11M9 18h11M3.5 6l1.5 1.5L7.5 5M3.5 12l1.5 1.5 2.5-2.5M3.5 18l1.5 1.5 2.5-2.5" />
  </svg>
);

const BellIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/**
 * A header counter. Its accessible name is its visible text plus a hidden explanation
 * ('My Activities 3 not completed'), so it contains what a speech-input user reads on screen.
 */
function Counter({ to, label, count, hint, icon }: { to: string; label: string; count: number; hint: string; icon: ReactNode }) {
  const shown = count > 99 ? '99+' : String(count);
  return (
    <NavLink to={to} className={({ isActive }) => `app-counter${isActive ? ' active' : ''}`} title={label}>
      <span className="app-counter-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="app-counter-label">{label}</span>
      <span className="visually-hidden"> </span>
      <span className={`app-counter-badge${count > 0 ? ' has-items' : ''}`}>{shown}</span>
      <span className="visually-hidden">{` ${hint}`}</span>
    </NavLink>
  );
}

function initials(user: ShellData['user']) {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** Escape closes an open profile menu and gives the focus back to its summary. */
function closeOnEscape(e: KeyboardEvent<HTMLDetailsElement>) {
  if (e.key !== 'Escape' || !e.currentTarget.open) return;
  e.currentTarget.open = false;
  e.currentTarget.querySelector('summary')?.focus();
}

/**
 * The profile menu: a <details>, so it opens and closes without JavaScript. Its summary's name is
 * its visible text (the first name) followed by a hidden 'profile menu for <full name>'.
 */
function ProfileMenu({ shell, detailsRef }: { shell: ShellData; detailsRef: RefObject<HTMLDetailsElement> }) {
  return (
    <details className="profile-menu" ref={detailsRef} onKeyDown={closeOnEscape}>
      <summary>
        {/* The photo once uploaded (a new photo is a new URL, so the header shows it after the upload's reload). */}
        {shell.user.profilePhotoBlobId ? (
          <Avatar user={shell.user} size="xsmall" decorative />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initials(shell.user)}
          </span>
        )}
        <span className="profile-menu-name">{shell.user.firstName}</span>
        <span className="visually-hidden">{` profile menu for ${shell.user.fullName}`}</span>
      </summary>
      <ul className="profile-menu-list">
        <li>
          <Link to="/app/profile">My profile</Link>
        </li>
        <li>
          <Link to="/app/settings">Settings</Link>
        </li>
        <li>
          <a href={`mailto:${shell.supportEmail}`}>Support</a>
        </li>
        {shell.user.isLedaAdmin ? (
          <li>
            <Link to="/admin" reloadDocument>
              Admin console
            </Link>
          </li>
        ) : null}
        <li>
          <form method="post" action="/auth/logout">
            <button type="submit" className="link-button">
              Log out
            </button>
          </form>
        </li>
      </ul>
    </details>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : undefined);

/** One link of the side nav, marked active on its page. */
function NavItem({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <NavLink to={to} className={navClass}>
        {label}
      </NavLink>
    </li>
  );
}

/** A side nav section whose heading is itself a link (Activities, Feedback, Explore), with its links below. */
function NavSection({ id, to, end, label, children }: { id: string; to: string; end?: boolean; label: string; children?: ReactNode }) {
  return (
    <section className="app-nav-section" aria-labelledby={id}>
      <h2 id={id} className="app-nav-heading">
        <NavLink to={to} end={end} className={navClass}>
          {label}
        </NavLink>
      </h2>
      {children}
    </section>
  );
}

function TeamEntry({ team }: { team: NavTeam }) {
  const base = `/app/team/${team.teamId}`;
  return (
    <li className="app-nav-team">
      <NavLink to={base} end className={({ isActive }) => `app-nav-team-name${isActive ? ' active' : ''}`}>
        {team.name}
      </NavLink>
      <ul>
        {team.journeys ? <NavItem to={`${base}/journeys`} label="Journeys" /> : null}
        <NavItem to={`${base}/members`} label="Members" />
        {team.insights ? <NavItem to={`${base}/insights`} label="Insights" /> : null}
        {team.posts ? <NavItem to={`${base}/posts`} label="Posts" /> : null}
      </ul>
    </li>
  );
}

export function SideNav({ nav }: { nav: ShellData['nav'] }) {
  return (
    <nav id="app-nav" className="app-nav" aria-label="App">
      <NavSection id="app-nav-home" to={nav.homePath} end label="Home">
        <ul>
          {nav.myJourneys ? <NavItem to="/app/journeys" label="My journeys" /> : null}
          <NavItem to="/app/search" label="Search" />
        </ul>
      </NavSection>
      {nav.organisationName !== null ? (
        <section className="app-nav-section" aria-labelledby="app-nav-organisation">
          <h2 id="app-nav-organisation" className="app-nav-heading">
            {nav.organisationName}
          </h2>
          {nav.teams.length ? (
            <ul className="app-nav-teams">
              {nav.teams.map((t) => (
                <TeamEntry key={t.teamId} team={t} />
              ))}
            </ul>
          ) : (
            <p className="app-nav-empty">No teams yet.</p>
          )}
        </section>
      ) : null}
      <NavSection id="app-nav-activities" to="/app/activities" end label="Activities">
        <ul>
          <NavItem to="/app/activities/completed-activities" label="Completed Activities" />
        </ul>
      </NavSection>
      {nav.feedback ? <NavSection id="app-nav-feedback" to="/app/feedback" label="Feedback" /> : null}
      <NavSection id="app-nav-explore" to="/app/explore" end label="Explore">
        <ul>
          <NavItem to="/app/explore/skill" label="Skills" />
          <NavItem to="/app/explore/story" label="Stories" />
          <NavItem to="/app/explore/games" label="Games" />
          <NavItem to="/app/explore/assessments" label="Assessments" />
        </ul>
      </NavSection>
      <NavSection id="app-nav-help" to="/app/help" label="Help" />
    </nav>
  );
}

export function AppFooter({ supportEmail }: { supportEmail: string }) {
  return (
    <footer className="app-footer">
      <span>© {new Date().getFullYear()} Leda Learning Pty Ltd</span>
      <a href={`mailto:${supportEmail}`}>Contact us</a>
      <Link to="/privacy-policy">Privacy policy</Link>
      <form method="post" action="/auth/logout" className="inline-form">
        <button type="submit" className="link-button">
          Log out
        </button>
      </form>
    </footer>
  );
}
