import { z } from 'zod';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DomainError, defineList, type Db } from '@modules/shared/index.server';
import type { Database, Transaction } from '@modules/shared/db/database';
import { idNumber } from '@modules/shared/validation';
import { checkPostFileCount, MAX_POST_FILES } from '@modules/social/index.server';
import { TOO_MANY_FILES } from '@modules/social/constants';
import { ALWAYS_UNLOCKED, BREAK_JOURNEY_ID, MAX_SCHEDULE_LENGTH, toStoredTime } from '@modules/journeys/index.server';
import { recordAudit } from './audit.server';

/**
 * Team presets (admin-console s.2-4, 7): a named set of journeys (length, weeks before unlock,
 * breaks) and posts (scheduledIn days from the start, a time, official flag, files) that a product
 * admin applies to a team from a start date (team-schedule.server.ts). Every change is audited in its
 * own transaction.
 */
export const PRESET_NAME_MESSAGE = 'Enter a preset name';
export const PRESET_DESCRIPTION_MESSAGE = 'Preset description too long (max 2,000 characters)';
export const PRESET_NOT_FOUND = 'Preset not found.';
export const PRESET_JOURNEY_NOT_FOUND = 'Preset journey not found.';
export const PRESET_POST_NOT_FOUND = 'Preset post not found.';
export const PRESET_JOURNEY_TWICE = 'This journey is already in this preset.';
export const PRESET_POST_EMPTY = 'A post needs text or a file.';
export const PRESET_TIME_MESSAGE = 'Enter a time as HH:MM';
export const DEFAULT_PRESET_ID = 1;
const MAX_PRESET_POST_TEXT = 10_000;
const MAX_SCHEDULED_IN = 3650;

export const presetName = z.string({ error: PRESET_NAME_MESSAGE }).trim().min(1, { error: PRESET_NAME_MESSAGE }).max(250, { error: PRESET_NAME_MESSAGE });
export const presetDescription = z
  .string()
  .max(2000, { error: PRESET_DESCRIPTION_MESSAGE })
  .nullish()
  .transform((v) => (v ?? '').trim());
const unlockWeeks = z.number().int().refine((n) => (n >= 0 && n <= 4) || n === ALWAYS_UNLOCKED, { error: 'Weeks before unlock: 0 to 4, or 1000 (always unlocked)' });
const lengthDays = z.number({ error: 'Length must be a number' }).int().min(0, { error: 'Length must be 0 days or more' }).max(MAX_SCHEDULE_LENGTH);
const timeField = z
  .string({ error: PRESET_TIME_MESSAGE })
  .max(8)
  .transform((v, ctx) => toStoredTime(v) ?? (ctx.addIssue({ code: 'custom', message: PRESET_TIME_MESSAGE }), z.NEVER));
/** The post's files as sent (fileIds, else postFiles); null when neither is sent: an edit then keeps the files it has. */
const fileIdsOf = (p: { fileIds?: number[]; postFiles?: { file: { fileId: number } }[] }) => {
  const ids = p.fileIds ?? p.postFiles?.map((f) => f.file.fileId);
  return ids ? [...new Set(ids)] : null;
};

/** /api/admin bodies (admin-console s.7). */
export const presetSchemas = {
  presetId: z.object({ presetId: idNumber }),
  create: z.object({ name: presetName, description: presetDescription }),
  update: z.object({ preset: z.object({ presetId: idNumber, name: presetName, description: presetDescription }) }),
  journeys: z.object({
    presetId: idNumber.optional(),
    journeys: z
      .array(
        z.object({
          presetJourneyId: idNumber,
          length: lengthDays.optional(),
          nbWeeksBeforeUnlock: unlockWeeks.optional(),
          breakLabel: z.string().max(120).nullish(),
          order: z.number().int().min(0).max(10_000).optional(),
        }),
      )
      .max(200),
  }),
  presetJourneyId: z.object({ presetJourneyId: idNumber }),
  createJourney: z.object({ journeyId: idNumber, presetId: idNumber }),
  addBreak: z.object({ presetId: idNumber, breakLabel: z.string().max(120).nullish(), isBreak: z.boolean().optional() }),
  post: z.object({
    presetId: idNumber,
    post: z.object({
      presetPostId: idNumber.nullish(),
      text: z.string().max(MAX_PRESET_POST_TEXT, { error: 'The post is too long.' }).default(''),
      scheduledIn: z.number({ error: 'Enter when to post, in days' }).int().min(0, { error: 'Enter when to post, in days' }).max(MAX_SCHEDULED_IN),
      time: timeField,
      isLedaOfficial: z.boolean().optional().default(true),
      postFiles: z.array(z.object({ file: z.object({ fileId: idNumber }) })).max(MAX_POST_FILES, TOO_MANY_FILES).optional(),
      fileIds: z.array(idNumber).max(MAX_POST_FILES, TOO_MANY_FILES).optional(),
    }),
  }),
  presetPostId: z.object({ presetPostId: idNumber }),
  createBreak: z.object({ teamId: idNumber, breakName: z.string().max(120, { error: 'Max 120 characters' }).nullish() }),
};


