import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Tables owned by the activities module (joined into the Database type in modules/shared/db). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A learner's own copy of an activity (My Activities); uncompleted while completed_at is null. */
export interface MyActivitiesTable {
  id: Generated<number>;
  user_id: number;
  source_activity_id: number | null;
  name: string;
  journey_step_id: number | null;
  is_generated: Generated<boolean>;
  completed_at: Timestamp | null;
  created_at: CreatedAt;
}

export type MyActivityRow = Selectable<MyActivitiesTable>;
export type NewMyActivity = Insertable<MyActivitiesTable>;
export type MyActivityUpdate = Updateable<MyActivitiesTable>;

export interface ActivitiesTables {
  my_activities: MyActivitiesTable;
}
