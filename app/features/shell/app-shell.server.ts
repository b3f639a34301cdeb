import { redirect, type AppLoadContext } from '@remix-run/node';
import { loadEnv } from '@modules/shared/index.server';
import { formatShortDate } from '../../utils/dates';
import { appHomePath, policy, type CurrentUser } from '@modules/identity/index.server';
import { isFeatureOn } from '../../utils/features';
import { TEAM_NEEDS } from '../../utils/team-access.server';

/**
 * The signed-in shell's data (learner-app section 2): the trial banner, the two counters and the
 * side navigation built from the user's organisation and enabled teams by the spec's role rules.
 */
export interface NavTeam {
  teamId: number;
  name: string;
  /** policy.canSeeTeamJourneys: the team has journeys, never for a student licence. */
  journeys: boolean;
  /** policy.canSeeTeamInsights: organisation admins of the team's organisation, product admins. */
  insights: boolean;
  /** policy.canSeeTeamPosts: whoever may administer the team (team, organisation and product admins). */
  posts: boolean;
}

export interface SideNav {
  /** Null for a user without an organisation: then only Explore and Activities show. */
  organisationName: string | null;
  teams: NavTeam[];
  feedback: boolean;
  /** The app home (appHomePath): the learner home, or the stories for a student licence (decision 272). */
  homePath: string;
  /** My journeys (/app/journeys): policy.canSeeJourneys, as the page's guard asks. */
  myJourneys: boolean;
}

export interface ShellData {
  user: { userId: number; fullName: string; firstName: string; lastName: string; isLedaAdmin: boolean; profilePhotoBlobId: string | null };
  /** Trial licence only: the expiry as DD/MM/YY, or null for 'Unlimited'. */
  trial: { expiresOn: string | null } | null;
  myActivitiesCount: number;
  unseenNotifications: number;
  nav: SideNav;
  supportEmail: string;
}

type TeamSummary = { teamId: number; name: string; organisationId: number; isTeamAdmin: boolean };

/** Pure: the side navigation for a user and their enabled teams. */
export function buildSideNav(user: CurrentUser, teams: TeamSummary[], opts = { feedback: isFeatureOn('feedback') }): SideNav {
  const p = user.userPermissions;
  // Home, My journeys, Search and Help (issue 25) ask what their pages' guards ask.
  const everyone = { homePath: appHomePath(user), myJourneys: policy.canSeeJourneys(user) };
  if (p.organisationId === null) return { organisationName: null, teams: [], feedback: false, ...everyone };
  // Each entry asks the same policy question as the page's guard (TEAM_NEEDS), so they never disagree.
  return {
    ...everyone,
    organisationName: p.organisationName,
    feedback: opts.feedback,
    teams: teams.map((t) => ({
      teamId: t.teamId,
      name: t.name,
      journeys: TEAM_NEEDS.journeys(user, t),
      insights: TEAM_NEEDS.insights(user, t),
      posts: TEAM_NEEDS.posts(user, t),
    })),
  };
}

export function trialBanner(user: CurrentUser): ShellData['trial'] {
  const p = user.userPermissions;
  if (!policy.seesTrialBanner(user)) return null;
  return { expiresOn: p.licenseExpiredAt ? formatShortDate(p.licenseExpiredAt) : null };
}

/** The enabled teams and the two counters (app/runtime/context.server.ts: with the session on a page read). */
export async function loadShell(context: AppLoadContext, user: CurrentUser): Promise<ShellData> {
  const [teams, { myActivitiesCount, unseenNotifications }] = await Promise.all([context.teams(), context.shellCounters()]);
  return {
    user: { userId: user.userId, fullName: user.fullName, firstName: user.firstName, lastName: user.lastName, isLedaAdmin: policy.canUseAdmin(user), profilePhotoBlobId: user.profilePhotoBlobId },
    trial: trialBanner(user),
    myActivitiesCount,
    unseenNotifications,
    nav: buildSideNav(user, teams),
    supportEmail: loadEnv().SUPPORT_EMAIL,
  };
}

/** /app (and /app/home for a student licence): the app home for this user, keeping the query string (public-site 2.3). */
export function redirectToAppHome(request: Request, user: CurrentUser): never {
  throw redirect(appHomePath(user) + new URL(request.url).search);
}
