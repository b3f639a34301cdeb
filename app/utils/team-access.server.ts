import { redirect } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { canAdministerTeam, listUserTeams, type CurrentUser } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { requireUser } from './session.server';

/**
 * Guards for /app/team/{teamId}/*. Every team page needs membership of the (enabled) team:
 * anyone else goes to the team list. Within the team: posts need canAdministerTeam, insights
 * an organisation admin of the team's organisation (or a product admin), journeys a team
 * that has journeys and a licence that shows them; lacking those, the member goes to the team home.
 */
export type TeamNeed = 'member' | 'admin' | 'insights' | 'journeys';

export interface TeamAccess {
  user: CurrentUser;
  team: { teamId: number; name: string; organisationId: number; isTeamAdmin: boolean };
}

export function parseTeamId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function canSeeInsights(user: CurrentUser, team: { organisationId: number }) {
  const p = user.userPermissions;
  return p.isLedaAdmin || (p.isOrganisationAdmin && p.organisationId === team.organisationId);
}

export function teamHasJourneys(user: CurrentUser, teamId: number) {
  const p = user.userPermissions;
  if (p.licenseType === LicenseType.Student) return false;
  return p.teams.some((t) => t.teamId === teamId && t.teamJourneys.length > 0);
}

export async function requireTeamAccess(request: Request, teamIdParam: string | undefined, need: TeamNeed = 'member'): Promise<TeamAccess> {
  const user = await requireUser(request);
  const teamId = parseTeamId(teamIdParam);
  if (teamId === null) throw redirect('/app/team');
  const team = (await listUserTeams(getDb(), user.userId)).find((t) => t.teamId === teamId);
  if (!team) throw redirect('/app/team');
  const home = `/app/team/${teamId}`;
  if (need === 'admin' && !canAdministerTeam(user, team)) throw redirect(home);
  if (need === 'insights' && !canSeeInsights(user, team)) throw redirect(home);
  if (need === 'journeys' && !teamHasJourneys(user, teamId)) throw redirect(home);
  return { user, team };
}
