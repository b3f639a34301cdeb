import { sql, type ExpressionBuilder } from 'kysely';
import { boundedInt, DomainError, defineList, listFilter, type Database, type Db } from '@modules/shared/index.server';
import { addTeamUsers, createOrganisation, createTeam, updateOrganisation } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { LICENSE_FILTERS, type LicenseFilter } from './people-schemas';

/**
 * Organisations and their teams for the admin console (admin-console sections 2, 3, 7): the
 * organisation and team list, the organisation creator/editor, createTeam and quick join. Every change
 * is written with its audit record in one transaction.
 */
export const ORGANISATION_NOT_FOUND = 'Organisation not found.';
export const TEAM_NOT_FOUND = 'Team not found.';
export const TEAM_NOT_IN_ORGANISATION = 'This team does not belong to that organisation.';
export const NO_TEAMS_TO_JOIN = 'This organisation has no team to join yet.';

/** The licence filters (View All = no filter) on organisations.license_type (null and 0 are No License). */
export function licenseWhere<DB extends Database, TB extends keyof DB>(filter: LicenseFilter | undefined, column = 'organisations.license_type') {
  return (eb: ExpressionBuilder<DB, TB>) => {
    const ref = sql.ref<number | null>(column);
    switch (filter) {
      case 'full':
        return eb(ref, '=', 2);
      case 'trial':
        return eb(ref, '=', 1);
      case 'student':
        return eb(ref, '=', 3);
      case 'none':
        return eb.or([eb(ref, 'is', null), eb(ref, '=', 0)]);
      default:
        return sql<boolean>`true`;
    }
  };
}

/** The newest login among the organisation's members (index users (organisation_id, last_login_at)). */
const lastActivityOf = sql<Date | null>`(select max(u.last_login_at) from users u where u.organisation_id = organisations.id)`;

