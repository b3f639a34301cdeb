/** The catalogue's shapes at the module edge, with the spec's camelCase names. */
export interface SkillSummary {
  skillId: number;
  urlId: string;
  name: string;
  overview: string;
  skillGroupId: number | null;
  skillGroupUrlId: string | null;
  isLocked: boolean;
}
export interface SkillGroupData {
  skillGroupId: number;
  urlId: string;
  name: string;
  overview: string;
  primaryColour: string;
  complementaryColour: string;
  capabilityId: number | null;
  skills: SkillSummary[];
}
export interface CapabilityData {
  capabilityId: number;
  urlId: string;
  name: string;
  overview: string;
  skillGroups: SkillGroupData[];
}
export interface SkillRef {
  skillId: number;
  urlId: string;
  name: string;
}
export interface RelatedSkill extends SkillRef {
  maxPoints: number;
}
export interface VideoData {
  videoId: number;
  urlId: string;
  name: string;
  videoUrl: string;
  durationSeconds: number;
}
export interface ChapterSummary {
  chapterId: number;
  urlId: string;
  ordinal: number;
  name: string;
  overview: string;
  videoId: number | null;
}
export interface StorySummary {
  storyId: number;
  urlId: string;
  moduleId: number | null;
  name: string;
  overview: string;
  isLocked: boolean;
  isFeatured: boolean;
  relatedSkills: SkillRef[];
  chapters: ChapterSummary[];
}
export interface ModuleData {
  moduleId: number;
  urlId: string;
  name: string;
  stories: StorySummary[];
}
export interface GameSummary {
  gameId: number;
  urlId: string;
  name: string;
  type: number;
  overview: string;
  isChoiceShuffleOn: boolean;
  relatedSkills: RelatedSkill[];
}
export interface AssessmentSummary {
  assessmentId: number;
  surveyId: number;
  urlId: string;
  name: string;
  type: number;
  overview: string;
  instruction: string;
  relatedSkills: RelatedSkill[];
}
export interface ReferenceData {
  assessments: AssessmentSummary[];
  capabilities: CapabilityData[];
  games: GameSummary[];
  journeys: unknown[];
  modules: ModuleData[];
}

/** A skill page: content and related videos only when unlocked. */
export interface SkillWithContent extends SkillSummary {
  content: string | null;
  relatedVideos: VideoData[];
  skillGroup: Omit<SkillGroupData, 'skills'> | null;
}
export interface ChapterData extends ChapterSummary {
  htmlContent: string;
  video: VideoData | null;
  relatedVideos: VideoData[];
  /** Filled once the activities catalogue exists (issue for activities). */
  relatedActivities: { activityId: number; name: string }[];
  relatedAssessments: AssessmentSummary[];
}
export interface StoryData extends Omit<StorySummary, 'chapters'> {
  moduleName: string | null;
  /** Locked stories list their chapters without HTML, video or related items. */
  chapters: ChapterData[];
}

export interface RuleData {
  skillId: number;
  operator: number;
  value: number;
}
export interface FeedbackRule extends RuleData {
  htmlContent: string;
}
export interface ActivityRule extends RuleData {
  activityId: number | null;
}
export interface PointsData {
  skillId: number;
  value: number;
}
export interface ChoiceData {
  choiceId: number;
  htmlContent: string;
  nextStageId: number | null;
  choiceSkills: PointsData[];
}
export interface StageData {
  stageId: number;
  key: string;
  type: number;
  speaker: string | null;
  htmlContent: string;
  imageBackground: string | null;
  imageFocus: string | null;
  nextStageId: number | null;
  choices: ChoiceData[];
}
export interface GameData extends GameSummary {
  startStageId: number | null;
  stages: StageData[];
  gameFeedbacks: FeedbackRule[];
  gameActivities: ActivityRule[];
}
export interface OptionData {
  optionId: number;
  htmlContent: string;
  optionSkills: PointsData[];
}
export interface QuestionData {
  questionId: number;
  ordinal: number;
  htmlContent: string;
  options: OptionData[];
}
export interface AssessmentData extends AssessmentSummary {
  citation: string;
  questions: QuestionData[];
  surveyFeedbacks: FeedbackRule[];
  surveyActivities: ActivityRule[];
}

export type UserProgress = Record<'activity' | 'assessment' | 'content' | 'game' | 'video', Record<string, string>>;
