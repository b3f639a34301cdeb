import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID } from './rules';

/**
 * Journeys a learner started and has not continued (the journey reminder, decision 201), for a batch
 * of learners in three queries. Progress on a journey is the latest of: starting it, adding or
 * completing one of its steps' activities, completing one of its step items (video, content, game,
 * assessment). Pace-aware: a journey on one of the learner's teams' schedules counts only once its
 * window (scheduledAt + lengthDays, 7 days when unset) has passed: before that the learner is on
 * or ahead of the team's schedule and gets no reminder. A journey no team schedules has no pace to
 * keep, so stalling on it is enough.
 */
export interface StalledJourney {
  journeyId: number;
  urlId: string;
  name: string;
  lastProgressAt: Date;
}

const DEFAULT_LENGTH_DAYS = 7;

export async function stalledJourneysOf(db: Db, userIds: readonly number[], opts: { now: Date; stalledForMs: number }): Promise<Map<number, StalledJourney[]>> {
  const out = new Map<number, StalledJourney[]>();
  if (!userIds.length) return out;
  const before = new Date(opts.now.getTime() - opts.stalledForMs);
  const open = await db
    .selectFrom('user_journeys as uj')
    .innerJoin('journeys as j', 'j.id', 'uj.journey_id')
    .select(['uj.user_id', 'uj.journey_id', 'j.url_id', 'j.name'])
    .select(
      sql<Date>`greatest(
        uj.created_at,
        (select max(greatest(ma.created_at, coalesce(ma.completed_at, ma.created_at)))
           from my_activities ma
           join journey_step_activities jsa on jsa.activity_id = ma.source_activity_id
           join journey_steps s on s.id = jsa.step_id
          where ma.user_id = uj.user_id and s.journey_id = uj.journey_id),
        (select max(up.completed_at)
           from user_progress up
           join journey_step_items i on (up.kind = 'video' and up.item_id = i.video_id) or (up.kind = 'content' and up.item_id = i.content_id)
                                     or (up.kind = 'game' and up.item_id = i.game_id) or (up.kind = 'assessment' and up.item_id = i.assessment_id)
           join journey_steps s on s.id = i.step_id
          where up.user_id = uj.user_id and s.journey_id = uj.journey_id)
      )`.as('last_progress_at'),
    )
    .where('uj.user_id', 'in', [...userIds])
    .where('uj.completed_at', 'is', null)
    .where('uj.journey_id', '!=', BREAK_JOURNEY_ID)
    .execute();
  const stalled = open.filter((r) => new Date(r.last_progress_at).getTime() <= before.getTime());
  if (!stalled.length) return out;

  // The schedules of these journeys on the learners' (enabled) teams.
  const schedule = await db
    .selectFrom('team_users as tu')
    .innerJoin('teams as t', 't.id', 'tu.team_id')
    .innerJoin('team_journeys as tj', 'tj.team_id', 'tu.team_id')
    .select(['tu.user_id', 'tj.journey_id', 'tj.scheduled_at', 'tj.length_days'])
    .where('tu.user_id', 'in', [...new Set(stalled.map((r) => r.user_id))])
    .where('t.is_disabled', '=', false)
    .where('tj.journey_id', 'in', [...new Set(stalled.map((r) => r.journey_id))])
    .where('tj.break_label', 'is', null)
    .execute();
  const windows = new Map<string, (Date | null)[]>();
  for (const s of schedule) {
    const key = `${s.user_id}:${s.journey_id}`;
    const due = s.scheduled_at ? new Date(new Date(s.scheduled_at).getTime() + (s.length_days ?? DEFAULT_LENGTH_DAYS) * 86_400_000) : null;
    windows.set(key, [...(windows.get(key) ?? []), due]);
  }
  for (const r of stalled) {
    const dues = windows.get(`${r.user_id}:${r.journey_id}`);
    // Scheduled for a team: behind only when every team's window for it has closed.
    if (dues && !dues.every((d) => d !== null && d.getTime() <= opts.now.getTime())) continue;
    const list = out.get(r.user_id) ?? [];
    list.push({ journeyId: r.journey_id, urlId: r.url_id, name: r.name, lastProgressAt: new Date(r.last_progress_at) });
    out.set(r.user_id, list);
  }
  return out;
}

/**
 * A week of progress in each of some teams (the team admins' weekly digest): members, members
 * active in the week (an activity added or completed, a step item completed), journeys completed
 * in the week and journeys in progress. One query whatever the number of teams.
 */
export interface TeamWeek {
  teamId: number;
  teamName: string;
  members: number;
  activeMembers: number;
  journeysCompleted: number;
  journeysInProgress: number;
}

export async function teamWeeksOf(db: Db, teamIds: readonly number[], now: Date): Promise<Map<number, TeamWeek>> {
  const out = new Map<number, TeamWeek>();
  if (!teamIds.length) return out;
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const rows = await db
    .selectFrom('teams as t')
    .select(['t.id', 't.name'])
    .select(sql<number>`(select count(*)::int from team_users tu where tu.team_id = t.id)`.as('members'))
    .select(
      sql<number>`(select count(*)::int from team_users tu where tu.team_id = t.id and (
          exists (select 1 from my_activities ma where ma.user_id = tu.user_id and (ma.created_at >= ${since} or ma.completed_at >= ${since}))
          or exists (select 1 from user_progress up where up.user_id = tu.user_id and up.completed_at >= ${since})))`.as('active'),
    )
    .select(
      sql<number>`(select count(*)::int from user_journeys uj join team_users tu on tu.user_id = uj.user_id and tu.team_id = t.id
          where uj.completed_at >= ${since} and uj.journey_id in (select tj.journey_id from team_journeys tj where tj.team_id = t.id))`.as('completed'),
    )
    .select(
      sql<number>`(select count(*)::int from user_journeys uj join team_users tu on tu.user_id = uj.user_id and tu.team_id = t.id
          where uj.completed_at is null and uj.journey_id in (select tj.journey_id from team_journeys tj where tj.team_id = t.id))`.as('in_progress'),
    )
    .where('t.id', 'in', [...teamIds])
    .execute();
  for (const r of rows) {
    out.set(r.id, { teamId: r.id, teamName: r.name, members: r.members, activeMembers: r.active, journeysCompleted: r.completed, journeysInProgress: r.in_progress });
  }
  return out;
}
