import { sql } from 'kysely';
import { DomainError, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser, type TeamScope } from '@modules/identity/index.server';
import { BREAK_JOURNEY_ID } from './rules';

/**
 * Team insights on journey progress (learner-app s.2 insights, admin-console STATS; decision 190):
 * per journey of the team's schedule (breaks left out), how many of the team's current members
 * completed it, have it in progress (started, not completed) and have not started it. Counted in
 * SQL: one query whatever the team's size.
 */
export const PROGRESS_STATUSES = ['completed', 'inProgress', 'notStarted'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];
export const PROGRESS_STATUS_LABEL: Record<ProgressStatus, string> = { completed: 'Completed', inProgress: 'In progress', notStarted: 'Not started' };
/** The drill-down lists at most this many users (and says how many there are). */
export const SEGMENT_USERS_LIMIT = 200;
export const TEAM_NOT_FOUND = 'Team not found.';

export interface JourneyProgress {
  journeyId: number;
  name: string;
  completed: number;
  inProgress: number;
  notStarted: number;
}

export interface InsightsTeam extends TeamScope {
  name: string;
}

/** The (enabled) team, or a 404 domain error. */
export async function findInsightsTeam(db: Db, teamId: number): Promise<InsightsTeam> {
  const t = await db.selectFrom('teams').select(['id', 'organisation_id', 'name']).where('id', '=', teamId).where('is_disabled', '=', false).executeTakeFirst();
  if (!t) throw new DomainError('not_found', TEAM_NOT_FOUND);
  return { teamId: t.id, organisationId: t.organisation_id, name: t.name };
}

/** The /api guard: the team exists (404) and the user may view its insights (403). */
export async function requireTeamInsights(db: Db, user: PolicyUser, teamId: number): Promise<InsightsTeam> {
  const team = await findInsightsTeam(db, teamId);
  if (!policy.canViewTeamInsights(user, team)) throw new DomainError('forbidden', 'You do not have permission to do that.');
  return team;
}

const scheduled = (db: Db, teamId: number) =>
  db
    .selectFrom('team_journeys as tj')
    .innerJoin('journeys as j', 'j.id', 'tj.journey_id')
    .where('tj.team_id', '=', teamId)
    .where('tj.break_label', 'is', null)
    .where('tj.journey_id', '<>', BREAK_JOURNEY_ID);

export async function getTeamJourneyProgress(db: Db, teamId: number): Promise<JourneyProgress[]> {
  const rows = await scheduled(db, teamId)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('team_users as tu')
          .innerJoin('user_journeys as uj', 'uj.user_id', 'tu.user_id')
          .select([
            'uj.journey_id',
            sql<number>`count(*) filter (where uj.completed_at is not null)::int`.as('completed'),
            sql<number>`count(*) filter (where uj.completed_at is null)::int`.as('in_progress'),
          ])
          .where('tu.team_id', '=', teamId)
          .groupBy('uj.journey_id')
          .as('s'),
      (join) => join.onRef('s.journey_id', '=', 'tj.journey_id'),
    )
    .select([
      'tj.journey_id as journeyId',
      'j.name',
      sql<number>`coalesce(s.completed, 0)`.as('completed'),
      sql<number>`coalesce(s.in_progress, 0)`.as('inProgress'),
      sql<number>`(select count(*) from team_users m where m.team_id = ${teamId})::int - coalesce(s.completed, 0) - coalesce(s.in_progress, 0)`.as('notStarted'),
    ])
    .orderBy('tj.ordinal')
    .orderBy('tj.id')
    .execute();
  // One row per journey even if a schedule names it twice.
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.journeyId) && seen.add(r.journeyId));
}

export interface SegmentUser {
  userId: number;
  fullName: string;
  jobTitle: string | null;
}

export interface Segment {
  journeyId: number;
  journeyName: string;
  status: ProgressStatus;
  total: number;
  users: SegmentUser[];
}

/** The drill-down: the team's members in one status of one of its journeys, by name; null when the journey is not on the team's schedule. */
export async function getProgressSegment(db: Db, teamId: number, journeyId: number, status: ProgressStatus): Promise<Segment | null> {
  const journey = await scheduled(db, teamId).select(['j.id', 'j.name']).where('tj.journey_id', '=', journeyId).executeTakeFirst();
  if (!journey) return null;
  const rows = await db
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .leftJoin('user_journeys as uj', (join) => join.onRef('uj.user_id', '=', 'tu.user_id').on('uj.journey_id', '=', journeyId))
    .select(['u.id as userId', sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('fullName'), 'u.job_title as jobTitle', sql<number>`count(*) over ()::int`.as('total')])
    .where('tu.team_id', '=', teamId)
    .where((eb) =>
      status === 'notStarted' ? eb('uj.id', 'is', null) : status === 'completed' ? eb('uj.completed_at', 'is not', null) : eb.and([eb('uj.id', 'is not', null), eb('uj.completed_at', 'is', null)]),
    )
    .orderBy(sql`lower(trim(u.first_name || ' ' || u.last_name))`)
    .orderBy('u.id')
    .limit(SEGMENT_USERS_LIMIT)
    .execute();
  return {
    journeyId,
    journeyName: journey.name,
    status,
    total: rows[0]?.total ?? 0,
    users: rows.map(({ userId, fullName, jobTitle }) => ({ userId, fullName, jobTitle })),
  };
}

/** `?segment=4:completed` (the drill-down's URL, with and without JS) → its parts, or null. */
export function parseSegmentParam(value: string | null): { journeyId: number; status: ProgressStatus } | null {
  const m = /^(\d{1,9}):(completed|inProgress|notStarted)$/.exec(value ?? '');
  if (!m) return null;
  return { journeyId: Number(m[1]), status: m[2] as ProgressStatus };
}

/** /api/insight/getTeamJourneyProgressRawData: the team's members and their user journeys of the team's journeys. */
export async function getTeamJourneyProgressRawData(db: Db, teamId: number) {
  const [users, userJourneys] = await Promise.all([
    db
      .selectFrom('team_users as tu')
      .innerJoin('users as u', 'u.id', 'tu.user_id')
      .select(['u.id as userId', 'u.first_name as firstName', 'u.last_name as lastName', 'u.job_title as jobTitle', 'tu.is_team_admin as isTeamAdmin'])
      .where('tu.team_id', '=', teamId)
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('team_users as tu')
      .innerJoin('user_journeys as uj', 'uj.user_id', 'tu.user_id')
      .select(['uj.id as userJourneyId', 'uj.user_id as userId', 'uj.journey_id as journeyId', 'uj.created_at as createdAt', 'uj.completed_at as completedAt'])
      .where('tu.team_id', '=', teamId)
      .where('uj.journey_id', 'in', scheduled(db, teamId).select('tj.journey_id'))
      .orderBy('uj.id')
      .execute(),
  ]);
  return {
    users,
    userJourneys: userJourneys.map((uj) => ({
      ...uj,
      createdAt: new Date(uj.createdAt).toISOString(),
      completedAt: uj.completedAt ? new Date(uj.completedAt).toISOString() : null,
    })),
  };
}
