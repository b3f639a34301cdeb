import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID } from './rules';

/**
 * Insights per learner (issue 25 s.4): each member of the team with how many of the team's scheduled
 * journeys they completed and have in progress, in one statement; and the team's completion rate.
 * Bounded: at most LEARNER_ROWS_LIMIT members, by name.
 */
export const LEARNER_ROWS_LIMIT = 500;

export interface LearnerProgress {
  userId: number;
  fullName: string;
  jobTitle: string | null;
  completed: number;
  inProgress: number;
  /** The team's scheduled journeys (breaks excluded). */
  total: number;
  /** completed / total, 0-100, rounded down. */
  percent: number;
}

export async function getTeamLearnerProgress(db: Db, teamId: number): Promise<LearnerProgress[]> {
  const rows = await db
    .with('tj', (qb) =>
      qb
        .selectFrom('team_journeys')
        .select('journey_id')
        .distinct()
        .where('team_id', '=', teamId)
        .where('break_label', 'is', null)
        .where('journey_id', '<>', BREAK_JOURNEY_ID),
    )
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('user_journeys as uj')
          .innerJoin('tj', 'tj.journey_id', 'uj.journey_id')
          .select([
            'uj.user_id',
            sql<number>`count(*) filter (where uj.completed_at is not null)::int`.as('completed'),
            sql<number>`count(*) filter (where uj.completed_at is null)::int`.as('in_progress'),
          ])
          .groupBy('uj.user_id')
          .as('p'),
      (join) => join.onRef('p.user_id', '=', 'tu.user_id'),
    )
    .select([
      'u.id as userId',
      sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('fullName'),
      'u.job_title as jobTitle',
      sql<number>`coalesce(p.completed, 0)`.as('completed'),
      sql<number>`coalesce(p.in_progress, 0)`.as('inProgress'),
      sql<number>`(select count(*) from tj)::int`.as('total'),
    ])
    .where('tu.team_id', '=', teamId)
    .orderBy(sql`lower(trim(u.first_name || ' ' || u.last_name))`)
    .orderBy('u.id')
    .limit(LEARNER_ROWS_LIMIT)
    .execute();
  return rows.map((r) => ({ ...r, percent: r.total ? Math.floor((100 * r.completed) / r.total) : 0 }));
}

/** Completed journeys over all (member, scheduled journey) pairs, 0-100 rounded; null with no journeys or members. */
export function completionRate(learners: LearnerProgress[]): number | null {
  const possible = learners.reduce((n, l) => n + l.total, 0);
  if (!possible) return null;
  return Math.round((100 * learners.reduce((n, l) => n + l.completed, 0)) / possible);
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A leading = + - @ would be read as a formula by a spreadsheet: quoted with a ' first.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The per-learner table as CSV (header row first), for the insights' export. */
export function learnerProgressCsv(learners: LearnerProgress[]): string {
  const lines = [['Name', 'Job title', 'Journeys completed', 'Journeys in progress', 'Journeys scheduled', 'Progress %']];
  for (const l of learners) lines.push([l.fullName, l.jobTitle ?? '', String(l.completed), String(l.inProgress), String(l.total), String(l.percent)]);
  return `${lines.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
