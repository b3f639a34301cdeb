/** Tables owned by the catalogue module (joined into the Database type in modules/shared/db). */
import type { ColumnType, Generated, Selectable } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Articles (admin-console "Content"): public ones show on /articles. */
export interface ContentsTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  is_featured: ColumnType<boolean, boolean | undefined, boolean>;
  author_label: string | null;
  overview: ColumnType<string, string | undefined, string>;
  feature_image_blob_id: string | null;
  feature_image_caption: string | null;
  /** Sanitised when written (saveContent) and again when rendered. */
  html_content: ColumnType<string, string | undefined, string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface TagsTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  ordinal: ColumnType<number, number | undefined, number>;
}

export interface ContentTagsTable {
  content_id: number;
  tag_id: number;
}

export type ContentRow = Selectable<ContentsTable>;
export type TagRow = Selectable<TagsTable>;

export interface CatalogueTables extends CatalogueCoreTables {
  contents: ContentsTable;
  tags: TagsTable;
  content_tags: ContentTagsTable;
}

// ---- Catalogue proper (issue 4): skills, stories, games, assessments, progress, feedback, attempts ----
type Ord = ColumnType<number, number | undefined, number>;
type Text = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Json<T> = ColumnType<T, string, string>;

export interface CapabilitiesTable { id: Generated<number>; url_id: string; name: string; overview: Text; ordinal: Ord }
export interface SkillGroupsTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  overview: Text;
  primary_colour: Text;
  complementary_colour: Text;
  capability_id: number | null;
  ordinal: Ord;
}
export interface SkillsTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  overview: Text;
  content: Text;
  is_locked: Flag;
  skill_group_id: number | null;
  ordinal: Ord;
}
export interface VideosTable { id: Generated<number>; url_id: string; name: string; video_url: string; duration_seconds: Ord }
export interface VideoSkillsTable { video_id: number; skill_id: number; ordinal: Ord }
export interface ModulesTable { id: Generated<number>; url_id: string; name: string; ordinal: Ord }
export interface StoriesTable {
  id: Generated<number>;
  url_id: string;
  module_id: number | null;
  name: string;
  overview: Text;
  is_locked: Flag;
  is_featured: Flag;
  ordinal: Ord;
}
export interface StorySkillsTable { story_id: number; skill_id: number; ordinal: Ord }
export interface ChaptersTable {
  id: Generated<number>;
  story_id: number;
  url_id: string;
  ordinal: Ord;
  name: string;
  overview: Text;
  html_content: Text;
  video_id: number | null;
}
export interface ChapterRelatedVideosTable { chapter_id: number; video_id: number; ordinal: Ord }
export interface ChapterRelatedAssessmentsTable { chapter_id: number; assessment_id: number; ordinal: Ord }
/** activity_id is an activities-module id (no foreign key: the catalogue is imported first). */
export interface ChapterRelatedActivitiesTable { chapter_id: number; activity_id: number; ordinal: Ord }
export interface GamesTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  type: ColumnType<number, number | undefined, number>;
  overview: Text;
  start_stage_id: number | null;
  is_choice_shuffle_on: Flag;
  ordinal: Ord;
}
export interface GameStagesTable {
  id: Generated<number>;
  game_id: number;
  key: string;
  ordinal: Ord;
  /** DialogueStageType 1-8. */
  type: number;
  speaker: string | null;
  html_content: Text;
  image_background: string | null;
  image_focus: string | null;
  next_stage_id: number | null;
}
export interface GameChoicesTable { id: Generated<number>; stage_id: number; ordinal: number; html_content: Text; next_stage_id: number | null }
export interface GameChoiceSkillsTable { choice_id: number; skill_id: number; value: number }
export interface GameRelatedSkillsTable { game_id: number; skill_id: number; max_points: Ord; ordinal: Ord }
/** Operator 1-6 (EqualTo ... GreaterThanOrEqualTo). */
export interface GameFeedbacksTable { game_id: number; ordinal: number; skill_id: number; operator: number; value: number; html_content: Text }
export interface GameActivitiesTable { game_id: number; ordinal: number; skill_id: number; operator: number; value: number; activity_id: number | null }
export interface AssessmentsTable {
  id: Generated<number>;
  url_id: string;
  name: string;
  type: ColumnType<number, number | undefined, number>;
  instruction: Text;
  overview: Text;
  citation: Text;
  ordinal: Ord;
}
export interface AssessmentQuestionsTable { id: Generated<number>; assessment_id: number; ordinal: number; html_content: Text }
export interface AssessmentOptionsTable { id: Generated<number>; question_id: number; ordinal: number; html_content: Text }
export interface AssessmentOptionSkillsTable { option_id: number; skill_id: number; value: number }
export interface AssessmentRelatedSkillsTable { assessment_id: number; skill_id: number; max_points: Ord; ordinal: Ord }
export interface SurveyFeedbacksTable { assessment_id: number; ordinal: number; skill_id: number; operator: number; value: number; html_content: Text }
export interface SurveyActivitiesTable { assessment_id: number; ordinal: number; skill_id: number; operator: number; value: number; activity_id: number | null }
export type ProgressKind = 'activity' | 'assessment' | 'content' | 'game' | 'video';
export interface UserProgressTable { id: Generated<number>; user_id: number; kind: ProgressKind; item_id: number; completed_at: Stamp }
export interface SystemFeedbacksTable {
  id: Generated<number>;
  user_id: number | null;
  /** FeedbackType 1-11. */
  feedback_type: number;
  rating: number | null;
  url: string | null;
  message: string | null;
  activity_id: number | null;
  journey_id: number | null;
  created_at: Stamp;
}
export interface GameAttemptsTable { id: Generated<number>; user_id: number; game_id: number; state: Json<unknown>; updated_at: Stamp }
export interface AssessmentAttemptsTable { id: Generated<number>; user_id: number; assessment_id: number; state: Json<unknown>; updated_at: Stamp }
export interface CatalogueVersionTable { id: number; version: number; updated_at: Stamp }

export interface CatalogueCoreTables {
  capabilities: CapabilitiesTable;
  skill_groups: SkillGroupsTable;
  skills: SkillsTable;
  videos: VideosTable;
  video_skills: VideoSkillsTable;
  modules: ModulesTable;
  stories: StoriesTable;
  story_skills: StorySkillsTable;
  chapters: ChaptersTable;
  chapter_related_videos: ChapterRelatedVideosTable;
  chapter_related_assessments: ChapterRelatedAssessmentsTable;
  chapter_related_activities: ChapterRelatedActivitiesTable;
  games: GamesTable;
  game_stages: GameStagesTable;
  game_choices: GameChoicesTable;
  game_choice_skills: GameChoiceSkillsTable;
  game_related_skills: GameRelatedSkillsTable;
  game_feedbacks: GameFeedbacksTable;
  game_activities: GameActivitiesTable;
  assessments: AssessmentsTable;
  assessment_questions: AssessmentQuestionsTable;
  assessment_options: AssessmentOptionsTable;
  assessment_option_skills: AssessmentOptionSkillsTable;
  assessment_related_skills: AssessmentRelatedSkillsTable;
  survey_feedbacks: SurveyFeedbacksTable;
  survey_activities: SurveyActivitiesTable;
  user_progress: UserProgressTable;
  system_feedbacks: SystemFeedbacksTable;
  game_attempts: GameAttemptsTable;
  assessment_attempts: AssessmentAttemptsTable;
  catalogue_version: CatalogueVersionTable;
}
