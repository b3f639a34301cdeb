import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { DomainError, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';
import { activityFile, type ActivityFile } from './schemas';
import { FIELD_TYPES, isFieldType } from './field-types';

/** The activity catalogue: what an activity is (admin-console s.3), read for learners, and its import. */

export interface ActivityTaskField {
  activityTaskFieldId: number;
  ordinal: number;
  type: number;
  label: string;
  placeholder: string;
  htmlHelp: string;
  min: string | null;
  max: string | null;
  activityTaskFieldOptions: { activityTaskFieldOptionId: number; label: string; ordinal: number }[];
}
export interface ActivityTask {
  activityTaskId: number;
  activityId: number;
  ordinal: number;
  name: string;
  htmlContent: string;
  activityTaskFields: ActivityTaskField[];
}
export interface ActivitySummary {
  activityId: number;
  name: string;
  overview: string;
  isGlobal: boolean;
  isFeatured: boolean;
  createdAt: string;
  taskCount: number;
  activitySkills: { activitySkillId: number; activityId: number; skillId: number }[];
}
export interface Activity extends ActivitySummary {
  activityTasks: ActivityTask[];
}

async function summaries(db: Db, where: { ids?: number[]; global?: boolean }): Promise<ActivitySummary[]> {
  let q = db
    .selectFrom('activities as a')
    .select(['a.id', 'a.name', 'a.overview', 'a.is_global', 'a.is_featured', 'a.created_at'])
    .select((eb) => eb.selectFrom('activity_tasks').select(sql<number>`count(*)::int`.as('n')).whereRef('activity_tasks.activity_id', '=', 'a.id').as('task_count'))
    .select(sql<{ id: number; skill_id: number }[]>`coalesce((select json_agg(json_build_object('id', s.id, 'skill_id', s.skill_id) order by s.id) from activity_skills s where s.activity_id = a.id), '[]')`.as('skills'));
  if (where.ids) q = q.where('a.id', 'in', where.ids.length ? where.ids : [0]);
  if (where.global) q = q.where('a.is_global', '=', true);
  const rows = await q.orderBy('a.is_featured', 'desc').orderBy('a.name').orderBy('a.id').execute();
  return rows.map((r) => ({
    activityId: r.id,
    name: r.name,
    overview: r.overview,
    isGlobal: r.is_global,
    isFeatured: r.is_featured,
    createdAt: new Date(r.created_at).toISOString(),
    taskCount: r.task_count ?? 0,
    activitySkills: r.skills.map((s) => ({ activitySkillId: s.id, activityId: r.id, skillId: s.skill_id })),
  }));
}

/** The global activities (Explore > Activities), featured first then by name. Two queries at most, whatever the count. */
export function getGlobalActivities(db: Db) {
  return summaries(db, { global: true });
}

/** Names of activities by id (game and survey results, related panels); unknown ids are left out. */
export async function getActivityNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('activities').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One activity with its ordered tasks, fields and options; not_found when it does not exist. */
export async function getActivityById(db: Db, activityId: number): Promise<Activity> {
  const [summary] = await summaries(db, { ids: [activityId] });
  if (!summary) throw new DomainError('not_found', 'That activity was not found.');
  const tasks = await db.selectFrom('activity_tasks').selectAll().where('activity_id', '=', activityId).orderBy('ordinal').execute();
  const taskIds = tasks.map((t) => t.id);
  const fields = taskIds.length ? await db.selectFrom('activity_task_fields').selectAll().where('task_id', 'in', taskIds).orderBy('ordinal').execute() : [];
  const fieldIds = fields.map((f) => f.id);
  const options = fieldIds.length ? await db.selectFrom('activity_task_field_options').selectAll().where('field_id', 'in', fieldIds).orderBy('ordinal').execute() : [];
  return {
    ...summary,
    activityTasks: tasks.map((t) => ({
      activityTaskId: t.id,
      activityId: t.activity_id,
      ordinal: t.ordinal,
      name: t.name,
      htmlContent: t.html_content,
      activityTaskFields: fields
        .filter((f) => f.task_id === t.id)
        .map((f) => ({
          activityTaskFieldId: f.id,
          ordinal: f.ordinal,
          type: f.type,
          label: f.label,
          placeholder: f.placeholder,
          htmlHelp: f.html_help,
          min: f.min,
          max: f.max,
          activityTaskFieldOptions: options.filter((o) => o.field_id === f.id).map((o) => ({ activityTaskFieldOptionId: o.id, label: o.label, ordinal: o.ordinal })),
        })),
    })),
  };
}

// ---- Import ---------------------------------------------------------------------------------

export class ActivityImportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The activities have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
    this.name = 'ActivityImportError';
    this.problems = problems;
  }
}

