import { z } from 'zod';
import { DomainError, type Db } from '@modules/shared/index.server';
import type { Database, Transaction } from '@modules/shared/db/database';
import { idNumber } from '@modules/shared/validation';
import {
  ALWAYS_UNLOCKED,
  BREAK_ID,
  JOURNEY_ALREADY_SCHEDULED,
  MAX_SCHEDULE_ENTRIES,
  MAX_SCHEDULE_LENGTH,
  addBreak,
  chain,
  clampWeeks,
  dayOf,
  dayToDate,
  isDay,
  unlockedDayOf,
  weeksFromDates,
  type ScheduleItem,
} from './schedule-chain';

/**
 * The admin side of a team's schedule (admin-console s.4): the editor's view of the entries, the
 * journey picker, and the save of the whole schedule in ONE transaction (/api/admin/updateTeam with
 * teamJourneys). The server re-chains what it is sent with the same pure rules the editor uses
 * (schedule-chain.ts), so a client cannot store a schedule that breaks them.
 */
export const TEAM_NOT_FOUND = 'Team not found.';
export const UNKNOWN_JOURNEY = 'A journey in this schedule does not exist.';
export const UNKNOWN_TEAM_JOURNEY = 'A schedule entry does not belong to this team.';

const ymd = z.string().trim().max(40);

/** One TeamJourney on the wire (admin-console s.3); temporary ids are sent as null. */
export const teamJourneyInput = z.object({
  teamJourneyId: idNumber.nullable().optional(),
  journeyId: idNumber,
  length: z.number().int().min(0, { error: 'Length must be 0 days or more' }).max(MAX_SCHEDULE_LENGTH).nullable().optional(),
  scheduledAt: ymd.nullable().optional(),
  unlockedAt: ymd.nullable().optional(),
  /** The unlock choice directly (0-4 or 1000); otherwise it is read from unlockedAt. */
  nbWeeksBeforeUnlock: z.number().int().min(0).max(ALWAYS_UNLOCKED).nullable().optional(),
  isBreak: z.boolean().optional(),
  breakLabel: z.string().max(120).nullable().optional(),
  order: z.number().int().min(0).max(10_000).nullable().optional(),
});
export const teamJourneysInput = z.array(teamJourneyInput).max(MAX_SCHEDULE_ENTRIES);
export type TeamJourneyInput = z.infer<typeof teamJourneyInput>;

/** A schedule entry as the admin sees it (the spec's TeamJourney plus the journey's name). */
export interface AdminTeamJourney {
  teamJourneyId: number;
  journeyId: number;
  name: string;
  length: number;
  scheduledAt: string | null;
  unlockedAt: string | null;
  isBreak: boolean;
  breakLabel: string | null;
  order: number;
  nbWeeksBeforeUnlock: number;
}

export const todayDay = (now = new Date()) => dayOf(now);

const toDay = (v: string | Date | null | undefined): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string' && isDay(v)) return v;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : dayOf(d);
};

async function requireTeam(db: Db, teamId: number) {
  const t = await db.selectFrom('teams').select(['id', 'name', 'organisation_id']).where('id', '=', teamId).executeTakeFirst();
  if (!t) throw new DomainError('not_found', TEAM_NOT_FOUND);
  return t;
}

/** The team's saved schedule in order (one query); computed unlock weeks capped at 4. */
export async function listTeamJourneysForAdmin(db: Db, teamId: number): Promise<AdminTeamJourney[]> {
  const rows = await db
    .selectFrom('team_journeys as t')
    .innerJoin('journeys as j', 'j.id', 't.journey_id')
    .select(['t.id', 't.journey_id', 't.ordinal', 't.scheduled_at', 't.unlocked_at', 't.length_days', 't.break_label', 'j.name'])
    .where('t.team_id', '=', teamId)
    .orderBy('t.ordinal')
    .orderBy('t.id')
    .limit(MAX_SCHEDULE_ENTRIES)
    .execute();
  return rows.map((r, order) => {
    const isBreak = r.journey_id === BREAK_ID || r.break_label !== null;
    return {
      teamJourneyId: r.id,
      journeyId: r.journey_id,
      name: isBreak ? (r.break_label ?? 'Break') : r.name,
      length: r.length_days ?? 0,
      scheduledAt: r.scheduled_at ? new Date(r.scheduled_at).toISOString() : null,
      unlockedAt: r.unlocked_at ? new Date(r.unlocked_at).toISOString() : null,
      isBreak,
      breakLabel: isBreak ? (r.break_label ?? 'Break') : null,
      order,
      nbWeeksBeforeUnlock: isBreak ? ALWAYS_UNLOCKED : r.scheduled_at ? weeksFromDates(r.scheduled_at, r.unlocked_at) : ALWAYS_UNLOCKED,
    };
  });
}

