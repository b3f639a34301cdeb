import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the journeys module (joined into the Database type in modules/shared/db). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface JourneysTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  overview: Generated<string>;
  /** Sanitised HTML. */
  html_summary: Generated<string>;
  summary_notes_url: string | null;
  is_locked: Generated<boolean>;
  is_featured: Generated<boolean>;
  is_global: Generated<boolean>;
  ordinal: Generated<number>;
  created_at: CreatedAt;
}

export interface JourneySkillsTable {
  journey_id: number;
  skill_id: number;
  ordinal: Generated<number>;
}

export interface JourneyStepsTable {
  id: Generated<number>;
  journey_id: number;
  url_id: string;
  ordinal: number;
  name: string;
  overview: Generated<string>;
}

export interface JourneyStepActivitiesTable {
  step_id: number;
  activity_id: number;
  ordinal: Generated<number>;
}

/** Exactly one of assessment_id, content_id, game_id, video_id is set (a check constraint). */
export interface JourneyStepItemsTable {
  id: Generated<number>;
  step_id: number;
  ordinal: number;
  name: string;
  action_name: Generated<string>;
  /** Sanitised HTML. */
  html_content: Generated<string>;
  is_support: Generated<boolean>;
  assessment_id: number | null;
  content_id: number | null;
  game_id: number | null;
  video_id: number | null;
}

export interface UserJourneysTable {
  id: Generated<number>;
  user_id: number;
  journey_id: number;
  completed_at: Timestamp | null;
  /** When the learner started the journey: step completions count from here. */
  created_at: CreatedAt;
}

/** One entry of a team's schedule; journey 1000 with a break label is a break marker. */
export interface TeamJourneysTable {
  id: Generated<number>;
  team_id: number;
  journey_id: number;
  ordinal: Generated<number>;
  scheduled_at: Timestamp | null;
  unlocked_at: Timestamp | null;
  length_days: number | null;
  break_label: string | null;
}

/** Ledger of Journey (3) notifications: the team's members were told this journey unlocked (decision 186). */
export interface JourneyUnlockNoticesTable {
  team_id: number;
  journey_id: number;
  notified_at: CreatedAt;
}

export interface TeamSchedulesTable {
  team_id: number;
  team_journeys_end_at: Timestamp | null;
}

/** A learner's private calendar feed token (its SHA-256; revoked by deleting or replacing the row). */
export interface JourneyCalendarTokensTable {
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
}

export interface JourneysTables {
  journeys: JourneysTable;
  journey_skills: JourneySkillsTable;
  journey_steps: JourneyStepsTable;
  journey_step_activities: JourneyStepActivitiesTable;
  journey_step_items: JourneyStepItemsTable;
  user_journeys: UserJourneysTable;
  team_journeys: TeamJourneysTable;
  journey_unlock_notices: JourneyUnlockNoticesTable;
  team_schedules: TeamSchedulesTable;
  journey_calendar_tokens: JourneyCalendarTokensTable;
}
