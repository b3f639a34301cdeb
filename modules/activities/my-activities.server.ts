import { sql, type Transaction, type ExpressionBuilder } from 'kysely';
import { announce, DomainError, type AnswerOf, type Database, type Db } from '@modules/shared/index.server';
import { getActivityById } from './activity-catalogue.server';

/** My activities: a learner's own copies of catalogue activities, their tasks, answers and completion. */

export interface MyActivityTaskField {
  myActivityTaskFieldId: number;
  ordinal: number;
  type: number;
  label: string;
  htmlHelp: string;
  placeholder: string;
  value: string | null;
  min: string | null;
  max: string | null;
  myActivityTaskFieldOptions: { myActivityTaskFieldOptionId: number; label: string; isSelected: boolean }[];
}
export interface MyActivityTask {
  myActivityTaskId: number;
  ordinal: number;
  name: string;
  htmlContent: string;
  completedAt: string | null;
  myActivityTaskFields: MyActivityTaskField[];
}
export interface MyActivitySummary {
  myActivityId: number;
  sourceActivityId: number | null;
  name: string;
  journeyStepId: number | null;
  isGenerated: boolean;
  completedAt: string | null;
  createdAt: string;
  taskCount: number;
  completedTaskCount: number;
  myActivitySkills: { skillId: number }[];
}
export interface MyActivity extends MyActivitySummary {
  myActivityTasks: MyActivityTask[];
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const NOT_FOUND = 'That activity was not found. It may have been deleted.';

/** The My Activities counter of the app header: the user's activities not yet completed (one indexed count). */
export async function countUncompleted(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => uncompletedCountOf(eb).as('count')).where('users.id', '=', userId).executeTakeFirst();
  return row?.count ?? 0;
}

/** countUncompleted as a correlated subquery on "users", for the session's statement (issue 16). */
export function uncompletedCountOf(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('my_activities as uc')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('uc.user_id', '=', 'users.id')
    .where('uc.completed_at', 'is', null)
    .$asScalar();
}

/** At most this many my activities in one list when no limit is asked for. */
const LIST_CAP = 1000;

/**
 * The user's my activities as cards (newest first), with task progress: one query whatever the
 * count (index my_activities_user_created_idx, or for one list my_activities_user_open_idx /
 * my_activities_user_done_idx; task counts through my_activity_tasks_ordinal_key). `limit` and
 * `offset` page it (decision 232); without a limit the list stops at LIST_CAP.
 */
export async function listMyActivities(
  db: Db,
  userId: number,
  opts: { completed?: boolean; sourceActivityId?: number; ids?: number[]; limit?: number; offset?: number } = {},
): Promise<MyActivitySummary[]> {
  let q = db
    .selectFrom('my_activities as m')
    .select(['m.id', 'm.source_activity_id', 'm.name', 'm.journey_step_id', 'm.is_generated', 'm.completed_at', 'm.created_at'])
    .select(sql<number>`(select count(*)::int from my_activity_tasks t where t.my_activity_id = m.id)`.as('task_count'))
    .select(sql<number>`(select count(*)::int from my_activity_tasks t where t.my_activity_id = m.id and t.completed_at is not null)`.as('done_count'))
    .select(sql<number[]>`coalesce((select json_agg(s.skill_id order by s.skill_id) from my_activity_skills s where s.my_activity_id = m.id), '[]')`.as('skills'))
    .where('m.user_id', '=', userId);
  if (opts.completed === true) q = q.where('m.completed_at', 'is not', null);
  if (opts.completed === false) q = q.where('m.completed_at', 'is', null);
  if (opts.sourceActivityId) q = q.where('m.source_activity_id', '=', opts.sourceActivityId);
  if (opts.ids) q = q.where('m.id', 'in', opts.ids.length ? opts.ids : [0]);
  q = (opts.completed ? q.orderBy('m.completed_at', 'desc') : q.orderBy('m.created_at', 'desc')).orderBy('m.id', 'desc').limit(Math.min(opts.limit ?? LIST_CAP, LIST_CAP));
  if (opts.offset) q = q.offset(opts.offset);
  const rows = await q.execute();
  return rows.map((r) => ({
    myActivityId: r.id,
    sourceActivityId: r.source_activity_id,
    name: r.name,
    journeyStepId: r.journey_step_id,
    isGenerated: r.is_generated,
    completedAt: iso(r.completed_at),
    createdAt: iso(r.created_at)!,
    taskCount: r.task_count,
    completedTaskCount: r.done_count,
    myActivitySkills: r.skills.map((skillId) => ({ skillId })),
  }));
}

