import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { listActivityStates } from '@modules/activities/index.server';
import { BREAK_JOURNEY_ID, firstStepToOpen, isEntryLocked, stepStatus } from './rules';
import { currentJourneysOf } from './team-schedule.server';

/**
 * The learner's journeys at a glance (issue 25): the learner home's current step of each team journey
 * with "2 of 4 steps", and /app/journeys, every journey of the learner's teams and every one they
 * started. A fixed number of queries whatever the number of teams, journeys and steps.
 */
export type JourneyState = 'notstarted' | 'inprogress' | 'completed';

export interface JourneyProgressCard {
  journeyId: number;
  urlId: string;
  name: string;
  overview: string;
  state: JourneyState;
  stepsTotal: number;
  stepsDone: number;
  /** The step the journey opens on (the first not finished), null once completed or without steps. */
  currentStep: { urlId: string; name: string; number: number } | null;
  completedAt: string | null;
  isLocked: boolean;
  /** The learner's teams that schedule this journey (names), empty for a global journey only. */
  teams: { teamId: number; name: string }[];
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Progress of these journeys for the learner: three queries for any number of journeys. */
async function progressOf(db: Db, userId: number, journeyIds: number[]) {
  if (!journeyIds.length) return new Map<number, Omit<JourneyProgressCard, 'isLocked' | 'teams'>>();
  const [journeys, steps, mine] = await Promise.all([
    db.selectFrom('journeys').select(['id', 'url_id', 'name', 'overview']).where('id', 'in', journeyIds).execute(),
    db
      .selectFrom('journey_steps as s')
      .select(['s.journey_id', 's.url_id', 's.name', 's.ordinal'])
      .select(sql<number[]>`coalesce((select json_agg(a.activity_id) from journey_step_activities a where a.step_id = s.id), '[]')`.as('activities'))
      .where('s.journey_id', 'in', journeyIds)
      .orderBy('s.journey_id')
      .orderBy('s.ordinal')
      .orderBy('s.id')
      .execute(),
    db.selectFrom('user_journeys').select(['journey_id', 'created_at', 'completed_at']).where('user_id', '=', userId).where('journey_id', 'in', journeyIds).execute(),
  ]);
  const states = await listActivityStates(db, userId, steps.flatMap((s) => s.activities));
  const started = new Map(mine.map((m) => [m.journey_id, m]));
  const out = new Map<number, Omit<JourneyProgressCard, 'isLocked' | 'teams'>>();
  for (const j of journeys) {
    const uj = started.get(j.id);
    const own = steps.filter((s) => s.journey_id === j.id).map((s, i) => ({ ...s, number: i + 1, status: stepStatus(s.activities, uj?.created_at ?? null, states) }));
    const open = uj?.completed_at ? 'end' : firstStepToOpen(own);
    out.set(j.id, {
      journeyId: j.id,
      urlId: j.url_id,
      name: j.name,
      overview: j.overview,
      state: !uj ? 'notstarted' : uj.completed_at ? 'completed' : 'inprogress',
      stepsTotal: own.length,
      stepsDone: uj?.completed_at ? own.length : own.filter((s) => s.status === 'completed').length,
      currentStep: open === 'end' ? null : { urlId: open.url_id, name: open.name, number: open.number },
      completedAt: iso(uj?.completed_at ?? null),
    });
  }
  return out;
}

export interface HomeTeamJourney {
  teamId: number;
  teamName: string;
  journey: JourneyProgressCard | null;
  /** With no current journey: the next one and when it starts. */
  next: { urlId: string; name: string; startsAt: string } | null;
}

/** The learner home: each team's current journey with the learner's step and progress. Four queries. */
export async function homeTeamJourneys(db: Db, user: PolicyUser, teams: { teamId: number; name: string }[], now = new Date()): Promise<HomeTeamJourney[]> {
  if (!policy.canSeeJourneys(user) || !teams.length) return [];
  const current = await currentJourneysOf(db, user, teams.map((t) => t.teamId), now);
  const ids = [...new Set([...current.values()].flatMap((c) => (c.current ? [c.current.journeyId] : [])))];
  const progress = await progressOf(db, user.userId, ids);
  return teams.map((t) => {
    const c = current.get(t.teamId);
    const p = c?.current ? progress.get(c.current.journeyId) : undefined;
    return {
      teamId: t.teamId,
      teamName: t.name,
      journey: p ? { ...p, isLocked: false, teams: [{ teamId: t.teamId, name: t.name }] } : null,
      next: c?.next ? { urlId: c.next.urlId, name: c.next.name, startsAt: c.next.startsAt } : null,
    };
  });
}

/**
 * /app/journeys: the journeys of all the learner's teams (breaks left out) and every journey they
 * started, with progress; locked ones say so. Five queries whatever the number of teams.
 */
export async function listMyJourneys(db: Db, user: PolicyUser, teams: { teamId: number; name: string }[], now = new Date()): Promise<JourneyProgressCard[]> {
  if (!policy.canSeeJourneys(user)) return [];
  const teamIds = teams.map((t) => t.teamId);
  const [entries, started] = await Promise.all([
    teamIds.length
      ? db
          .selectFrom('team_journeys as t')
          .innerJoin('journeys as j', 'j.id', 't.journey_id')
          .select(['t.team_id', 't.journey_id', 't.unlocked_at', 't.scheduled_at', 'j.is_locked'])
          .where('t.team_id', 'in', teamIds)
          .where('t.journey_id', '!=', BREAK_JOURNEY_ID)
          .where('t.break_label', 'is', null)
          .orderBy('t.scheduled_at')
          .orderBy('t.ordinal')
          .limit(1000)
          .execute()
      : Promise.resolve([]),
    db.selectFrom('user_journeys').select('journey_id').where('user_id', '=', user.userId).where('journey_id', '!=', BREAK_JOURNEY_ID).execute(),
  ]);
  const startedIds = new Set(started.map((s) => s.journey_id));
  const ids = [...new Set([...entries.map((e) => e.journey_id), ...startedIds])];
  const progress = await progressOf(db, user.userId, ids);
  const teamName = new Map(teams.map((t) => [t.teamId, t.name]));
  return ids.flatMap((id) => {
    const p = progress.get(id);
    if (!p) return [];
    const own = entries.filter((e) => e.journey_id === id);
    const locked = !startedIds.has(id) && (own.some((e) => e.is_locked) || (own.length > 0 && own.every((e) => isEntryLocked(e.unlocked_at, false, now))));
    const seen = new Set<number>();
    const inTeams = own.flatMap((e) => (seen.has(e.team_id) ? [] : (seen.add(e.team_id), [{ teamId: e.team_id, name: teamName.get(e.team_id) ?? '' }])));
    return [{ ...p, isLocked: locked, teams: inTeams }];
  });
}
