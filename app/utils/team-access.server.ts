import { redirect, type AppLoadContext } from '@remix-run/node';
import { appHomePath, policy, type CurrentUser, type PolicyUser, type TeamScope } from '@modules/identity/index.server';
import { boundedInt } from '@modules/shared/index.server';
import { requireUser } from './session.server';

/**
 * Guards for /app/team/{teamId}/*. Every team page needs membership of the (enabled) team:
 * anyone else goes to their first team's home (the team list when they have no team). Within the team each page asks the policy its question
 * (posts: canSeeTeamPosts, insights: canSeeTeamInsights, journeys: canSeeTeamJourneys); a member
 * lacking the right goes to the team home.
 */
export type TeamNeed = 'member' | 'admin' | 'posts' | 'insights' | 'journeys';

/** Which policy question each team page asks: the guards and the navigation share it. */
export const TEAM_NEEDS: Record<TeamNeed, (user: PolicyUser, team: TeamScope) => boolean> = {
  member: policy.canSeeTeam,
  admin: (user, team) => policy.canSeeTeam(user, team) && policy.canAdministerTeam(user, team),
  posts: policy.canSeeTeamPosts,
  insights: policy.canSeeTeamInsights,
  journeys: policy.canSeeTeamJourneys,
};

export interface TeamAccess {
  user: CurrentUser;
  team: { teamId: number; name: string; organisationId: number; isTeamAdmin: boolean };
}

/**
 * Where an unknown team goes. Learner spec 2: the team home (and members, posts) go to the user's first
 * team; the insights and journeys pages go "home", the app home (decision 255), and so does a member
 * the journeys page is not for (a student licence; a team without journeys, checked by the page).
 */
export type UnknownTeamTo = 'first-team' | 'app-home';

export async function requireTeamAccess(
  request: Request,
  context: AppLoadContext,
  teamIdParam: string | undefined,
  need: TeamNeed = 'member',
  unknownTeamTo: UnknownTeamTo = 'first-team',
): Promise<TeamAccess> {
  const user = await requireUser(request, context);
  const teamId = boundedInt(teamIdParam);
  const teams = await context.teams();
  const team = teamId === undefined ? undefined : teams.find((t) => t.teamId === teamId);
  if (!team) {
    if (unknownTeamTo === 'app-home') throw redirect(appHomePath(user));
    // The user's first team (the team list only when they have none).
    throw redirect(teams[0] ? `/app/team/${teams[0].teamId}` : '/app/team');
  }
  if (!TEAM_NEEDS[need](user, team)) throw redirect(need === 'journeys' ? appHomePath(user) : `/app/team/${teamId}`);
  return { user, team };
}
