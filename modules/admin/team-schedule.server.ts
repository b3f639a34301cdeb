import { z } from 'zod';
import { DomainError, type Db } from '@modules/shared/index.server';
import type { Database, Transaction } from '@modules/shared/db/database';
import { idSchema } from '@modules/shared/validation';
import type { PolicyUser } from '@modules/identity/index.server';
import { AudienceType, deletePostsFromTeam, savePost, type PublishScheduler } from '@modules/social/index.server';
import {
  addDays,
  createBreak,
  isDay,
  isTimeZone,
  layOut,
  saveTeamSchedule,
  teamJourneysInput,
  toInput,
  zonedInstant,
  type AdminTeamJourney,
  type TeamJourneyInput,
} from '@modules/journeys/index.server';
import { recordAudit } from './audit.server';
import { getPresetById } from './presets.server';
import { updateTeamGeneral, type EditorTeam } from './team-members.server';
import { createTeamInOrganisation } from './organisations.server';

/**
 * A team's schedule as the admin console changes it (admin-console s.4, 7): /api/admin/updateTeam
 * (general fields and teamJourneys in ONE transaction), the editor's Save, /api/admin/createBreak
 * and applying a preset. The journeys module owns the schedule rules and tables (decision 212);
 * these use cases own the transaction and the audit entries.
 */
export const APPLY_WARNING = 'WARNING: This will replace the existing journeys and posts for this team';
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** The teamJourneys part of /api/admin/updateTeam, checked before anything is saved (400 when malformed). */
export function parseTeamJourneys(raw: unknown): TeamJourneyInput[] {
  const parsed = teamJourneysInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError('invalid', `teamJourneys${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'not valid'}`);
  }
  return parsed.data;
}

/** The schedule part of /api/admin/updateTeam and the editor's Save: one transaction (the caller's, when given one), audited. */
export function saveTeamJourneys(db: Db, actorId: number, teamId: number, teamJourneys: readonly TeamJourneyInput[], today?: string) {
  return saveTeamSchedule(db, teamId, teamJourneys, {
    today,
    trx: db.isTransaction ? (db as Transaction<Database>) : undefined,
    audit: (trx, c) => recordAudit(trx, { actorId, action: 'team.saveSchedule', entity: 'team', entityId: c.teamId, before: c.before, after: c.after }),
  });
}

export interface UpdateTeamInput {
  teamId: number;
  name?: string;
  description?: string | null;
  isDisabled?: boolean;
  featuredStoryId?: number | null;
  /** Already checked by parseTeamJourneys; absent: the schedule is left as it is. */
  teamJourneys?: readonly TeamJourneyInput[];
}

/**
 * /api/admin/updateTeam: the general fields and, when sent, the whole schedule in ONE transaction,
 * so a schedule that fails (an unknown journey, another team's entry) leaves the name and the rest
 * as they were.
 */
export function updateTeam(db: Db, actorId: number, input: UpdateTeamInput, today?: string): Promise<EditorTeam & { teamJourneys?: AdminTeamJourney[] }> {
  const run = async (trx: Transaction<Database>) => {
    const { teamJourneys, ...general } = input;
    const team = await updateTeamGeneral(trx, actorId, general);
    if (!teamJourneys) return team;
    return { ...team, teamJourneys: await saveTeamJourneys(trx, actorId, input.teamId, teamJourneys, today) };
  };
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}

/** /api/admin/createBreak {teamId, breakName}: a break appended to the saved schedule, audited. */
export function createTeamBreak(db: Db, actorId: number, teamId: number, breakName: string, today?: string) {
  return createBreak(db, teamId, breakName, {
    today,
    audit: (trx, c) => recordAudit(trx, { actorId, action: 'team.createBreak', entity: 'team', entityId: c.teamId, before: c.before, after: c.after }),
  });
}

/** Apply a preset (the SETTINGS Journeys form sends the ids as digits, hence idSchema). */
export const applyPresetInput = z.object({
  teamId: idSchema,
  presetId: idSchema,
  startDate: z.string({ error: 'Enter a start date' }).refine(isDay, { error: 'Enter a start date' }),
  timeZone: z.string().max(64).refine(isTimeZone, { error: 'Choose a time zone' }).default(DEFAULT_TIME_ZONE),
});

