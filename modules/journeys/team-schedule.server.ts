import { sql, type ExpressionBuilder } from 'kysely';
import { prepared, type Database, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import {
  BREAK_JOURNEY_ID,
  NO_TEAM_JOURNEYS,
  isBreak,
  isEntryLocked,
  journeyButton,
  matchesFilter,
  teamJourneyPanel,
  teamTimeline,
  type TimelineFilter,
} from './rules';

/**
 * A team's journey schedule (team journeys, breaks, teamJourneysEndAt) read for one learner: the
 * team journeys page (timeline), the Team Journeys panel and current-journey banner of the team home
 * (rendered by the team feed, decision 170), and the permissions' teamJourneys. Three queries per
 * call whatever the number of members or entries.
 */
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export interface TeamJourneyEntry {
  teamJourneyId: number;
  journeyId: number;
  urlId: string;
  name: string;
  overview: string;
  scheduledAt: string | null;
  unlockedAt: string | null;
  lengthDays: number | null;
  breakLabel: string | null;
  isBreak: boolean;
  /** For this learner: not started and unlockedAt in the future (or the journey itself is locked). */
  isLocked: boolean;
  button: 'Start' | 'Continue' | 'Review' | null;
  userJourney: { userJourneyId: number; completedAt: string | null } | null;
}

/**
 * The journeys of each of the user's enabled teams (userPermissions.teams[].teamJourneys), as a
 * correlated subquery on "users": { teamId, journeyId } in the teams' order, breaks left out, read
 * with the session in one statement (issue 16).
 */
export function teamJourneysOfUser(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('team_journeys as tj')
    .innerJoin('team_users as tju', 'tju.team_id', 'tj.team_id')
    .innerJoin('teams as tjt', 'tjt.id', 'tj.team_id')
    .select(sql<{ teamId: number; journeyId: number }[]>`json_agg(json_build_object('teamId', tj.team_id, 'journeyId', tj.journey_id) order by tj.team_id, tj.ordinal, tj.id)`.as('list'))
    .whereRef('tju.user_id', '=', 'users.id')
    .where('tjt.is_disabled', '=', false)
    .where('tj.journey_id', '!=', BREAK_JOURNEY_ID)
    .where('tj.break_label', 'is', null)
    .$asScalar();
}

/**
 * The current and next journey of each team (the team list's cards). Current: the latest scheduled
 * entry not in the future, unless the team's journeys have ended; null for a break or none. Next: the
 * earliest scheduled journey (not a break) still in the future, unless the journeys have ended. One
 * query for all teams; an empty map for a student licence (journeys hidden).
 */
export async function currentJourneysOf(db: Db, user: PolicyUser, teamIds: number[], now = new Date()): Promise<Map<number, TeamCardJourneys>> {
  if (!teamIds.length || !policy.canSeeJourneys(user)) return new Map();
  return currentJourneysFrom(user, await scheduledEntriesOf(db, teamIds), teamIds, now);
}

type CurrentJourney = { journeyId: number; urlId: string; name: string };
export type TeamCardJourneys = { current: CurrentJourney | null; next: (CurrentJourney & { startsAt: string }) | null };
type StartedEntry = {
  id: number;
  team_id: number;
  journey_id: number;
  scheduled_at: Date | string | null;
  break_label: string | null;
  url_id: string;
  name: string;
  team_journeys_end_at: Date | string | null;
};

/**
 * currentJourneysOf from rows already read (its own statement's, or scheduledEntriesOfUser's JSON that
 * the session's statement carries for the team list), for these teams only.
 */
export function currentJourneysFrom(user: PolicyUser, rows: readonly StartedEntry[] | null, teamIds: readonly number[], now = new Date()) {
  const out = new Map<number, TeamCardJourneys>();
  if (!policy.canSeeJourneys(user)) return out;
  const byTeam = new Map<number, StartedEntry[]>();
  for (const r of rows ?? []) if (teamIds.includes(r.team_id)) byTeam.set(r.team_id, [...(byTeam.get(r.team_id) ?? []), r]);
  for (const [teamId, list] of byTeam) {
    const entries = list.map((r) => ({ teamJourneyId: r.id, journeyId: r.journey_id, breakLabel: r.break_label, scheduledAt: iso(r.scheduled_at), unlockedAt: null, row: r }));
    const t = teamTimeline(entries, list[0]?.team_journeys_end_at ?? null, now);
    const next = t.ended ? undefined : t.scheduled.find((r) => !r.isPast && !r.isCurrent && !isBreak(r.entry) && new Date(r.entry.scheduledAt!) > now)?.entry;
    out.set(teamId, {
      current: t.current && !isBreak(t.current) ? { journeyId: t.current.journeyId, urlId: t.current.row.url_id, name: t.current.row.name } : null,
      next: next ? { journeyId: next.journeyId, urlId: next.row.url_id, name: next.row.name, startsAt: next.scheduledAt! } : null,
    });
  }
  return out;
}

/**
 * The scheduled entries of all the user's teams' schedules as one JSON value, correlated to `users`
 * (the session's statement reads it along for the team list; currentJourneysFrom tells past from future).
 */
export function scheduledEntriesOfUser(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('team_journeys as t')
    .innerJoin('team_users as tu', 'tu.team_id', 't.team_id')
    .innerJoin('journeys as j', 'j.id', 't.journey_id')
    .leftJoin('team_schedules as s', 's.team_id', 't.team_id')
    .select(
      sql<StartedEntry[] | null>`json_agg(json_build_object(
        'id', t.id, 'team_id', t.team_id, 'journey_id', t.journey_id, 'scheduled_at', t.scheduled_at, 'break_label', t.break_label,
        'url_id', j.url_id, 'name', j.name, 'team_journeys_end_at', s.team_journeys_end_at
      ) order by t.team_id, t.scheduled_at, t.id)`.as('entries'),
    )
    .whereRef('tu.user_id', '=', 'users.id')
    .where('t.scheduled_at', 'is not', null)
    .$asScalar();
}

/** The scheduled entries of some teams' schedules, compiled once. */
const scheduledEntriesOf = prepared((db: Db, teamIds: number[]) =>
  db
    .selectFrom('team_journeys as t')
    .innerJoin('journeys as j', 'j.id', 't.journey_id')
    .leftJoin('team_schedules as s', 's.team_id', 't.team_id')
    .select(['t.id', 't.team_id', 't.journey_id', 't.scheduled_at', 't.break_label', 'j.url_id', 'j.name', 's.team_journeys_end_at'])
    .where(sql<boolean>`t.team_id = any(${teamIds}::int[])`)
    .where('t.scheduled_at', 'is not', null)
    .orderBy('t.team_id')
    .orderBy('t.scheduled_at')
    .orderBy('t.id'),
);

/** The team's schedule for this learner. The caller has checked membership (requireTeamAccess). */
export async function getTeamSchedule(db: Db, user: PolicyUser, teamId: number, now = new Date()) {
  if (!policy.canSeeJourneys(user)) return { entries: [] as TeamJourneyEntry[], teamJourneysEndAt: null as string | null };
  // One statement (it was three in a row): the entries with the user's own journey (unique per user and
  // journey), and the schedule's end on every row; a team without entries still answers one row.
  const { rows: read } = await sql<{
    end_at: Date | null;
    id: number | null;
    journey_id: number;
    scheduled_at: Date | null;
    unlocked_at: Date | null;
    length_days: number | null;
    break_label: string | null;
    url_id: string;
    name: string;
    overview: string;
    is_locked: boolean;
    uj_id: number | null;
    uj_completed_at: Date | null;
  }>`
    select s.end_at, e.* from (select (select team_journeys_end_at from team_schedules where team_id = ${teamId}) as end_at) s
    left join lateral (
      select t.id, t.journey_id, t.scheduled_at, t.unlocked_at, t.length_days, t.break_label, j.url_id, j.name, j.overview, j.is_locked,
             uj.id as uj_id, uj.completed_at as uj_completed_at
      from team_journeys t
      join journeys j on j.id = t.journey_id
      left join user_journeys uj on uj.user_id = ${user.userId} and uj.journey_id = t.journey_id
      where t.team_id = ${teamId}
      order by t.ordinal, t.id
      limit 500
    ) e on true`.execute(db);
  const rows = read.filter((r) => r.id !== null) as (Omit<(typeof read)[number], 'id'> & { id: number })[];
  const schedule = { team_journeys_end_at: read[0]?.end_at ?? null };
  const byJourney = new Map(rows.filter((r) => r.uj_id !== null).map((r) => [r.journey_id, { id: r.uj_id!, completed_at: r.uj_completed_at }]));
  const entries = rows.map((r): TeamJourneyEntry => {
    const uj = byJourney.get(r.journey_id);
    const brk = isBreak({ journeyId: r.journey_id, breakLabel: r.break_label });
    const locked = brk ? true : r.is_locked || isEntryLocked(r.unlocked_at, !!uj, now);
    return {
      teamJourneyId: r.id,
      journeyId: r.journey_id,
      urlId: r.url_id,
      name: brk ? (r.break_label ?? 'Break') : r.name,
      overview: brk ? '' : r.overview,
      scheduledAt: iso(r.scheduled_at),
      unlockedAt: iso(r.unlocked_at),
      lengthDays: r.length_days,
      breakLabel: brk ? (r.break_label ?? 'Break') : null,
      isBreak: brk,
      isLocked: locked,
      button: brk ? null : journeyButton(locked, uj ? { completedAt: uj.completed_at } : null),
      userJourney: uj ? { userJourneyId: uj.id, completedAt: iso(uj.completed_at) } : null,
    };
  });
  return { entries, teamJourneysEndAt: iso(schedule?.team_journeys_end_at ?? null) };
}

/** The team journeys page: the timeline (past, current, future) and unscheduled list, filtered. */
export async function getTeamJourneysPage(db: Db, user: PolicyUser, teamId: number, filter: TimelineFilter = 'all', now = new Date()) {
  const { entries, teamJourneysEndAt } = await getTeamSchedule(db, user, teamId, now);
  // Past, current and upcoming come from the whole schedule, then the filter hides entries: a filter
  // never makes a past journey the current one (the latest shown not in the future).
  const shown = (e: TeamJourneyEntry) => (e.isBreak ? filter === 'all' : matchesFilter(filter, e.userJourney));
  const t = teamTimeline(entries, teamJourneysEndAt, now);
  return {
    teamJourneysEndAt,
    hasJourneys: entries.some((e) => !e.isBreak),
    timeline: t.scheduled.filter((r) => shown(r.entry)).map((r) => ({ ...r.entry, isPast: r.isPast, isCurrent: r.isCurrent })),
    unscheduled: t.unscheduled.filter(shown),
  };
}

export type TeamJourneyPanel =
  | { kind: 'journeys'; journeys: TeamJourneyEntry[]; currentJourney: TeamJourneyEntry | null }
  | { kind: 'next'; journey: TeamJourneyEntry; startsAt: string; currentJourney: TeamJourneyEntry | null }
  | { kind: 'none'; message: string; currentJourney: TeamJourneyEntry | null };

/**
 * For the team home (decision 170): the Team Journeys panel and the current-journey banner
 * (`currentJourney`: the current timeline entry, null when it is a break or there is none).
 * Null for a student licence (journeys hidden). Three queries.
 */
export async function getTeamJourneyPanel(db: Db, user: PolicyUser, teamId: number, now = new Date()): Promise<TeamJourneyPanel | null> {
  if (!policy.canSeeJourneys(user)) return null;
  const { entries, teamJourneysEndAt } = await getTeamSchedule(db, user, teamId, now);
  const current = teamTimeline(entries, teamJourneysEndAt, now).current;
  const currentJourney = current && !current.isBreak ? current : null;
  const userJourneys = new Map(entries.filter((e) => e.userJourney).map((e) => [e.journeyId, { completedAt: e.userJourney!.completedAt }]));
  const answer = teamJourneyPanel(
    entries.filter((e) => !e.isLocked || e.userJourney || e.isBreak),
    userJourneys,
    now,
  );
  if (answer.kind === 'journeys') return { kind: 'journeys', journeys: answer.entries, currentJourney };
  if (answer.kind === 'next') return { kind: 'next', journey: answer.entry, startsAt: answer.scheduledAt, currentJourney };
  // Locked entries were left out of the panel's list; the next one may still be one of them.
  const next = entries
    .filter((e) => !e.isBreak && e.scheduledAt && new Date(e.scheduledAt) > now && !e.userJourney?.completedAt)
    .sort((a, b) => a.scheduledAt!.localeCompare(b.scheduledAt!))[0];
  if (next) return { kind: 'next', journey: next, startsAt: next.scheduledAt!, currentJourney };
  return { kind: 'none', message: NO_TEAM_JOURNEYS, currentJourney };
}

/** Replaces a team's schedule (demo seed, tests; the admin console's preset editor later). */
export async function setTeamSchedule(
  db: Db,
  teamId: number,
  entries: { journeyId: number; scheduledAt?: Date | null; unlockedAt?: Date | null; lengthDays?: number | null; breakLabel?: string | null }[],
  teamJourneysEndAt: Date | null = null,
) {
  await db.deleteFrom('team_journeys').where('team_id', '=', teamId).execute();
  if (entries.length) {
    await db
      .insertInto('team_journeys')
      .values(
        entries.map((e, i) => ({
          team_id: teamId,
          journey_id: e.journeyId,
          ordinal: i,
          scheduled_at: e.scheduledAt ?? null,
          unlocked_at: e.unlockedAt ?? null,
          length_days: e.lengthDays ?? null,
          break_label: e.breakLabel ?? (e.journeyId === BREAK_JOURNEY_ID ? 'Break' : null),
        })),
      )
      .execute();
  }
  await db
    .insertInto('team_schedules')
    .values({ team_id: teamId, team_journeys_end_at: teamJourneysEndAt })
    .onConflict((oc) => oc.column('team_id').doUpdateSet({ team_journeys_end_at: teamJourneysEndAt }))
    .execute();
}
