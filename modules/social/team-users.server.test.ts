import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { makeTeam, makeUser } from '../../tests/support/factories';
import { listTeamUsers, teamAvatars } from './team-users.server';

/**
 * Team Information and the members list sort by team_users.sort_name (decision 310), which triggers keep
 * equal to the member's lower-cased full name: set when someone joins, changed when they are renamed.
 */
describe('team members by name', () => {
  it('shows the first admins and members by name with the counts, and follows a rename', async () => {
    const team = await makeTeam();
    const scope = { teamId: team.teamId, organisationId: team.organisationId };
    const make = (firstName: string, lastName: string, isTeamAdmin = false) =>
      makeUser({ firstName, lastName, organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin }] });
    const admin = await make('Zoe', 'Admin', true);
    await make('carla', 'Mendes');
    const bo = await make('Bo', 'Zed');
    await make('Anna', 'Berg');
    const viewer = (await getCurrentUser(getDb(), admin.userId))!;

    const first = await teamAvatars(getDb(), viewer, scope, 2);
    expect(first.admins).toEqual({ shown: [{ userId: admin.userId, fullName: 'Zoe Admin', profilePhotoBlobId: null }], total: 1 });
    expect(first.members.total).toBe(3);
    expect(first.members.shown.map((m) => m.fullName)).toEqual(['Anna Berg', 'Bo Zed']);

    await getDb().updateTable('users').set({ first_name: 'Xavier' }).where('id', '=', bo.userId).execute();
    const after = await teamAvatars(getDb(), viewer, scope, 2);
    expect(after.members.shown.map((m) => m.fullName)).toEqual(['Anna Berg', 'carla Mendes']);
    expect((await listTeamUsers(getDb(), viewer, scope)).map((u) => u.fullName)).toEqual(['Anna Berg', 'carla Mendes', 'Xavier Zed', 'Zoe Admin']);
  });

  it('answers zero of each for a team with nobody in a role', async () => {
    const team = await makeTeam();
    const admin = await makeUser({ organisationId: team.organisationId, isLedaAdmin: true });
    const viewer = (await getCurrentUser(getDb(), admin.userId))!;
    expect(await teamAvatars(getDb(), viewer, { teamId: team.teamId, organisationId: team.organisationId }, 6)).toEqual({
      admins: { shown: [], total: 0 },
      members: { shown: [], total: 0 },
    });
  });
});