/** A scheduler that only records, so jobs are touched after the transaction commits. */
function deferred() {
  const calls: ({ kind: 'cancel'; postId: number } | { kind: 'schedule'; postId: number; at: Date })[] = [];
  const scheduler: PublishScheduler = {
    schedule: async (postId, at) => void calls.push({ kind: 'schedule', postId, at }),
    cancel: async (postId) => void calls.push({ kind: 'cancel', postId }),
  };
  return {
    scheduler,
    flush: async (real: PublishScheduler) => {
      for (const c of calls) await (c.kind === 'cancel' ? real.cancel(c.postId) : real.schedule(c.postId, c.at));
    },
  };
}

/**
 * Applies a preset to a team (after the WARNING): in ONE transaction the team's journeys are
 * replaced by the preset's laid out from the start date (lengths, weeks before unlock) and its posts
 * by the preset's, each at start + scheduledIn days at its time in the given time zone (a post
 * whose moment has passed is posted now). Publishing jobs are cancelled and scheduled after the
 * commit (the publish sweep catches any lost one).
 */
export async function applyPreset(
  db: Db,
  admin: PolicyUser,
  input: z.infer<typeof applyPresetInput>,
  scheduler: PublishScheduler,
  now = new Date(),
): Promise<{ teamJourneys: AdminTeamJourney[]; postIds: number[] }> {
  const jobs = deferred();
  const result = await db.transaction().execute((trx) => applyPresetInTrx(trx, admin, input, jobs.scheduler, now));
  await jobs.flush(scheduler);
  return result;
}

async function applyPresetInTrx(trx: Transaction<Database>, admin: PolicyUser, input: z.infer<typeof applyPresetInput>, scheduler: PublishScheduler, now: Date) {
  const team = await trx.selectFrom('teams').select(['id', 'organisation_id']).where('id', '=', input.teamId).executeTakeFirst();
  if (!team) throw new DomainError('not_found', 'Team not found.');
  const preset = await getPresetById(trx, input.presetId);
  const items = layOut(preset.journeys, input.startDate);
  // Every saved entry is replaced: the laid-out items carry no ids.
  const teamJourneys = await saveTeamSchedule(trx, input.teamId, items.map(toInput), { trx, today: input.startDate });
  await deletePostsFromTeam(trx, admin, { teamId: team.id, organisationId: team.organisation_id }, scheduler);
  const postIds: number[] = [];
  for (const p of preset.posts) {
    const at = zonedInstant(addDays(input.startDate, p.scheduledIn), p.time, input.timeZone);
    const saved = await savePost(
      trx,
      admin,
      {
        text: p.text,
        audienceType: AudienceType.Team,
        teamId: team.id,
        organisationId: team.organisation_id,
        isLedaOfficial: p.isLedaOfficial,
        scheduledAt: at,
        fileIds: p.postFiles.map((f) => f.file.fileId),
      },
      scheduler,
      now,
    );
    postIds.push(saved.postId);
  }
  await recordAudit(trx, {
    actorId: admin.userId,
    action: 'team.applyPreset',
    entity: 'team',
    entityId: input.teamId,
    before: null,
    after: { presetId: input.presetId, startDate: input.startDate, timeZone: input.timeZone, teamJourneys: teamJourneys.length, postIds },
  });
  return { teamJourneys, postIds };
}

/**
 * Creating a team (admin-console s.5 "Team preset form"): a name, a preset (default preset 1) and a
 * start date, all required on the screen; /api/admin/createTeam defaults the preset to 1 and the
 * start date to today (decision 253). In ONE transaction the team is created and the preset applied
 * to it (its journeys laid out from the start date, its posts scheduled); the posts' publishing
 * jobs are scheduled after the commit.
 */
export const createTeamInput = z.object({
  organisationId: idSchema,
  teamName: z.string(),
  presetId: idSchema,
  startDate: applyPresetInput.shape.startDate,
  timeZone: applyPresetInput.shape.timeZone,
});

export async function createTeamWithPreset(
  db: Db,
  admin: PolicyUser,
  input: z.infer<typeof createTeamInput>,
  scheduler: PublishScheduler,
  now = new Date(),
): Promise<{ teamId: number; teamJourneys: AdminTeamJourney[]; postIds: number[] }> {
  if (!isTimeZone(input.timeZone)) throw new DomainError('invalid', 'Choose a time zone');
  const jobs = deferred();
  const result = await db.transaction().execute(async (trx) => {
    const teamId = await createTeamInOrganisation(trx, admin.userId, { organisationId: input.organisationId, teamName: input.teamName });
    const applied = await applyPresetInTrx(trx, admin, { teamId, presetId: input.presetId, startDate: input.startDate, timeZone: input.timeZone }, jobs.scheduler, now);
    return { teamId, ...applied };
  });
  await jobs.flush(scheduler);
  return result;
}
