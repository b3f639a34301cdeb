import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { DAY, WEEK } from '@modules/shared/clock';

/**
 * Team retention (insights, decision 190), read-only: the app's page views are rolled up per user
 * and UTC day / week by a trigger on page_views (migration 20261123T100100-insights), so a team's
 * year of visits is read from at most members x 52 rows, aggregated in SQL.
 */
export const RETENTION_WEEK_CHOICES = [12, 26, 52] as const;
export type RetentionWeeks = (typeof RETENTION_WEEK_CHOICES)[number];
export const DEFAULT_RETENTION_WEEKS: RetentionWeeks = 12;

export interface RetentionWeek {
  /** Monday of the UTC week, YYYY-MM-DD. */
  weekStart: string;
  /** Members of the team with at least one visit in the week. */
  activeUsers: number;
  /** Their visit days in the week (a member visiting on 3 days counts 3). */
  visitDays: number;
}

export interface TeamRetention {
  memberCount: number;
  weeks: RetentionWeek[];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStartOf(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - sinceMonday * DAY);
}

/** The last `weeks` UTC weeks up to the one holding `now`, oldest first, as YYYY-MM-DD Mondays. */
export function lastWeeks(weeks: number, now: Date): string[] {
  const current = weekStartOf(now).getTime();
  return Array.from({ length: weeks }, (_, i) => isoDay(new Date(current - (weeks - 1 - i) * WEEK)));
}

/** Visits per week of the team's current members over the last `weeks` weeks (empty weeks as zeros). */
export async function getTeamRetention(db: Db, teamId: number, opts: { weeks?: number; now?: Date } = {}): Promise<TeamRetention> {
  const weeks = lastWeeks(opts.weeks ?? DEFAULT_RETENTION_WEEKS, opts.now ?? new Date());
  const [rows, members] = await Promise.all([
    db
      .selectFrom('team_users as tu')
      .innerJoin('user_visit_weeks as w', 'w.user_id', 'tu.user_id')
      .select([
        sql<string>`to_char(w.week_start, 'YYYY-MM-DD')`.as('weekStart'),
        sql<number>`count(*)::int`.as('activeUsers'),
        sql<number>`sum(w.visit_days)::int`.as('visitDays'),
      ])
      .where('tu.team_id', '=', teamId)
      .where('w.week_start', '>=', weeks[0]!)
      .where('w.week_start', '<=', weeks[weeks.length - 1]!)
      .groupBy('w.week_start')
      .execute(),
    db.selectFrom('team_users').select(sql<number>`count(*)::int`.as('n')).where('team_id', '=', teamId).executeTakeFirstOrThrow(),
  ]);
  const byWeek = new Map(rows.map((r) => [r.weekStart, r]));
  return {
    memberCount: members.n,
    weeks: weeks.map((weekStart) => ({ weekStart, activeUsers: byWeek.get(weekStart)?.activeUsers ?? 0, visitDays: byWeek.get(weekStart)?.visitDays ?? 0 })),
  };
}

export interface VisitDate {
  /** A UTC day, YYYY-MM-DD. */
  date: string;
  /** Members of the team who visited the app that day. */
  visitors: number;
}

/**
 * /api/insight/getTeamRetentionRawData: the days on which the team's members visited the app over
 * the last `weeks` weeks (oldest first), with how many of them visited; days without a visit are left out.
 */
export async function getTeamVisitDates(db: Db, teamId: number, opts: { weeks?: number; now?: Date } = {}): Promise<VisitDate[]> {
  const from = lastWeeks(opts.weeks ?? DEFAULT_RETENTION_WEEKS, opts.now ?? new Date())[0]!;
  return db
    .selectFrom('team_users as tu')
    .innerJoin('user_visit_days as d', 'd.user_id', 'tu.user_id')
    .select([sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('date'), sql<number>`count(*)::int`.as('visitors')])
    .where('tu.team_id', '=', teamId)
    .where('d.day', '>=', from)
    .groupBy('d.day')
    .orderBy('d.day')
    .execute();
}
