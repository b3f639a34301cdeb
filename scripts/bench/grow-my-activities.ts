/**
 * The bench's grown My Activities: gives the demo learner `count` my activities of 5 tasks × 6 text
 * fields each (the first 4 tasks completed, so every activity is in progress and the page selects
 * one). Plain SQL over pg, on the bench's scratch database only. Issue 10: the query count of
 * /app/activities must not change between the demo data and this.
 */
export const GROWN_ACTIVITIES = { count: 200, tasks: 5, fields: 6 } as const;

export async function growMyActivities(databaseUrl: string, email = 'learner@leda.test', target = GROWN_ACTIVITIES) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const user = (await db.query<{ id: number }>('select id from users where email = $1', [email])).rows[0];
    if (!user) throw new Error(`growMyActivities: no user ${email} (seed first).`);
    const made = await db.query<{ id: number }>(
      `insert into my_activities (user_id, source_activity_id, name, created_at)
       select $1, 1 + (i % 16), 'Bench activity ' || i, now() - (i || ' minutes')::interval from generate_series(1, $2::int) as i returning id`,
      [user.id, target.count],
    );
    const ids = made.rows.map((r) => r.id);
    await db.query(
      `insert into my_activity_tasks (my_activity_id, ordinal, name, html_content, completed_at)
       select a, t, 'Task ' || t, '<p>Do the thing.</p>', case when t < $2::int - 1 then now() else null end
       from unnest($1::int[]) as a, generate_series(0, $2::int - 1) as t`,
      [ids, target.tasks],
    );
    await db.query(
      `insert into my_activity_task_fields (my_activity_task_id, ordinal, type, label, value)
       select t.id, f, 1, 'Field ' || f, 'An answer of a few words ' || f
       from my_activity_tasks t, generate_series(0, $2::int - 1) as f where t.my_activity_id = any($1::int[])`,
      [ids, target.fields],
    );
    await db.query('commit');
  } catch (e) {
    await db.query('rollback');
    throw e;
  } finally {
    await db.end();
  }
}