/**
 * Full my activities (tasks, fields, options) of a user: four queries whatever the count, each on an
 * index. `ids` narrows to some of them (always the user's own: another user's id is simply absent).
 */
export async function loadMyActivities(db: Db, userId: number, ids: number[] | null): Promise<MyActivity[]> {
  const wanted = await listMyActivities(db, userId, ids ? { ids } : {});
  if (!wanted.length) return [];
  const activityIds = wanted.map((c) => c.myActivityId);
  const tasks = await db.selectFrom('my_activity_tasks').selectAll().where('my_activity_id', 'in', activityIds).orderBy('my_activity_id').orderBy('ordinal').execute();
  const taskIds = tasks.map((t) => t.id);
  const fields = taskIds.length
    ? await db.selectFrom('my_activity_task_fields').selectAll().where('my_activity_task_id', 'in', taskIds).orderBy('my_activity_task_id').orderBy('ordinal').execute()
    : [];
  const fieldIds = fields.map((f) => f.id);
  const options = fieldIds.length
    ? await db.selectFrom('my_activity_task_field_options').selectAll().where('my_activity_task_field_id', 'in', fieldIds).orderBy('my_activity_task_field_id').orderBy('ordinal').execute()
    : [];
  const optionsBy = groupBy(options, (o) => o.my_activity_task_field_id);
  const fieldsBy = groupBy(fields, (f) => f.my_activity_task_id);
  const tasksBy = groupBy(tasks, (t) => t.my_activity_id);
  return wanted.map((c) => ({
    ...c,
    myActivityTasks: (tasksBy.get(c.myActivityId) ?? []).map((t) => ({
      myActivityTaskId: t.id,
      ordinal: t.ordinal,
      name: t.name,
      htmlContent: t.html_content,
      completedAt: iso(t.completed_at),
      myActivityTaskFields: (fieldsBy.get(t.id) ?? []).map((f) => ({
        myActivityTaskFieldId: f.id,
        ordinal: f.ordinal,
        type: f.type,
        label: f.label,
        htmlHelp: f.html_help,
        placeholder: f.placeholder,
        value: f.value,
        min: f.min,
        max: f.max,
        myActivityTaskFieldOptions: (optionsBy.get(f.id) ?? []).map((o) => ({ myActivityTaskFieldOptionId: o.id, label: o.label, isSelected: o.is_selected })),
      })),
    })),
  }));
}

function groupBy<T>(rows: T[], key: (r: T) => number) {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
}

/** One of the user's my activities in full; not_found for an unknown id or another user's. */
export async function getMyActivity(db: Db, userId: number, myActivityId: number): Promise<MyActivity> {
  const [found] = await loadMyActivities(db, userId, [myActivityId]);
  if (!found) throw new DomainError('not_found', NOT_FOUND);
  return found;
}

const STEP_NOT_YOURS = 'That step is not part of a journey you have started.';
const ACTIVITY_NOT_IN_STEP = 'That activity is not part of this step.';

/**
 * A my activity tied to a journey step counts towards that step's status (issue 8): the step must
 * belong to a journey this learner has started (their user journey), and the activity must be one
 * of the step's activities. An unknown step and another team's step get the same answer. One read of
 * the journeys module's tables: activities sits below journeys, so it cannot call its surface.
 */
async function checkJourneyStep(db: Db, userId: number, journeyStepId: number, activityId: number) {
  const row = await db
    .selectFrom('journey_steps as s')
    .innerJoin('user_journeys as uj', (j) => j.onRef('uj.journey_id', '=', 's.journey_id').on('uj.user_id', '=', userId))
    .leftJoin('journey_step_activities as a', (j) => j.onRef('a.step_id', '=', 's.id').on('a.activity_id', '=', activityId))
    .select(['s.id', 'a.activity_id'])
    .where('s.id', '=', journeyStepId)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new DomainError('invalid', STEP_NOT_YOURS);
  if (row.activity_id === null) throw new DomainError('invalid', ACTIVITY_NOT_IN_STEP);
}