export interface PresetJourney {
  presetJourneyId: number;
  journeyId: number;
  name: string;
  length: number;
  nbWeeksBeforeUnlock: number;
  isBreak: boolean;
  breakLabel: string | null;
  order: number;
}

export interface PresetPost {
  presetPostId: number;
  text: string;
  scheduledIn: number;
  time: string;
  isLedaOfficial: boolean;
  postFiles: { file: { fileId: number; blobId: string; fileName: string; type: number } }[];
}

export interface Preset {
  presetId: number;
  name: string;
  description: string;
  journeys: PresetJourney[];
  posts: PresetPost[];
}

type Trx = Transaction<Database>;
/** Runs in the caller's transaction when given one, else in a new one. */
const inTrx = <T>(db: Db, fn: (trx: Trx) => Promise<T>) => (db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn));

/** The preset list (admin /admin/team-presets): search and sort in the URL, counts in one query. */
export const presetList = defineList({
  sorts: { id: 'presets.id', name: 'presets.name', created: 'presets.created_at' },
  defaultSort: 'id',
  tieBreak: 'presets.id',
  search: ['presets.name', 'presets.description'],
  pageSize: 25,
});
export type PresetListQuery = ReturnType<typeof presetList.parse>;

export async function listPresets(db: Db, query: PresetListQuery) {
  const base = db
    .selectFrom('presets')
    .select((eb) => [
      'presets.id as presetId',
      'presets.name',
      'presets.description',
      'presets.created_at as createdAt',
      eb.selectFrom('preset_journeys as pj').select(eb.fn.countAll<number>().as('n')).whereRef('pj.preset_id', '=', 'presets.id').as('journeyCount'),
      eb.selectFrom('preset_posts as pp').select(eb.fn.countAll<number>().as('n')).whereRef('pp.preset_id', '=', 'presets.id').as('postCount'),
    ]);
  const page = await presetList.run(base, query);
  return { ...page, rows: page.rows.map((r) => ({ ...r, journeyCount: Number(r.journeyCount ?? 0), postCount: Number(r.postCount ?? 0), createdAt: new Date(r.createdAt).toISOString() })) };
}

/** /api/admin/getAllPresets: every preset's id, name and description (the team editor's picker). */
export async function getAllPresets(db: Db) {
  const rows = await db.selectFrom('presets').select(['id', 'name', 'description']).orderBy('id').limit(1000).execute();
  return rows.map((r) => ({ presetId: r.id, name: r.name, description: r.description }));
}