/** Field settings that do not fit the type (options on a date, a min on a checkbox) are problems. */
function fieldProblems(file: string, a: ActivityFile): string[] {
  const out: string[] = [];
  a.tasks.forEach((t, ti) =>
    t.fields.forEach((f, fi) => {
      const at = `${file}: tasks.${ti}.fields.${fi}`;
      if (!isFieldType(f.type)) return;
      const s = FIELD_TYPES[f.type].settings;
      if (s.options && f.options.length === 0) out.push(`${at}.options: ${FIELD_TYPES[f.type].name} needs options`);
      if (!s.options && f.options.length) out.push(`${at}.options: ${FIELD_TYPES[f.type].name} has no options`);
      if (!s.bounds && (f.min || f.max)) out.push(`${at}: ${FIELD_TYPES[f.type].name} takes no min or max`);
    }),
  );
  return out;
}

/**
 * Imports content/catalogue/activities/*.json: each file is one activity with its own stable
 * activityId (game, survey and chapter files refer to it by that id). Validates every file first;
 * any problem changes nothing. Upserts by id; tasks, fields and options are replaced (learners'
 * copies are separate rows, so their answers never change). Returns the number of activities.
 */
export async function importActivities(db: Db, folder: string): Promise<number> {
  const dir = path.join(folder, 'activities');
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return 0;
  }
  const problems: string[] = [];
  const parsed: { file: string; data: ActivityFile }[] = [];
  for (const name of names) {
    const file = `activities/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8'));
    } catch (e) {
      problems.push(`${file}: not valid JSON (${(e as Error).message})`);
      continue;
    }
    const r = activityFile.safeParse(json);
    if (!r.success) for (const i of r.error.issues) problems.push(`${file}: ${i.path.join('.') || '(file)'}: ${i.message}`);
    else {
      problems.push(...fieldProblems(file, r.data));
      parsed.push({ file, data: r.data });
    }
  }
  const seen = new Map<number, string>();
  for (const p of parsed) {
    const other = seen.get(p.data.activityId);
    if (other) problems.push(`${p.file}: activityId: ${p.data.activityId} is also used by ${other}`);
    seen.set(p.data.activityId, p.file);
  }
  const skillRows = await db.selectFrom('skills').select(['id', 'url_id']).execute();
  const skills = new Map(skillRows.map((s) => [s.url_id, s.id]));
  for (const p of parsed) p.data.skills.forEach((s, i) => !skills.has(s) && problems.push(`${p.file}: skills.${i}: unknown skill "${s}"`));
  if (problems.length) throw new ActivityImportError(problems);

  await db.transaction().execute(async (trx) => {
    for (const { data: a } of parsed) {
      await trx
        .insertInto('activities')
        .values({ id: a.activityId as never, name: a.name, overview: a.overview, is_global: a.isGlobal, is_featured: a.isFeatured })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: a.name, overview: a.overview, is_global: a.isGlobal, is_featured: a.isFeatured }))
        .execute();
      await trx.deleteFrom('activity_tasks').where('activity_id', '=', a.activityId).execute();
      await trx.deleteFrom('activity_skills').where('activity_id', '=', a.activityId).execute();
      const skillIds = [...new Set(a.skills.map((s) => skills.get(s)!))];
      if (skillIds.length) await trx.insertInto('activity_skills').values(skillIds.map((skill_id) => ({ activity_id: a.activityId, skill_id }))).execute();
      for (const [ti, t] of a.tasks.entries()) {
        const task = await trx
          .insertInto('activity_tasks')
          .values({ activity_id: a.activityId, ordinal: ti, name: t.name, html_content: sanitizeArticleHtml(t.htmlContent) })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [fi, f] of t.fields.entries()) {
          const field = await trx
            .insertInto('activity_task_fields')
            .values({ task_id: task.id, ordinal: fi, type: f.type, label: f.label, placeholder: f.placeholder, html_help: sanitizeArticleHtml(f.htmlHelp), min: f.min ?? null, max: f.max ?? null })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (f.options.length) await trx.insertInto('activity_task_field_options').values(f.options.map((label, ordinal) => ({ field_id: field.id, ordinal, label }))).execute();
        }
      }
    }
    // Explicit ids: keep the sequence ahead of them, so activities made later get fresh ids.
    await sql`select setval(pg_get_serial_sequence('activities', 'id'), greatest((select max(id) from activities), 1))`.execute(trx);
  });
  return parsed.length;
}

/** The demo seed: the activities the repo ships under content/catalogue/activities. */
export function seedActivities(db: Db) {
  return importActivities(db, path.resolve('content/catalogue'));
}