/**
 * Adds a copy of a catalogue activity to the user's list (placed at the top): the tasks, fields and
 * options are copied now, so a later edit of the catalogue never changes the learner's answers. A
 * journey step, when given, is checked first (checkJourneyStep); a step holds one copy of each of its
 * activities, so adding it from the step again answers that copy (idempotent, decision 269).
 */
export async function addMyActivity(db: Db, userId: number, input: { activityId: number; journeyStepId?: number | null }): Promise<MyActivity> {
  const activity = await getActivityById(db, input.activityId);
  if (input.journeyStepId != null) await checkJourneyStep(db, userId, input.journeyStepId, activity.activityId);
  const stepId = input.journeyStepId ?? null;
  // One copy per activity and journey step (decision 269): adding it again answers the copy there is.
  const existing = async () =>
    stepId === null
      ? undefined
      : db.selectFrom('my_activities').select('id').where('user_id', '=', userId).where('journey_step_id', '=', stepId).where('source_activity_id', '=', activity.activityId).executeTakeFirst();
  const had = await existing();
  if (had) return getMyActivity(db, userId, had.id);
  const id = await db.transaction().execute(async (trx) => {
    const my = await trx
      .insertInto('my_activities')
      .values({ user_id: userId, source_activity_id: activity.activityId, name: activity.name, journey_step_id: stepId })
      .onConflict((oc) => oc.columns(['user_id', 'journey_step_id', 'source_activity_id']).where('journey_step_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Lost a race with a second click: the other request's copy is the one.
    if (!my) return null;
    if (activity.activitySkills.length) {
      await trx.insertInto('my_activity_skills').values(activity.activitySkills.map((s) => ({ my_activity_id: my.id, skill_id: s.skillId }))).execute();
    }
    for (const t of activity.activityTasks) {
      const task = await trx
        .insertInto('my_activity_tasks')
        .values({ my_activity_id: my.id, ordinal: t.ordinal, name: t.name, html_content: t.htmlContent })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const f of t.activityTaskFields) {
        const field = await trx
          .insertInto('my_activity_task_fields')
          .values({ my_activity_task_id: task.id, ordinal: f.ordinal, type: f.type, label: f.label, placeholder: f.placeholder, html_help: f.htmlHelp, min: f.min, max: f.max, value: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (f.activityTaskFieldOptions.length) {
          await trx
            .insertInto('my_activity_task_field_options')
            .values(f.activityTaskFieldOptions.map((o) => ({ my_activity_task_field_id: field.id, ordinal: o.ordinal, label: o.label })))
            .execute();
        }
      }
    }
    return my.id;
  });
  return getMyActivity(db, userId, id ?? (await existing())!.id);
}

/** Deletes one of the user's my activities (with its tasks and answers); not_found for another user's. */
export async function deleteMyActivity(db: Db, userId: number, myActivityId: number): Promise<void> {
  const res = await db.deleteFrom('my_activities').where('id', '=', myActivityId).where('user_id', '=', userId).executeTakeFirst();
  if (!res.numDeletedRows) throw new DomainError('not_found', NOT_FOUND);
}

/**
 * Locks the user's activity row and finds the task in it; checks the task is open to the learner
 * (every task before it is complete). Used by save and complete inside their transaction.
 */
export async function lockTask(trx: Db, userId: number, myActivityId: number, myActivityTaskId: number, lock = true) {
  const q = trx.selectFrom('my_activities').select(['id', 'completed_at', 'source_activity_id', 'journey_step_id']).where('id', '=', myActivityId).where('user_id', '=', userId);
  const my = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!my) throw new DomainError('not_found', NOT_FOUND);
  const tasks = await trx.selectFrom('my_activity_tasks').select(['id', 'ordinal', 'completed_at']).where('my_activity_id', '=', myActivityId).orderBy('ordinal').execute();
  const index = tasks.findIndex((t) => t.id === myActivityTaskId);
  if (index < 0) throw new DomainError('not_found', 'That task is not part of this activity.');
  if (tasks.slice(0, index).some((t) => t.completed_at == null)) throw new DomainError('conflict', 'Complete the tasks before this one first.');
  return { my, tasks, task: tasks[index]! };
}

/** What journeys answer when a completion finished a journey (learner-app s.7). */
export type CompletionOutcome = AnswerOf<'myActivity.completed'>;

export interface CompleteResult extends CompletionOutcome {
  myActivity: MyActivity;
  activityCompleted: boolean;
}

/**
 * Completes a task (in order); completing the last one completes the activity. After the commit it
 * announces 'myActivity.completed' with `isolate` (decision 131): journeys' listener completes the
 * journey and may answer the journey it completed, and a listener that fails is logged and skipped,
 * so the learner's completion stands. `beforeComplete` lets a caller save the task's answers in the
 * completion's transaction (the Complete button of a form).
 */
export async function completeMyActivityTask(
  db: Db,
  userId: number,
  input: { myActivityId: number; myActivityTaskId: number },
  beforeComplete?: (trx: Transaction<Database>) => Promise<void>,
): Promise<CompleteResult> {
  const done = await db.transaction().execute(async (trx) => {
    const { my, tasks, task } = await lockTask(trx, userId, input.myActivityId, input.myActivityTaskId);
    if (beforeComplete) await beforeComplete(trx);
    const now = new Date();
    if (task.completed_at == null) await trx.updateTable('my_activity_tasks').set({ completed_at: now }).where('id', '=', task.id).execute();
    const allDone = tasks.every((t) => t.id === task.id || t.completed_at != null);
    const completesNow = allDone && my.completed_at == null;
    if (completesNow) await trx.updateTable('my_activities').set({ completed_at: now }).where('id', '=', my.id).execute();
    return { completesNow, my, now };
  });
  let outcome: CompletionOutcome = {};
  if (done.completesNow) {
    const fact = { userId, myActivityId: done.my.id, sourceActivityId: done.my.source_activity_id, journeyStepId: done.my.journey_step_id, completedAt: done.now };
    const answers = await announce(db, 'myActivity.completed', fact, { isolate: true });
    outcome = answers.find((a) => a.completedUserJourneyId != null) ?? {};
  }
  const myActivity = await getMyActivity(db, userId, input.myActivityId);
  return { myActivity, activityCompleted: done.completesNow, ...outcome };
}

/** userProgress.activity: the first completion time per catalogue activity id (one grouped query). */
export async function getActivityProgress(db: Db, userId: number): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('my_activities')
    .select(['source_activity_id'])
    .select((eb) => eb.fn.min('completed_at').as('first'))
    .where('user_id', '=', userId)
    .where('completed_at', 'is not', null)
    .where('source_activity_id', 'is not', null)
    .groupBy('source_activity_id')
    .execute();
  const out: Record<string, string> = {};
  for (const r of rows) if (r.source_activity_id != null && r.first) out[String(r.source_activity_id)] = iso(r.first as Date)!;
  return out;
}

/**
 * For a journey step: has this user completed one of these catalogue activities since `since`
 * (the start of the journey)? One query on my_activities_user_source_completed_idx.
 */
export async function hasCompletedAnySince(db: Db, userId: number, activityIds: readonly number[], since: Date): Promise<boolean> {
  if (!activityIds.length) return false;
  const row = await db
    .selectFrom('my_activities')
    .select('id')
    .where('user_id', '=', userId)
    .where('source_activity_id', 'in', [...activityIds])
    .where('completed_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row != null;
}

/** The user's state per catalogue activity for activity cards: the newest copy of each (one query). */
export async function cardStates(db: Db, userId: number) {
  const rows = await db
    .selectFrom('my_activities as m')
    .select(['m.id', 'm.source_activity_id', 'm.completed_at'])
    .select(sql<number>`(select count(*)::int from my_activity_tasks t where t.my_activity_id = m.id)`.as('task_count'))
    .select(sql<number>`(select count(*)::int from my_activity_tasks t where t.my_activity_id = m.id and t.completed_at is not null)`.as('done_count'))
    .where('m.user_id', '=', userId)
    .where('m.source_activity_id', 'is not', null)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  const out = new Map<number, { inProgress: { myActivityId: number; taskCount: number; completedTaskCount: number } | null; completed: { myActivityId: number; completedAt: string } | null }>();
  for (const r of rows) {
    const key = r.source_activity_id!;
    const state = out.get(key) ?? { inProgress: null, completed: null };
    if (r.completed_at == null && !state.inProgress) state.inProgress = { myActivityId: r.id, taskCount: r.task_count, completedTaskCount: r.done_count };
    if (r.completed_at != null && !state.completed) state.completed = { myActivityId: r.id, completedAt: iso(r.completed_at)! };
    out.set(key, state);
  }
  return out;
}