/** One preset with its journeys and posts (three queries). */
export async function getPresetById(db: Db, presetId: number): Promise<Preset> {
  const p = await db.selectFrom('presets').select(['id', 'name', 'description']).where('id', '=', presetId).executeTakeFirst();
  if (!p) throw new DomainError('not_found', PRESET_NOT_FOUND);
  const journeys = await db
    .selectFrom('preset_journeys as pj')
    .innerJoin('journeys as j', 'j.id', 'pj.journey_id')
    .select(['pj.id', 'pj.journey_id', 'pj.length_days', 'pj.nb_weeks_before_unlock', 'pj.break_label', 'j.name'])
    .where('pj.preset_id', '=', presetId)
    .orderBy('pj.ordinal')
    .orderBy('pj.id')
    .execute();
  const posts = await db
    .selectFrom('preset_posts as pp')
    .select((eb) => [
      'pp.id',
      'pp.text',
      'pp.scheduled_in',
      'pp.time',
      'pp.is_leda_official',
      jsonArrayFrom(
        eb
          .selectFrom('preset_post_files as ppf')
          .innerJoin('files as f', 'f.id', 'ppf.file_id')
          .select(['f.id as fileId', 'f.blob_id as blobId', 'f.file_name as fileName', 'f.type'])
          .whereRef('ppf.preset_post_id', '=', 'pp.id')
          .orderBy('ppf.ordinal'),
      ).as('files'),
    ])
    .where('pp.preset_id', '=', presetId)
    .orderBy('pp.scheduled_in')
    .orderBy('pp.time')
    .orderBy('pp.id')
    .execute();
  return {
    presetId: p.id,
    name: p.name,
    description: p.description,
    journeys: journeys.map((j, order) => {
      const isBreak = j.journey_id === BREAK_JOURNEY_ID;
      return {
        presetJourneyId: j.id,
        journeyId: j.journey_id,
        name: isBreak ? j.break_label || 'Break' : j.name,
        length: j.length_days,
        nbWeeksBeforeUnlock: isBreak ? ALWAYS_UNLOCKED : j.nb_weeks_before_unlock,
        isBreak,
        breakLabel: isBreak ? (j.break_label ?? 'Break') : null,
        order,
      };
    }),
    posts: posts.map((r) => ({
      presetPostId: r.id,
      text: r.text,
      scheduledIn: r.scheduled_in,
      time: r.time,
      isLedaOfficial: r.is_leda_official,
      postFiles: r.files.map((f) => ({ file: { fileId: f.fileId, blobId: f.blobId, fileName: f.fileName, type: f.type } })),
    })),
  };
}

async function presetRow(db: Db, presetId: number) {
  const p = await db.selectFrom('presets').select(['id', 'name', 'description']).where('id', '=', presetId).executeTakeFirst();
  if (!p) throw new DomainError('not_found', PRESET_NOT_FOUND);
  return p;
}

const audit = (trx: Trx, actorId: number, action: string, entityId: number, before: unknown, after: unknown) =>
  recordAudit(trx, { actorId, action, entity: 'preset', entityId, before, after });

export async function createPreset(db: Db, actorId: number, input: z.infer<typeof presetSchemas.create>) {
  return inTrx(db, async (trx) => {
    const row = await trx.insertInto('presets').values({ name: input.name, description: input.description }).returning(['id', 'name', 'description']).executeTakeFirstOrThrow();
    await audit(trx, actorId, 'preset.create', row.id, null, row);
    return { presetId: row.id, name: row.name, description: row.description };
  });
}

export async function updatePreset(db: Db, actorId: number, input: { presetId: number; name: string; description: string }) {
  return inTrx(db, async (trx) => {
    const before = await presetRow(trx, input.presetId);
    const after = await trx
      .updateTable('presets')
      .set({ name: input.name, description: input.description, updated_at: new Date() })
      .where('id', '=', input.presetId)
      .returning(['id', 'name', 'description'])
      .executeTakeFirstOrThrow();
    await audit(trx, actorId, 'preset.update', input.presetId, before, after);
    return { presetId: after.id, name: after.name, description: after.description };
  });
}

