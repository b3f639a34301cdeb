import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Tables owned by the activities module (joined into the Database type in modules/shared/db). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A catalogue activity. Imported ones carry their own stable id (content/catalogue/activities). */
export interface ActivitiesTable {
  id: Generated<number>;
  name: string;
  overview: Generated<string>;
  is_global: Generated<boolean>;
  is_featured: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ActivityTasksTable {
  id: Generated<number>;
  activity_id: number;
  ordinal: number;
  name: string;
  html_content: Generated<string>;
}

/** The columns a catalogue field and a learner's copy of it share. */
interface FieldColumns {
  id: Generated<number>;
  ordinal: number;
  type: number;
  label: Generated<string>;
  placeholder: Generated<string>;
  html_help: Generated<string>;
  min: string | null;
  max: string | null;
}

export interface ActivityTaskFieldsTable extends FieldColumns {
  task_id: number;
}

export interface ActivityTaskFieldOptionsTable {
  id: Generated<number>;
  field_id: number;
  ordinal: number;
  label: string;
}

export interface ActivitySkillsTable {
  id: Generated<number>;
  activity_id: number;
  skill_id: number;
}

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

export interface MyActivitySkillsTable {
  my_activity_id: number;
  skill_id: number;
}

export interface MyActivityTasksTable {
  id: Generated<number>;
  my_activity_id: number;
  ordinal: number;
  name: string;
  html_content: Generated<string>;
  completed_at: Timestamp | null;
}

export interface MyActivityTaskFieldsTable extends FieldColumns {
  my_activity_task_id: number;
  value: string | null;
}

export interface MyActivityTaskFieldOptionsTable {
  id: Generated<number>;
  my_activity_task_field_id: number;
  ordinal: number;
  label: string;
  is_selected: Generated<boolean>;
}

export type MyActivityRow = Selectable<MyActivitiesTable>;
export type NewMyActivity = Insertable<MyActivitiesTable>;
export type MyActivityUpdate = Updateable<MyActivitiesTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type MyActivityTaskFieldRow = Selectable<MyActivityTaskFieldsTable>;

export interface ActivitiesTables {
  activities: ActivitiesTable;
  activity_tasks: ActivityTasksTable;
  activity_task_fields: ActivityTaskFieldsTable;
  activity_task_field_options: ActivityTaskFieldOptionsTable;
  activity_skills: ActivitySkillsTable;
  my_activities: MyActivitiesTable;
  my_activity_skills: MyActivitySkillsTable;
  my_activity_tasks: MyActivityTasksTable;
  my_activity_task_fields: MyActivityTaskFieldsTable;
  my_activity_task_field_options: MyActivityTaskFieldOptionsTable;
}