export const organisationsList = defineList({
  sorts: { created: 'organisations.created_at', name: 'organisations.name', lastActivity: 'last_activity_sort' },
  defaultSort: 'created',
  defaultDir: 'desc',
  tieBreak: 'organisations.id',
  // Searched in buildSearch below (ids, team names, team created dates); listed here so ?q= is kept.
  search: ['organisations.name'],
  filters: { license: listFilter.oneOf(LICENSE_FILTERS) },
  pageSize: 20,
});
export type OrganisationsQuery = ReturnType<typeof organisationsList.parse>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A date typed as YYYY-MM-DD or DD/MM/YY(YY) (the short format the list shows), else null. */
export function searchDate(q: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(q);
  if (m) return Number.isNaN(Date.parse(`${q}T00:00:00Z`)) ? null : q;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(q);
  if (!m) return null;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  const iso = `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? null : iso;
}

/** Organisation id or name, or a team's id, name or created date (admin-console s.2). */
function organisationSearch(q: string) {
  const pattern = `%${escapeLike(q)}%`;
  const id = boundedInt(q) ?? null;
  const day = searchDate(q);
  return (eb: ExpressionBuilder<Database, 'organisations'>) => {
    const teamMatch = eb.exists(
      eb
        .selectFrom('teams as t')
        .select(sql`1`.as('one'))
        .whereRef('t.organisation_id', '=', 'organisations.id')
        .where((tb) =>
          tb.or([
            tb('t.name', 'ilike', pattern),
            ...(id !== null ? [tb('t.id', '=', id)] : []),
            ...(day !== null ? [tb(sql`(t.created_at at time zone 'UTC')::date`, '=', day)] : []),
          ]),
        ),
    );
    return eb.or([eb('organisations.name', 'ilike', pattern), ...(id !== null ? [eb('organisations.id', '=', id)] : []), teamMatch]);
  };
}

export interface TeamRow {
  teamId: number;
  organisationId: number;
  name: string;
  createdAt: Date;
  isDisabled: boolean;
  memberCount: number;
}

export interface OrganisationRow {
  organisationId: number;
  name: string;
  licenseType: number | null;
  licenseExpiredAt: Date | null;
  createdAt: Date;
  lastActivity: Date | null;
  teams: TeamRow[];
}

/** The teams of some organisations with their member counts: one query for the whole page. */
export async function teamsOf(db: Db, organisationIds: number[]): Promise<TeamRow[]> {
  if (organisationIds.length === 0) return [];
  return db
    .selectFrom('teams')
    .select((eb) => [
      'teams.id as teamId',
      'teams.organisation_id as organisationId',
      'teams.name',
      'teams.created_at as createdAt',
      'teams.is_disabled as isDisabled',
      eb.selectFrom('team_users').select(sql<number>`count(*)::int`.as('n')).whereRef('team_users.team_id', '=', 'teams.id').as('memberCount'),
    ])
    .where('teams.organisation_id', 'in', organisationIds)
    .orderBy('teams.created_at', 'desc')
    .orderBy('teams.id', 'desc')
    .execute() as Promise<TeamRow[]>;
}

/** The organisation and team list: one page of organisations (URL state), each with its teams. */
export async function listOrganisationsWithTeams(db: Db, query: OrganisationsQuery) {
  let base = db
    .selectFrom('organisations')
    .select([
      'organisations.id as organisationId',
      'organisations.name',
      'organisations.license_type as licenseType',
      'organisations.license_expired_at as licenseExpiredAt',
      'organisations.created_at as createdAt',
      lastActivityOf.as('lastActivity'),
      sql<Date>`coalesce(${lastActivityOf}, '-infinity'::timestamptz)`.as('last_activity_sort'),
    ])
    .where(licenseWhere<Database, 'organisations'>(query.filters.license));
  if (query.q) base = base.where(organisationSearch(query.q));
  const page = await organisationsList.run(base, { ...query, q: '' });
  const teams = await teamsOf(
    db,
    page.rows.map((r) => r.organisationId),
  );
  const orgMatched = (o: { organisationId: number; name: string }) => !query.q || o.name.toLowerCase().includes(query.q.toLowerCase()) || boundedInt(query.q) === o.organisationId;
  const day = query.q ? searchDate(query.q) : null;
  const teamMatched = (t: TeamRow) =>
    t.name.toLowerCase().includes(query.q.toLowerCase()) || boundedInt(query.q) === t.teamId || (day !== null && t.createdAt.toISOString().slice(0, 10) === day);
  const rows: OrganisationRow[] = page.rows.map(({ last_activity_sort: _sort, ...o }) => {
    const own = teams.filter((t) => t.organisationId === o.organisationId);
    return { ...o, teams: orgMatched(o) ? own : own.filter(teamMatched) };
  });
  return { ...page, rows, query: { ...page.query, q: query.q } };
}

/**
 * /api/admin/getAllOrganisations: every organisation (name order) as admin-console s.3 names it
 * (licenseNotes, lastActivity: the newest login among its members) with its teams; two queries.
 */
export async function getAllOrganisations(db: Db) {
  const orgs = await db
    .selectFrom('organisations')
    .select([
      'organisations.id as organisationId',
      'organisations.name',
      'organisations.license_type as licenseType',
      'organisations.license_expired_at as licenseExpiredAt',
      'organisations.created_at as createdAt',
      'organisations.is_private_users as isPrivateUsers',
      'organisations.license_notes as licenseNotes',
      lastActivityOf.as('lastActivity'),
    ])
    .orderBy('organisations.name')
    .orderBy('organisations.id')
    .limit(10_000)
    .execute();
  const teams = await db
    .selectFrom('teams')
    .select(['teams.id as teamId', 'teams.organisation_id as organisationId', 'teams.name', 'teams.created_at as createdAt', 'teams.is_disabled as isDisabled'])
    .orderBy('teams.name')
    .limit(50_000)
    .execute();
  const byOrg = new Map<number, typeof teams>();
  for (const t of teams) byOrg.set(t.organisationId, [...(byOrg.get(t.organisationId) ?? []), t]);
  return orgs.map((o) => ({ ...o, teams: byOrg.get(o.organisationId) ?? [] }));
}

export interface OrganisationDetail {
  organisationId: number;
  name: string;
  isPrivateUsers: boolean;
  licenseType: number | null;
  licenseExpiredAt: Date | null;
  licenseNotes: string | null;
  createdAt: Date;
  lastActivity: Date | null;
  teams: TeamRow[];
}

/** The organisation editor and /api/admin/getOrganisationById; NotFound when missing. */
export async function getOrganisationById(db: Db, organisationId: number): Promise<OrganisationDetail> {
  const org = await db
    .selectFrom('organisations')
    .select([
      'organisations.id as organisationId',
      'organisations.name',
      'organisations.is_private_users as isPrivateUsers',
      'organisations.license_type as licenseType',
      'organisations.license_expired_at as licenseExpiredAt',
      'organisations.license_notes as licenseNotes',
      'organisations.created_at as createdAt',
      lastActivityOf.as('lastActivity'),
    ])
    .where('organisations.id', '=', organisationId)
    .executeTakeFirst();
  if (!org) throw new DomainError('not_found', ORGANISATION_NOT_FOUND);
  return { ...org, teams: await teamsOf(db, [organisationId]) };
}

export interface OrganisationInput {
  organisationId?: number | null;
  name: string;
  licenseType?: number | null;
  licenseExpiredAt?: Date | null;
  licenseNotes?: string | null;
  isPrivateUsers?: boolean;
}

const organisationState = (o: Omit<OrganisationInput, 'organisationId'>) => ({
  name: o.name,
  licenseType: o.licenseType ?? null,
  licenseExpiredAt: o.licenseExpiredAt ?? null,
  licenseNotes: o.licenseNotes ?? null,
  isPrivateUsers: o.isPrivateUsers ?? false,
});

/** Creates (no id) or updates an organisation; answers its id. */
export async function saveOrganisation(db: Db, actorId: number, input: OrganisationInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const after = organisationState(input);
    if (!input.organisationId) {
      const id = await createOrganisation(trx as unknown as Db, after);
      await recordAudit(trx, { actorId, action: 'organisation.create', entity: 'organisation', entityId: id, after });
      return id;
    }
    const before = await trx
      .selectFrom('organisations')
      .select(['name', 'license_type', 'license_expired_at', 'license_notes', 'is_private_users'])
      .where('id', '=', input.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new DomainError('not_found', ORGANISATION_NOT_FOUND);
    await updateOrganisation(trx, input.organisationId, {
      name: after.name,
      licenseType: after.licenseType,
      licenseExpiredAt: after.licenseExpiredAt,
      licenseNotes: after.licenseNotes,
      // Absent from a body: unchanged.
      isPrivateUsers: input.isPrivateUsers,
    });
    await recordAudit(trx, {
      actorId,
      action: 'organisation.update',
      entity: 'organisation',
      entityId: input.organisationId,
      before: organisationState({
        name: before.name,
        licenseType: before.license_type,
        licenseExpiredAt: before.license_expired_at,
        licenseNotes: before.license_notes,
        isPrivateUsers: before.is_private_users,
      }),
      after: { ...after, isPrivateUsers: input.isPrivateUsers ?? before.is_private_users },
    });
    return input.organisationId;
  });
}

/**
 * A new team in the organisation; answers its id. Runs in the caller's transaction when given one:
 * creating a team from the console also applies a preset (createTeamWithPreset, team-schedule.server.ts).
 */
export async function createTeamInOrganisation(db: Db, actorId: number, input: { organisationId: number; teamName: string }): Promise<number> {
  const run = async (trx: Db) => {
    const org = await trx.selectFrom('organisations').select('id').where('id', '=', input.organisationId).executeTakeFirst();
    if (!org) throw new DomainError('not_found', ORGANISATION_NOT_FOUND);
    const teamId = await createTeam(trx as unknown as Db, { organisationId: input.organisationId, name: input.teamName });
    await recordAudit(trx, { actorId, action: 'team.create', entity: 'team', entityId: teamId, after: { organisationId: input.organisationId, name: input.teamName } });
    return teamId;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function joinTeams(trx: Db, actorId: number, teamIds: number[], action: string) {
  // One insert for all the teams; a team the admin already belongs to keeps its row (and admin flag).
  await addTeamUsers(
    trx,
    teamIds.map((teamId) => ({ teamId, userId: actorId })),
    { ifMember: 'keep' },
  );
  await recordAudit(trx, { actorId, action, entity: 'team', entityId: teamIds.length === 1 ? teamIds[0] : null, after: { teamIds } });
}

/**
 * Quick join: the admin becomes a member of the team (or, with no team, of every enabled team of the
 * organisation) and the app opens on that team. Answers the team to open.
 */
export async function quickJoinOrganisation(db: Db, actorId: number, input: { organisationId: number; teamId?: number | null }) {
  return db.transaction().execute(async (trx) => {
    const teams = await trx
      .selectFrom('teams')
      .select(['id', 'organisation_id', 'is_disabled'])
      .where('organisation_id', '=', input.organisationId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1000)
      .execute();
    if (!(await trx.selectFrom('organisations').select('id').where('id', '=', input.organisationId).executeTakeFirst())) {
      throw new DomainError('not_found', ORGANISATION_NOT_FOUND);
    }
    let chosen = teams.filter((t) => !t.is_disabled);
    if (input.teamId) {
      const team = teams.find((t) => t.id === input.teamId);
      if (!team) throw new DomainError('invalid', TEAM_NOT_IN_ORGANISATION);
      chosen = [team];
    }
    if (chosen.length === 0) throw new DomainError('invalid', NO_TEAMS_TO_JOIN);
    await joinTeams(
      trx,
      actorId,
      chosen.map((t) => t.id),
      'organisation.quickJoin',
    );
    return { organisationId: input.organisationId, teamId: chosen[0]!.id, teamIds: chosen.map((t) => t.id) };
  });
}

export async function quickJoinTeam(db: Db, actorId: number, input: { teamId: number; organisationId?: number }) {
  return db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').select(['id', 'organisation_id']).where('id', '=', input.teamId).executeTakeFirst();
    if (!team) throw new DomainError('not_found', TEAM_NOT_FOUND);
    if (input.organisationId !== undefined && input.organisationId !== team.organisation_id) throw new DomainError('invalid', TEAM_NOT_IN_ORGANISATION);
    await joinTeams(trx, actorId, [team.id], 'team.quickJoin');
    return { organisationId: team.organisation_id, teamId: team.id, teamIds: [team.id] };
  });
}