/** A copy of the preset with its journeys, posts and their files, named 'Copy of …'. */
export async function duplicatePreset(db: Db, actorId: number, presetId: number) {
  return inTrx(db, async (trx) => {
    const source = await getPresetById(trx, presetId);
    const row = await trx
      .insertInto('presets')
      .values({ name: `Copy of ${source.name}`.slice(0, 250), description: source.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (source.journeys.length) {
      await trx
        .insertInto('preset_journeys')
        .values(source.journeys.map((j, ordinal) => ({ preset_id: row.id, journey_id: j.journeyId, ordinal, length_days: j.length, nb_weeks_before_unlock: j.nbWeeksBeforeUnlock, break_label: j.breakLabel })))
        .execute();
    }
    for (const p of source.posts) {
      const post = await trx
        .insertInto('preset_posts')
        .values({ preset_id: row.id, text: p.text, scheduled_in: p.scheduledIn, time: p.time, is_leda_official: p.isLedaOfficial })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (p.postFiles.length) await trx.insertInto('preset_post_files').values(p.postFiles.map((f, ordinal) => ({ preset_post_id: post.id, file_id: f.file.fileId, ordinal }))).execute();
    }
    await audit(trx, actorId, 'preset.duplicate', row.id, { presetId }, { presetId: row.id });
    return { presetId: row.id };
  });
}

/** Updates the given preset journeys (length, weeks before unlock, break label, order); all of one preset. */
export async function updatePresetJourneys(db: Db, actorId: number, input: z.infer<typeof presetSchemas.journeys>) {
  return inTrx(db, async (trx) => {
    if (!input.journeys.length) return { presetId: input.presetId ?? null, journeys: [] as PresetJourney[] };
    const ids = input.journeys.map((j) => j.presetJourneyId);
    const rows = await trx.selectFrom('preset_journeys').select(['id', 'preset_id', 'journey_id']).where('id', 'in', ids).execute();
    const presetIds = new Set(rows.map((r) => r.preset_id));
    if (rows.length !== new Set(ids).size || presetIds.size !== 1 || (input.presetId && !presetIds.has(input.presetId))) {
      throw new DomainError('not_found', PRESET_JOURNEY_NOT_FOUND);
    }
    const presetId = rows[0]!.preset_id;
    const before = await getPresetById(trx, presetId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = input.journeys.map((j, i) => ({ j, i })).sort((a, b) => (a.j.order ?? a.i) - (b.j.order ?? b.i) || a.i - b.i);
    // Entries not sent keep their relative order after those sent with an order.
    for (const [n, { j }] of ordered.entries()) {
      const isBreak = byId.get(j.presetJourneyId)!.journey_id === BREAK_JOURNEY_ID;
      await trx
        .updateTable('preset_journeys')
        .set({
          ...(j.length !== undefined ? { length_days: j.length } : {}),
          ...(j.nbWeeksBeforeUnlock !== undefined && !isBreak ? { nb_weeks_before_unlock: j.nbWeeksBeforeUnlock } : {}),
          ...(isBreak && j.breakLabel !== undefined ? { break_label: (j.breakLabel ?? '').trim() || 'Break' } : {}),
          ...(ordered.some((o) => o.j.order !== undefined) ? { ordinal: n } : {}),
        })
        .where('id', '=', j.presetJourneyId)
        .execute();
    }
    const after = await getPresetById(trx, presetId);
    await audit(trx, actorId, 'preset.updateJourneys', presetId, before.journeys, after.journeys);
    return { presetId, journeys: after.journeys };
  });
}

async function nextOrdinal(trx: Trx, presetId: number) {
  const r = await trx.selectFrom('preset_journeys').select((eb) => eb.fn.max('ordinal').as('m')).where('preset_id', '=', presetId).executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}

/** Appends a journey to the preset (length 0, unlocked on the day); journey 1000 and repeats refused. */
export async function createPresetJourney(db: Db, actorId: number, input: { presetId: number; journeyId: number }) {
  return inTrx(db, async (trx) => {
    await presetRow(trx, input.presetId);
    if (input.journeyId === BREAK_JOURNEY_ID) throw new DomainError('invalid', 'Choose a journey.');
    const journey = await trx.selectFrom('journeys').select('id').where('id', '=', input.journeyId).executeTakeFirst();
    if (!journey) throw new DomainError('not_found', 'Journey not found.');
    const twice = await trx.selectFrom('preset_journeys').select('id').where('preset_id', '=', input.presetId).where('journey_id', '=', input.journeyId).executeTakeFirst();
    if (twice) throw new DomainError('conflict', PRESET_JOURNEY_TWICE);
    const row = await trx
      .insertInto('preset_journeys')
      .values({ preset_id: input.presetId, journey_id: input.journeyId, ordinal: await nextOrdinal(trx, input.presetId), length_days: 0, nb_weeks_before_unlock: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actorId, 'preset.addJourney', input.presetId, null, { presetJourneyId: row.id, journeyId: input.journeyId });
    return (await getPresetById(trx, input.presetId)).journeys.find((j) => j.presetJourneyId === row.id)!;
  });
}

/** Appends a labelled break (no unlock choice) to the preset. */
export async function addBreakToPreset(db: Db, actorId: number, input: { presetId: number; breakLabel?: string | null }) {
  return inTrx(db, async (trx) => {
    await presetRow(trx, input.presetId);
    const label = (input.breakLabel ?? '').trim().slice(0, 120) || 'Break';
    const row = await trx
      .insertInto('preset_journeys')
      .values({ preset_id: input.presetId, journey_id: BREAK_JOURNEY_ID, ordinal: await nextOrdinal(trx, input.presetId), length_days: 0, nb_weeks_before_unlock: ALWAYS_UNLOCKED, break_label: label })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actorId, 'preset.addBreak', input.presetId, null, { presetJourneyId: row.id, breakLabel: label });
    return (await getPresetById(trx, input.presetId)).journeys.find((j) => j.presetJourneyId === row.id)!;
  });
}

export async function removePresetJourney(db: Db, actorId: number, presetJourneyId: number) {
  return inTrx(db, async (trx) => {
    const row = await trx.deleteFrom('preset_journeys').where('id', '=', presetJourneyId).returning(['id', 'preset_id', 'journey_id', 'length_days', 'break_label']).executeTakeFirst();
    if (!row) throw new DomainError('not_found', PRESET_JOURNEY_NOT_FOUND);
    await audit(trx, actorId, 'preset.removeJourney', row.preset_id, row, null);
    return { presetId: row.preset_id, presetJourneyId };
  });
}

/**
 * Creates (no presetPostId) or updates a preset post; time HH:MM gets ':00'; files must exist.
 * The files sent (fileIds or postFiles, at most 10) replace the post's; an edit that sends neither
 * keeps the files the post has, so a save that only changes the text never loses them.
 */
export async function savePresetPost(db: Db, actorId: number, input: z.infer<typeof presetSchemas.post>): Promise<PresetPost> {
  return inTrx(db, async (trx) => {
    await presetRow(trx, input.presetId);
    const p = input.post;
    const sent = fileIdsOf(p);
    const time = toStoredTime(p.time);
    if (!time) throw new DomainError('invalid', PRESET_TIME_MESSAGE);
    const values = { text: p.text.trim(), scheduled_in: p.scheduledIn, time, is_leda_official: p.isLedaOfficial ?? true };
    let before: { fileIds: number[] } | null = null;
    if (p.presetPostId) {
      const existing = await trx.selectFrom('preset_posts').selectAll().where('id', '=', p.presetPostId).where('preset_id', '=', input.presetId).executeTakeFirst();
      if (!existing) throw new DomainError('not_found', PRESET_POST_NOT_FOUND);
      const files = await trx.selectFrom('preset_post_files').select('file_id').where('preset_post_id', '=', existing.id).orderBy('ordinal').execute();
      before = { ...existing, fileIds: files.map((f) => f.file_id) };
    }
    const fileIds = sent ?? before?.fileIds ?? [];
    checkPostFileCount(fileIds.length);
    if (!values.text && !fileIds.length) throw new DomainError('invalid', PRESET_POST_EMPTY);
    if (sent?.length) {
      const found = await trx.selectFrom('files').select('id').where('id', 'in', sent).execute();
      if (found.length !== sent.length) throw new DomainError('invalid', 'A file is not available.');
    }
    let id: number;
    if (p.presetPostId) {
      id = p.presetPostId;
      await trx.updateTable('preset_posts').set(values).where('id', '=', id).execute();
    } else {
      id = (await trx.insertInto('preset_posts').values({ preset_id: input.presetId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
    }
    if (sent) {
      await trx.deleteFrom('preset_post_files').where('preset_post_id', '=', id).execute();
      if (sent.length) await trx.insertInto('preset_post_files').values(sent.map((file_id, ordinal) => ({ preset_post_id: id, file_id, ordinal }))).execute();
    }
    await audit(trx, actorId, p.presetPostId ? 'preset.updatePost' : 'preset.createPost', input.presetId, before, { presetPostId: id, ...values, fileIds });
    return (await getPresetById(trx, input.presetId)).posts.find((x) => x.presetPostId === id)!;
  });
}

export async function removePresetPost(db: Db, actorId: number, presetPostId: number) {
  return inTrx(db, async (trx) => {
    const row = await trx.deleteFrom('preset_posts').where('id', '=', presetPostId).returning(['id', 'preset_id', 'text', 'scheduled_in', 'time']).executeTakeFirst();
    if (!row) throw new DomainError('not_found', PRESET_POST_NOT_FOUND);
    await audit(trx, actorId, 'preset.removePost', row.preset_id, row, null);
    return { presetId: row.preset_id, presetPostId };
  });
}
