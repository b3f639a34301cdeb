import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { DomainError, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';
import { BREAK_JOURNEY_ID } from './rules';

/**
 * Journeys through the catalogue import (content/catalogue/journeys/*.json): validated whole, then
 * upserted by journeyId in one transaction. Steps keep their ids across imports (upsert by urlId), so
 * a learner's my activities keep pointing at their step. Step items name their assessment, content
 * (reading), game or video by url id; exactly one of them.
 */
const urlId = z.string().regex(/^[a-z0-9-]{1,120}$/, 'a url id: lower-case letters, digits and dashes');

const stepItem = z
  .object({
    name: z.string().min(1).max(250),
    actionName: z.string().max(120).default(''),
    htmlContent: z.string().max(20_000).default(''),
    isSupport: z.boolean().default(false),
    assessment: urlId.optional(),
    content: urlId.optional(),
    game: urlId.optional(),
    video: urlId.optional(),
  })
  .refine((i) => [i.assessment, i.content, i.game, i.video].filter(Boolean).length === 1, 'exactly one of assessment, content, game or video');

export const journeyFile = z.object({
  journeyId: z.number().int().min(1).max(999_999).refine((id) => id !== BREAK_JOURNEY_ID, 'journey 1000 is the break marker'),
  urlId,
  name: z.string().min(1).max(250),
  overview: z.string().max(2000).default(''),
  htmlSummary: z.string().max(20_000).default(''),
  summaryNotesUrl: z.string().url().max(500).nullable().default(null),
  isLocked: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  isGlobal: z.boolean().default(false),
  ordinal: z.number().int().min(0).max(10_000).default(0),
  skills: z.array(urlId).max(20).default([]),
  steps: z
    .array(
      z.object({
        urlId,
        name: z.string().min(1).max(250),
        overview: z.string().max(2000).default(''),
        activities: z.array(z.number().int().positive()).max(20).default([]),
        items: z.array(stepItem).max(20).default([]),
      }),
    )
    .min(1)
    .max(30),
});
export type JourneyFile = z.infer<typeof journeyFile>;

export class JourneyImportError extends DomainError {
  constructor(readonly problems: string[]) {
    super('invalid', `The journeys were not imported: ${problems.length} problem(s).`);
  }
}

export async function importJourneys(db: Db, folder: string): Promise<number> {
  const dir = path.join(folder, 'journeys');
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return 0;
  }
  const problems: string[] = [];
  const parsed: { file: string; data: JourneyFile }[] = [];
  for (const name of names) {
    const file = `journeys/${name}`;
    try {
      const r = journeyFile.safeParse(JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')));
      if (r.success) parsed.push({ file, data: r.data });
      else for (const i of r.error.issues) problems.push(`${file}: ${i.path.join('.') || '(file)'}: ${i.message}`);
    } catch (e) {
      problems.push(`${file}: not valid JSON (${(e as Error).message})`);
    }
  }
  const lookup = async (table: 'skills' | 'assessments' | 'contents' | 'games' | 'videos') =>
    new Map((await db.selectFrom(table).select(['id', 'url_id']).execute()).map((r) => [r.url_id, r.id]));
  const maps = { skills: await lookup('skills'), assessment: await lookup('assessments'), content: await lookup('contents'), game: await lookup('games'), video: await lookup('videos') };
  const activityIds = new Set((await db.selectFrom('activities').select('id').execute()).map((a) => a.id));
  for (const { file, data } of parsed) {
    data.skills.forEach((s, i) => !maps.skills.has(s) && problems.push(`${file}: skills.${i}: unknown skill "${s}"`));
    data.steps.forEach((s, si) => {
      s.activities.forEach((a, ai) => !activityIds.has(a) && problems.push(`${file}: steps.${si}.activities.${ai}: unknown activity ${a}`));
      s.items.forEach((it, ii) => {
        for (const kind of ['assessment', 'content', 'game', 'video'] as const) {
          const ref = it[kind];
          if (ref && !maps[kind].has(ref)) problems.push(`${file}: steps.${si}.items.${ii}.${kind}: unknown ${kind} "${ref}"`);
        }
      });
    });
  }
  if (problems.length) throw new JourneyImportError(problems);

  await db.transaction().execute(async (trx) => {
    for (const { data: j } of parsed) {
      const values = {
        url_id: j.urlId,
        name: j.name,
        overview: j.overview,
        html_summary: sanitizeArticleHtml(j.htmlSummary),
        summary_notes_url: j.summaryNotesUrl,
        is_locked: j.isLocked,
        is_featured: j.isFeatured,
        is_global: j.isGlobal,
        ordinal: j.ordinal,
      };
      await trx
        .insertInto('journeys')
        .values({ id: j.journeyId, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await trx.deleteFrom('journey_skills').where('journey_id', '=', j.journeyId).execute();
      if (j.skills.length) await trx.insertInto('journey_skills').values(j.skills.map((s, i) => ({ journey_id: j.journeyId, skill_id: maps.skills.get(s)!, ordinal: i }))).execute();
      // Free the ordinals first so steps may be reordered, then upsert by url id and drop the rest.
      await trx.updateTable('journey_steps').set({ ordinal: sql`-1000 - ordinal` }).where('journey_id', '=', j.journeyId).execute();
      const keep: number[] = [];
      for (const [index, s] of j.steps.entries()) {
        const step = await trx
          .insertInto('journey_steps')
          .values({ journey_id: j.journeyId, url_id: s.urlId, ordinal: index + 1, name: s.name, overview: s.overview })
          .onConflict((oc) => oc.columns(['journey_id', 'url_id']).doUpdateSet({ ordinal: index + 1, name: s.name, overview: s.overview }))
          .returning('id')
          .executeTakeFirstOrThrow();
        keep.push(step.id);
        await trx.deleteFrom('journey_step_activities').where('step_id', '=', step.id).execute();
        if (s.activities.length) await trx.insertInto('journey_step_activities').values(s.activities.map((a, i) => ({ step_id: step.id, activity_id: a, ordinal: i }))).execute();
        await trx.deleteFrom('journey_step_items').where('step_id', '=', step.id).execute();
        if (s.items.length) {
          await trx
            .insertInto('journey_step_items')
            .values(
              s.items.map((it, i) => ({
                step_id: step.id,
                ordinal: i + 1,
                name: it.name,
                action_name: it.actionName,
                html_content: sanitizeArticleHtml(it.htmlContent),
                is_support: it.isSupport,
                assessment_id: it.assessment ? maps.assessment.get(it.assessment)! : null,
                content_id: it.content ? maps.content.get(it.content)! : null,
                game_id: it.game ? maps.game.get(it.game)! : null,
                video_id: it.video ? maps.video.get(it.video)! : null,
              })),
            )
            .execute();
        }
      }
      await trx.deleteFrom('journey_steps').where('journey_id', '=', j.journeyId).where('id', 'not in', keep).execute();
    }
    // Imported journeys carry their own ids: move the sequence past them (and past the break marker 1000).
    await sql`select setval(pg_get_serial_sequence('journeys', 'id'), (select max(id) from journeys))`.execute(trx);
  });
  return parsed.length;
}

export function seedJourneys(db: Db) {
  return importJourneys(db, path.resolve('content/catalogue'));
}
