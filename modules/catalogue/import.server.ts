import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database, Db } from '@modules/shared/index.server';
import { checkReferences, readCatalogueFolder, type CatalogueBundle, type KnownIds } from './import-read.server';
import { bumpCatalogueVersion, invalidateReferenceData } from './reference.server';

/**
 * importCatalogue(db, folder): validates every file of a catalogue folder, then upserts it by urlId
 * in one transaction. A folder with any problem changes nothing (CatalogueImportError lists every
 * problem as '<file>: <field path>: <message>'); a re-run of the same folder changes nothing
 * (children are upserted by their natural keys, so ids stay stable).
 */
export class CatalogueImportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The catalogue has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
    this.name = 'CatalogueImportError';
    this.problems = problems;
  }
}

export interface ImportSummary {
  capabilities: number;
  skillGroups: number;
  skills: number;
  videos: number;
  modules: number;
  stories: number;
  chapters: number;
  games: number;
  stages: number;
  assessments: number;
  questions: number;
  version: number;
}

type Trx = Transaction<Database>;

async function urlIds(db: Db, table: 'skill_groups' | 'skills' | 'videos' | 'stories' | 'assessments') {
  const rows = await db.selectFrom(table).select('url_id').execute();
  return new Set(rows.map((r) => r.url_id));
}

async function idMap(trx: Trx, table: 'skill_groups' | 'skills' | 'videos' | 'stories' | 'assessments') {
  const rows = await trx.selectFrom(table).select(['id', 'url_id']).execute();
  const map = new Map(rows.map((r) => [r.url_id, r.id]));
  return (urlId: string) => {
    const id = map.get(urlId);
    if (id === undefined) throw new Error(`${table} ${urlId} vanished during import`);
    return id;
  };
}

export async function validateCatalogueFolder(db: Db, folder: string) {
  const { bundle, problems } = await readCatalogueFolder(folder);
  const known: KnownIds = {
    skillGroups: await urlIds(db, 'skill_groups'),
    skills: await urlIds(db, 'skills'),
    videos: await urlIds(db, 'videos'),
    stories: await urlIds(db, 'stories'),
    assessments: await urlIds(db, 'assessments'),
  };
  problems.push(...checkReferences(bundle, known));
  return { bundle, problems };
}

export async function importCatalogue(db: Db, folder: string): Promise<ImportSummary> {
  const { bundle, problems } = await validateCatalogueFolder(db, folder);
  if (problems.length) throw new CatalogueImportError(problems);
  const summary = await db.transaction().execute((trx) => writeBundle(trx, bundle));
  invalidateReferenceData();
  return summary;
}

/** The demo seed: the catalogue the repo ships under content/catalogue. */
export async function seedCatalogue(db: Db) {
  return importCatalogue(db, path.resolve('content/catalogue'));
}