/** The editor's items: the saved schedule as ScheduleItems (not re-chained: what is stored is shown). */
export async function getTeamScheduleEditor(db: Db, teamId: number) {
  const team = await requireTeam(db, teamId);
  const entries = await listTeamJourneysForAdmin(db, teamId);
  const items: ScheduleItem[] = entries.map((e) => ({
    key: String(e.teamJourneyId),
    teamJourneyId: e.teamJourneyId,
    journeyId: e.journeyId,
    name: e.name,
    isBreak: e.isBreak,
    breakLabel: e.breakLabel,
    length: e.length,
    scheduledAt: toDay(e.scheduledAt),
    unlockWeeks: e.nbWeeksBeforeUnlock,
  }));
  return { team: { teamId: team.id, name: team.name, organisationId: team.organisation_id }, items };
}

/** The journey picker: every journey but 1000, locked ones marked (GLOBAL LOCKED). */
export async function listPickableJourneys(db: Db) {
  const rows = await db.selectFrom('journeys').select(['id', 'name', 'is_locked']).where('id', '!=', BREAK_ID).orderBy('ordinal').orderBy('id').limit(1000).execute();
  return rows.map((r) => ({ journeyId: r.id, name: r.name, isLocked: r.is_locked, label: r.is_locked ? `${r.name} (GLOBAL LOCKED)` : r.name }));
}

/** Wire entries to chained ScheduleItems (sorted by order; unlock from the choice or the dates). */
export function itemsFromInput(input: readonly TeamJourneyInput[], names: ReadonlyMap<number, string>, today: string): ScheduleItem[] {
  const sorted = input.map((e, i) => ({ e, i })).sort((a, b) => (a.e.order ?? a.i) - (b.e.order ?? b.i) || a.i - b.i);
  const items = sorted.map(({ e, i }): ScheduleItem => {
    const isBreak = e.isBreak === true || e.journeyId === BREAK_ID;
    const scheduledAt = toDay(e.scheduledAt);
    const weeks = isBreak
      ? ALWAYS_UNLOCKED
      : e.nbWeeksBeforeUnlock !== null && e.nbWeeksBeforeUnlock !== undefined
        ? clampWeeks(e.nbWeeksBeforeUnlock)
        : e.unlockedAt === undefined
          ? 0
          : weeksFromDates(scheduledAt, toDay(e.unlockedAt));
    const label = (e.breakLabel ?? '').trim();
    return {
      key: e.teamJourneyId ? String(e.teamJourneyId) : `new-${i}`,
      teamJourneyId: e.teamJourneyId ?? null,
      journeyId: isBreak ? BREAK_ID : e.journeyId,
      name: isBreak ? label || 'Break' : (names.get(e.journeyId) ?? ''),
      isBreak,
      breakLabel: isBreak ? label || 'Break' : null,
      length: e.length ?? 0,
      scheduledAt,
      unlockWeeks: weeks,
    };
  });
  return chain(items, today);
}

export interface ScheduleAudit {
  (trx: Transaction<Database>, change: { teamId: number; before: AdminTeamJourney[]; after: AdminTeamJourney[] }): Promise<void>;
}

/**
 * Replaces the team's schedule with these entries in ONE transaction: re-chained by the shared
 * rules, a journey at most once, every journey real, every saved id this team's (an id from
 * another team is refused, not moved). A failure leaves the old schedule as it was.
 */
