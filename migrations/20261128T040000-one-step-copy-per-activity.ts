import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// One copy of an activity per learner and journey step (issue 25, decision 269): "Add to My Activities"
// on a step answers the copy the learner already has. Copies made twice before this index existed keep
// their answers: every copy but the one to keep (the first completed, else the oldest) is detached
// from the step and stays in My Activities as a plain copy.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    with ranked as (
      select id, row_number() over (
        partition by user_id, journey_step_id, source_activity_id
        order by (completed_at is null), completed_at, id
      ) as n
      from my_activities
      where journey_step_id is not null and source_activity_id is not null
    )
    update my_activities m set journey_step_id = null from ranked r where r.id = m.id and r.n > 1`.execute(db);
  await sql`create unique index my_activities_user_step_activity_uniq on my_activities (user_id, journey_step_id, source_activity_id) where journey_step_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists my_activities_user_step_activity_uniq`.execute(db);
}