async function writeBundle(trx: Trx, b: CatalogueBundle): Promise<ImportSummary> {
  const summary: ImportSummary = { capabilities: 0, skillGroups: 0, skills: 0, videos: 0, modules: 0, stories: 0, chapters: 0, games: 0, stages: 0, assessments: 0, questions: 0, version: 0 };

  for (const [i, g] of (b.skillGroups?.data ?? []).entries()) {
    const values = { name: g.name, overview: g.overview, primary_colour: g.primaryColour.replace('#', ''), complementary_colour: g.complementaryColour.replace('#', '') };
    await trx.insertInto('skill_groups').values({ url_id: g.urlId, ordinal: i, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).execute();
    summary.skillGroups++;
  }
  for (const [i, c] of (b.capabilities?.data ?? []).entries()) {
    const values = { name: c.name, overview: c.overview, ordinal: i };
    const { id } = await trx.insertInto('capabilities').values({ url_id: c.urlId, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).returning('id').executeTakeFirstOrThrow();
    for (const [j, g] of c.skillGroups.entries()) await trx.updateTable('skill_groups').set({ capability_id: id, ordinal: j }).where('url_id', '=', g).execute();
    summary.capabilities++;
  }
  const groupId = await idMap(trx, 'skill_groups');
  for (const { data: s } of b.skills) {
    const values = { name: s.name, overview: s.overview, content: s.content, is_locked: s.isLocked, skill_group_id: groupId(s.skillGroup), ordinal: s.ordinal ?? 0 };
    await trx.insertInto('skills').values({ url_id: s.urlId, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).execute();
    summary.skills++;
  }
  const skillId = await idMap(trx, 'skills');

  for (const v of b.videos?.data ?? []) {
    const values = { name: v.name, video_url: v.videoUrl, duration_seconds: v.durationSeconds };
    const { id } = await trx.insertInto('videos').values({ url_id: v.urlId, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).returning('id').executeTakeFirstOrThrow();
    await trx.deleteFrom('video_skills').where('video_id', '=', id).execute();
    if (v.skills.length) await trx.insertInto('video_skills').values(v.skills.map((s, i) => ({ video_id: id, skill_id: skillId(s), ordinal: i }))).execute();
    summary.videos++;
  }
  const videoId = await idMap(trx, 'videos');

  for (const [n, { data: a }] of b.assessments.entries()) {
    const values = { name: a.name, instruction: a.instruction, overview: a.overview, citation: a.citation, ordinal: n };
    const { id } = await trx.insertInto('assessments').values({ url_id: a.urlId, type: 1, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).returning('id').executeTakeFirstOrThrow();
    await replaceRules(trx, 'assessment', id, a, skillId);
    for (const [i, q] of a.questions.entries()) {
      const question = await trx
        .insertInto('assessment_questions')
        .values({ assessment_id: id, ordinal: i, html_content: q.htmlContent })
        .onConflict((oc) => oc.columns(['assessment_id', 'ordinal']).doUpdateSet({ html_content: q.htmlContent }))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [j, o] of q.options.entries()) {
        const option = await trx
          .insertInto('assessment_options')
          .values({ question_id: question.id, ordinal: j, html_content: o.htmlContent })
          .onConflict((oc) => oc.columns(['question_id', 'ordinal']).doUpdateSet({ html_content: o.htmlContent }))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('assessment_option_skills').where('option_id', '=', option.id).execute();
        if (o.skillPoints.length) await trx.insertInto('assessment_option_skills').values(o.skillPoints.map((p) => ({ option_id: option.id, skill_id: skillId(p.skill), value: p.value }))).execute();
      }
      await trx.deleteFrom('assessment_options').where('question_id', '=', question.id).where('ordinal', '>=', q.options.length).execute();
      summary.questions++;
    }
    await trx.deleteFrom('assessment_questions').where('assessment_id', '=', id).where('ordinal', '>=', a.questions.length).execute();
    summary.assessments++;
  }
  const assessmentId = await idMap(trx, 'assessments');

  for (const { data: s } of b.stories) {
    const values = { name: s.name, overview: s.overview, is_locked: s.isLocked, is_featured: s.isFeatured };
    const { id } = await trx.insertInto('stories').values({ url_id: s.urlId, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).returning('id').executeTakeFirstOrThrow();
    await trx.deleteFrom('story_skills').where('story_id', '=', id).execute();
    if (s.relatedSkills.length) await trx.insertInto('story_skills').values(s.relatedSkills.map((k, i) => ({ story_id: id, skill_id: skillId(k), ordinal: i }))).execute();
    for (const c of s.chapters) {
      const values = { ordinal: c.ordinal, name: c.name, overview: c.overview, html_content: c.htmlContent, video_id: c.video ? videoId(c.video) : null };
      const chapter = await trx
        .insertInto('chapters')
        .values({ story_id: id, url_id: c.urlId, ...values })
        .onConflict((oc) => oc.columns(['story_id', 'url_id']).doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('chapter_related_videos').where('chapter_id', '=', chapter.id).execute();
      const related = [...new Set(c.relatedVideos)];
      if (related.length) await trx.insertInto('chapter_related_videos').values(related.map((v, i) => ({ chapter_id: chapter.id, video_id: videoId(v), ordinal: i }))).execute();
      await trx.deleteFrom('chapter_related_assessments').where('chapter_id', '=', chapter.id).execute();
      const assessments = [...new Set(c.relatedAssessments)];
      if (assessments.length) await trx.insertInto('chapter_related_assessments').values(assessments.map((a, i) => ({ chapter_id: chapter.id, assessment_id: assessmentId(a), ordinal: i }))).execute();
      await trx.deleteFrom('chapter_related_activities').where('chapter_id', '=', chapter.id).execute();
      const activities = [...new Set(c.relatedActivities)];
      if (activities.length) await trx.insertInto('chapter_related_activities').values(activities.map((a, i) => ({ chapter_id: chapter.id, activity_id: a, ordinal: i }))).execute();
      summary.chapters++;
    }
    let stale = trx.deleteFrom('chapters').where('story_id', '=', id);
    if (s.chapters.length) stale = stale.where('url_id', 'not in', s.chapters.map((c) => c.urlId));
    await stale.execute();
    summary.stories++;
  }
  for (const [i, m] of (b.modules?.data ?? []).entries()) {
    const values = { name: m.name, ordinal: m.ordinal ?? i };
    const { id } = await trx.insertInto('modules').values({ url_id: m.urlId, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).returning('id').executeTakeFirstOrThrow();
    for (const [j, s] of m.stories.entries()) await trx.updateTable('stories').set({ module_id: id, ordinal: j }).where('url_id', '=', s).execute();
    summary.modules++;
  }

  for (const [n, { data: g }] of b.games.entries()) {
    const values = { name: g.name, overview: g.overview, is_choice_shuffle_on: g.isChoiceShuffleOn, ordinal: n };
    const { id } = await trx.insertInto('games').values({ url_id: g.urlId, type: 1, ...values }).onConflict((oc) => oc.column('url_id').doUpdateSet(values)).returning('id').executeTakeFirstOrThrow();
    await replaceRules(trx, 'game', id, g, skillId);
    const stageIds = new Map<string, number>();
    for (const [i, s] of g.stages.entries()) {
      const values = { ordinal: i, type: s.type, speaker: s.speaker ?? null, html_content: s.htmlContent, image_background: s.imageBackground ?? null, image_focus: s.imageFocus ?? null };
      const stage = await trx
        .insertInto('game_stages')
        .values({ game_id: id, key: s.key, ...values })
        .onConflict((oc) => oc.columns(['game_id', 'key']).doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      stageIds.set(s.key, stage.id);
    }
    const stageId = (key: string | null | undefined) => (key == null ? null : (stageIds.get(key) ?? null));
    await trx.deleteFrom('game_stages').where('game_id', '=', id).where('key', 'not in', g.stages.map((s) => s.key)).execute();
    for (const s of g.stages) {
      const sid = stageId(s.key)!;
      await trx.updateTable('game_stages').set({ next_stage_id: stageId(s.next) }).where('id', '=', sid).execute();
      for (const [j, c] of s.choices.entries()) {
        const values = { html_content: c.htmlContent, next_stage_id: stageId(c.next) };
        const choice = await trx
          .insertInto('game_choices')
          .values({ stage_id: sid, ordinal: j, ...values })
          .onConflict((oc) => oc.columns(['stage_id', 'ordinal']).doUpdateSet(values))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('game_choice_skills').where('choice_id', '=', choice.id).execute();
        if (c.skillPoints.length) await trx.insertInto('game_choice_skills').values(c.skillPoints.map((p) => ({ choice_id: choice.id, skill_id: skillId(p.skill), value: p.value }))).execute();
      }
      await trx.deleteFrom('game_choices').where('stage_id', '=', sid).where('ordinal', '>=', s.choices.length).execute();
      summary.stages++;
    }
    await trx.updateTable('games').set({ start_stage_id: stageId(g.startStage) }).where('id', '=', id).execute();
    summary.games++;
  }

  summary.version = await bumpCatalogueVersion(trx);
  return summary;
}

type RuleSource = {
  relatedSkills: { skill: string; maxPoints: number }[];
  feedbacks: { skill: string; operator: number; value: number; htmlContent: string }[];
  activities: { skill: string; operator: number; value: number; activityId?: number | null }[];
};

async function replaceRules(trx: Trx, kind: 'game' | 'assessment', id: number, src: RuleSource, skillId: (u: string) => number) {
  const related = src.relatedSkills.map((r, i) => ({ skill_id: skillId(r.skill), max_points: r.maxPoints, ordinal: i }));
  const feedbacks = src.feedbacks.map((r, i) => ({ ordinal: i, skill_id: skillId(r.skill), operator: r.operator, value: r.value, html_content: r.htmlContent }));
  const activities = src.activities.map((r, i) => ({ ordinal: i, skill_id: skillId(r.skill), operator: r.operator, value: r.value, activity_id: r.activityId ?? null }));
  if (kind === 'game') {
    await trx.deleteFrom('game_related_skills').where('game_id', '=', id).execute();
    await trx.deleteFrom('game_feedbacks').where('game_id', '=', id).execute();
    await trx.deleteFrom('game_activities').where('game_id', '=', id).execute();
    if (related.length) await trx.insertInto('game_related_skills').values(related.map((r) => ({ game_id: id, ...r }))).execute();
    if (feedbacks.length) await trx.insertInto('game_feedbacks').values(feedbacks.map((r) => ({ game_id: id, ...r }))).execute();
    if (activities.length) await trx.insertInto('game_activities').values(activities.map((r) => ({ game_id: id, ...r }))).execute();
  } else {
    await trx.deleteFrom('assessment_related_skills').where('assessment_id', '=', id).execute();
    await trx.deleteFrom('survey_feedbacks').where('assessment_id', '=', id).execute();
    await trx.deleteFrom('survey_activities').where('assessment_id', '=', id).execute();
    if (related.length) await trx.insertInto('assessment_related_skills').values(related.map((r) => ({ assessment_id: id, ...r }))).execute();
    if (feedbacks.length) await trx.insertInto('survey_feedbacks').values(feedbacks.map((r) => ({ assessment_id: id, ...r }))).execute();
    if (activities.length) await trx.insertInto('survey_activities').values(activities.map((r) => ({ assessment_id: id, ...r }))).execute();
  }
}