export async function saveTeamSchedule(
  db: Db,
  teamId: number,
  teamJourneys: readonly TeamJourneyInput[],
  opts: { today?: string; audit?: ScheduleAudit; trx?: Transaction<Database> } = {},
): Promise<AdminTeamJourney[]> {
  const today = opts.today ?? todayDay();
  const parsed = teamJourneysInput.safeParse(teamJourneys);
  if (!parsed.success) throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'The schedule is not valid.');
  const run = async (trx: Transaction<Database>) => {
    await requireTeam(trx, teamId);
    const journeyIds = [...new Set(parsed.data.map((e) => e.journeyId).filter((id) => id !== BREAK_ID))];
    const journeys = journeyIds.length ? await trx.selectFrom('journeys').select(['id', 'name']).where('id', 'in', journeyIds).execute() : [];
    if (journeys.length !== journeyIds.length) throw new DomainError('invalid', UNKNOWN_JOURNEY);
    const items = itemsFromInput(parsed.data, new Map(journeys.map((j) => [j.id, j.name])), today);
    const seen = new Set<number>();
    for (const i of items) {
      if (i.isBreak) continue;
      if (seen.has(i.journeyId)) throw new DomainError('invalid', JOURNEY_ALREADY_SCHEDULED);
      seen.add(i.journeyId);
    }
    const before = await listTeamJourneysForAdmin(trx, teamId);
    const ownIds = new Set(before.map((b) => b.teamJourneyId));
    const keptIds = items.map((i) => i.teamJourneyId).filter((id): id is number => id !== null);
    if (keptIds.some((id) => !ownIds.has(id)) || new Set(keptIds).size !== keptIds.length) throw new DomainError('invalid', UNKNOWN_TEAM_JOURNEY);

    const gone = before.map((b) => b.teamJourneyId).filter((id) => !keptIds.includes(id));
    if (gone.length) await trx.deleteFrom('team_journeys').where('team_id', '=', teamId).where('id', 'in', gone).execute();
    const row = (i: ScheduleItem, ordinal: number) => {
      const unlocked = unlockedDayOf(i);
      return {
        journey_id: i.journeyId,
        ordinal,
        scheduled_at: i.scheduledAt ? dayToDate(i.scheduledAt) : null,
        unlocked_at: unlocked ? dayToDate(unlocked) : null,
        length_days: i.length,
        break_label: i.isBreak ? i.breakLabel || 'Break' : null,
      };
    };
    const fresh = items.map((i, n) => ({ i, n })).filter(({ i }) => i.teamJourneyId === null);
    for (const { i, n } of items.map((i, n) => ({ i, n })).filter(({ i }) => i.teamJourneyId !== null)) {
      await trx.updateTable('team_journeys').set(row(i, n)).where('id', '=', i.teamJourneyId!).where('team_id', '=', teamId).execute();
    }
    if (fresh.length) await trx.insertInto('team_journeys').values(fresh.map(({ i, n }) => ({ team_id: teamId, ...row(i, n) }))).execute();
    const after = await listTeamJourneysForAdmin(trx, teamId);
    if (opts.audit) await opts.audit(trx, { teamId, before, after });
    return after;
  };
  if (opts.trx) return run(opts.trx);
  return db.transaction().execute(run);
}

/**
 * /api/admin/createBreak {teamId, breakName}: appends a labelled break to the team's saved schedule
 * (chained after the last entry, no unlock choice) and answers its id.
 */
export async function createBreak(db: Db, teamId: number, breakName: string, opts: { today?: string; audit?: ScheduleAudit } = {}): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const { items } = await getTeamScheduleEditor(trx, teamId);
    const next = addBreak(items, breakName, opts.today ?? todayDay());
    const saved = await saveTeamSchedule(trx, teamId, next.map(toInput), { today: opts.today, audit: opts.audit, trx });
    return { id: saved[saved.length - 1]!.teamJourneyId };
  });
}

/** A ScheduleItem as a wire entry (the editor's save, createBreak, a preset's application). */
export function toInput(i: ScheduleItem, order: number): TeamJourneyInput {
  return {
    teamJourneyId: i.teamJourneyId,
    journeyId: i.journeyId,
    length: i.length,
    scheduledAt: i.scheduledAt,
    unlockedAt: unlockedDayOf(i),
    nbWeeksBeforeUnlock: i.isBreak ? null : i.unlockWeeks,
    isBreak: i.isBreak,
    breakLabel: i.breakLabel,
    order,
  };
}
