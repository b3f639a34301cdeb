import { sql } from 'kysely';
import { z } from 'zod';
import { defineList, DomainError, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';
import { DATE, DATETIME, FIELD_TYPES, isFieldType, isRealDate, TIME, type FieldTypeId } from './constants';
import { getActivityById, type Activity } from './activity-catalogue.server';
import { MAX_ID } from '@modules/shared/validation';

/**
 * The admin console's activity list and editor (admin-console s.2, s.3, s.5): a searchable list,
 * the save of a whole activity (name, flags, ordered tasks with fields and options, skills) in one
 * transaction, and /api/admin/getAllActivities. Saving replaces the activity's tasks; learners'
 * My Activities are copies made when they added the activity, so they keep what they had
 * (docs/decisions/221). Task and help HTML is sanitised here, when it is written.
 */

export const ACTIVITY_SAVED = 'Activity saved.';
export const MAX_TASKS = 30;
export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 50;
export const MAX_SKILLS = 50;

const REQUIRED = 'This field is required';
const tempId = z.number().int().min(1).max(MAX_ID).nullish();
const text = (max: number, message = `Max ${max.toLocaleString('en-GB')} characters`) => z.string().max(max, message);
const bound = z
  .string()
  .trim()
  .max(50, 'Max 50 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const optionInput = z.object({ activityTaskFieldOptionId: tempId, label: z.string().trim().min(1, REQUIRED).max(250, 'Max 250 characters') });
const fieldInput = z
  .object({
    activityTaskFieldId: tempId,
    type: z.number({ error: 'Choose a field type' }).int().refine(isFieldType, 'Choose a field type'),
    label: text(250).trim().default(''),
    placeholder: text(250).trim().nullish().transform((v) => v ?? ''),
    htmlHelp: text(10_000).nullish().transform((v) => v ?? ''),
    min: bound,
    max: bound,
    activityTaskFieldOptions: z.array(optionInput).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`).default([]),
  })
  .superRefine((f, ctx) => {
    if (!isFieldType(f.type)) return;
    const entry = FIELD_TYPES[f.type];
    if (entry.settings.options && f.activityTaskFieldOptions.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['activityTaskFieldOptions'], message: `${entry.name} needs at least one option` });
    }
    for (const key of ['min', 'max'] as const) {
      const v = f[key];
      if (v == null || !entry.settings.bounds) continue;
      const ok = { length: /^\d{1,6}$/, count: /^\d{1,6}$/, date: DATE, time: TIME, datetime: DATETIME }[entry.settings.bounds].test(v);
      const real = entry.settings.bounds === 'date' ? isRealDate(v) : entry.settings.bounds === 'datetime' ? isRealDate(v.slice(0, 10)) : true;
      if (!ok || !real) ctx.addIssue({ code: 'custom', path: [key], message: BOUND_HINT[entry.settings.bounds] });
    }
    if (f.min != null && f.max != null && entry.settings.bounds) {
      const numeric = entry.settings.bounds === 'length' || entry.settings.bounds === 'count';
      const wrong = numeric ? Number(f.min) > Number(f.max) : f.min > f.max;
      if (wrong) ctx.addIssue({ code: 'custom', path: ['max'], message: 'Max must not be below min' });
    }
  });

/** What min and max mean per kind of field, as the editor's hint and the error say it. */
export const BOUND_HINT = {
  length: 'A number of characters (e.g. 500)',
  count: 'A number of choices (e.g. 2)',
  date: 'A date as YYYY-MM-DD',
  time: 'A time as HH:MM',
  datetime: 'A date and time as YYYY-MM-DDTHH:MM',
} as const;

const taskInput = z.object({
  activityTaskId: tempId,
  name: z.string().trim().min(1, REQUIRED).max(250, 'Max 250 characters'),
  htmlContent: text(100_000).default(''),
  activityTaskFields: z.array(fieldInput).max(MAX_FIELDS, `At most ${MAX_FIELDS} fields in a task`).default([]),
});

/** The activity as the editor and /api/admin/saveActivity send it (temporary ids null). */
export const activityInputSchema = z.object({
  activityId: tempId,
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(250, 'Max 250 characters'),
  overview: text(10_000).trim().nullish().transform((v) => v ?? ''),
  isGlobal: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  activityTasks: z.array(taskInput).min(1, 'An activity needs at least one task').max(MAX_TASKS, `At most ${MAX_TASKS} tasks`),
  activitySkills: z
    .array(z.object({ activitySkillId: tempId, skillId: z.number({ error: 'Choose a skill' }).int().min(1, 'Choose a skill').max(MAX_ID, 'Choose a skill') }))
    .max(MAX_SKILLS, `At most ${MAX_SKILLS} skills`)
    .default([])
    .superRefine((skills, ctx) => {
      const seen = new Set<number>();
      skills.forEach((s, i) => {
        if (seen.has(s.skillId)) ctx.addIssue({ code: 'custom', path: [i, 'skillId'], message: 'That skill is already added' });
        seen.add(s.skillId);
      });
    }),
});
export type ActivityInput = z.input<typeof activityInputSchema>;
export type ValidActivity = z.output<typeof activityInputSchema>;
export const saveActivityBody = z.object({ activity: activityInputSchema });

/** Settings a type does not have are dropped (a placeholder left from when the field was a Text). */
function normaliseField(f: ValidActivity['activityTasks'][number]['activityTaskFields'][number]) {
  const s = FIELD_TYPES[f.type as FieldTypeId].settings;
  return {
    type: f.type,
    label: f.label,
    placeholder: s.placeholder ? f.placeholder : '',
    html_help: sanitizeArticleHtml(f.htmlHelp),
    min: s.bounds ? f.min : null,
    max: s.bounds ? f.max : null,
    options: s.options ? f.activityTaskFieldOptions.map((o) => o.label) : [],
  };
}

/**
 * Creates (activityId null) or replaces an activity with its tasks, fields, options and skills in
 * one transaction; a constant number of queries whatever its size. Unknown activity: not_found;
 * unknown skill: invalid. Returns the saved activity as getActivityById reads it.
 */
export async function saveActivity(db: Db, input: ValidActivity, onSaved?: (trx: Db, activityId: number, created: boolean) => Promise<void>): Promise<Activity> {
  const skillIds = input.activitySkills.map((s) => s.skillId);
  const id = await db.transaction().execute(async (trx) => {
    if (skillIds.length) {
      const known = await trx.selectFrom('skills').select('id').where('id', 'in', skillIds).execute();
      if (known.length !== skillIds.length) throw new DomainError('invalid', 'activitySkills: Unknown skill.');
    }
    const values = { name: input.name, overview: input.overview, is_global: input.isGlobal, is_featured: input.isFeatured };
    let activityId: number;
    if (input.activityId) {
      const row = await trx.updateTable('activities').set(values).where('id', '=', input.activityId).returning('id').executeTakeFirst();
      if (!row) throw new DomainError('not_found', 'That activity was not found.');
      activityId = row.id;
      await trx.deleteFrom('activity_tasks').where('activity_id', '=', activityId).execute();
      await trx.deleteFrom('activity_skills').where('activity_id', '=', activityId).execute();
    } else {
      activityId = (await trx.insertInto('activities').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    if (skillIds.length) await trx.insertInto('activity_skills').values(skillIds.map((skill_id) => ({ activity_id: activityId, skill_id }))).execute();

    const tasks = await trx
      .insertInto('activity_tasks')
      .values(input.activityTasks.map((t, ordinal) => ({ activity_id: activityId, ordinal, name: t.name, html_content: sanitizeArticleHtml(t.htmlContent) })))
      .returning(['id', 'ordinal'])
      .execute();
    const taskIdAt = new Map(tasks.map((t) => [t.ordinal, t.id]));
    const fields = input.activityTasks.flatMap((t, ti) => t.activityTaskFields.map((f, ordinal) => ({ task_id: taskIdAt.get(ti)!, ordinal, ...normaliseField(f) })));
    if (fields.length) {
      const saved = await trx
        .insertInto('activity_task_fields')
        .values(fields.map(({ options: _options, ...f }) => f))
        .returning(['id', 'task_id', 'ordinal'])
        .execute();
      const fieldIdAt = new Map(saved.map((f) => [`${f.task_id}:${f.ordinal}`, f.id]));
      const options = fields.flatMap((f) => f.options.map((label, ordinal) => ({ field_id: fieldIdAt.get(`${f.task_id}:${f.ordinal}`)!, ordinal, label })));
      if (options.length) await trx.insertInto('activity_task_field_options').values(options).execute();
    }
    await onSaved?.(trx, activityId, !input.activityId);
    return activityId;
  });
  return getActivityById(db, id);
}

// ---- Lists -----------------------------------------------------------------------------------

export const activityList = defineList({
  sorts: { id: 'a.id', createdAt: 'a.created_at', name: 'a.name', featured: 'a.is_featured', global: 'a.is_global' },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  tieBreak: 'a.id',
  search: ['a.name', 'a.overview'],
  pageSize: 25,
});
export type ActivityListQuery = ReturnType<typeof activityList.parse>;

export interface ActivityListRow {
  activityId: number;
  createdAt: string;
  name: string;
  isFeatured: boolean;
  isGlobal: boolean;
}

/** /admin/activity-list: one page of activities (search, sort and page from the URL, in SQL). */
export async function listActivitiesForAdmin(db: Db, query: ActivityListQuery) {
  const page = await activityList.run(db.selectFrom('activities as a').select(['a.id', 'a.created_at', 'a.name', 'a.is_featured', 'a.is_global']), query);
  return {
    ...page,
    rows: page.rows.map((r): ActivityListRow => ({ activityId: r.id, createdAt: new Date(r.created_at).toISOString(), name: r.name, isFeatured: r.is_featured, isGlobal: r.is_global })),
  };
}

/** /api/admin/getAllActivities: every activity (global or not) with its task count and skills, newest first. */
export async function getAllActivities(db: Db) {
  const rows = await db
    .selectFrom('activities as a')
    .select(['a.id', 'a.name', 'a.overview', 'a.is_global', 'a.is_featured', 'a.created_at'])
    .select(sql<number>`(select count(*)::int from activity_tasks t where t.activity_id = a.id)`.as('task_count'))
    .select(sql<{ id: number; skill_id: number }[]>`coalesce((select json_agg(json_build_object('id', s.id, 'skill_id', s.skill_id) order by s.id) from activity_skills s where s.activity_id = a.id), '[]')`.as('skills'))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(5000)
    .execute();
  return rows.map((r) => ({
    activityId: r.id,
    name: r.name,
    overview: r.overview,
    isGlobal: r.is_global,
    isFeatured: r.is_featured,
    createdAt: new Date(r.created_at).toISOString(),
    taskCount: r.task_count,
    activitySkills: r.skills.map((s) => ({ activitySkillId: s.id, activityId: r.id, skillId: s.skill_id })),
  }));
}

/** The skills an activity may name, for the editor's picker (by name). */
export async function listSkillChoices(db: Db): Promise<{ skillId: number; name: string }[]> {
  const rows = await db.selectFrom('skills').select(['id', 'name']).orderBy('name').orderBy('id').limit(2000).execute();
  return rows.map((r) => ({ skillId: r.id, name: r.name }));
}
