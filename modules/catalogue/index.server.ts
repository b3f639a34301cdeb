/** The catalogue module's public surface. */
export {
  ARTICLES_PAGE_SIZE,
  ARTICLES_FIRST_PAGE_SIZE,
  ARTICLE_TAGS,
  HOME_ARTICLES,
  MAX_ARTICLES_PAGE,
  MAX_CONTENTS_LIMIT,
  MAX_CONTENTS_OFFSET,
  OTHERS_TAG,
  URL_ID_PATTERN,
  listTags,
  findTag,
  listPublicContents,
  countPublicContents,
  listPublicArticlesPage,
  getPublicContentWithRelated,
  saveContent,
  seedArticles,
  type ContentTag,
  type ContentInput,
  type PublicContent,
  type PublicContentDetail,
  type TagFilter,
} from './contents.server';
export { sanitizeArticleHtml, readingTimeMinutes, WORDS_PER_MINUTE } from './contents-html';

// ---- Catalogue proper (issue 4): reference data, explore reads, players, progress, feedback, import ----
export { getReferenceData, invalidateReferenceData, bumpCatalogueVersion, referenceCacheOptions } from './reference.server';
export {
  getSkillWithContent,
  getSkillGroup,
  getStory,
  getGame,
  getAssessment,
  listGames,
  listAssessments,
  randomExploreItems,
  parseIdOrUrlId,
  type ExploreSkill,
} from './catalogue.server';
export { getUserProgress, recordCompletion, submitSystemFeedback, emptyProgress } from './progress.server';
export { getContentById, getContentPreviewById, previewHtml, type LearnerContent } from './learner-contents.server';
export { getGamePlay, playGame, getSurveyPlay, playSurvey, type GamePlay, type SurveyPlay } from './attempts.server';
export {
  applyGameAction,
  gameView,
  gameResults,
  newGameState,
  startGame,
  stageButton,
  orderedChoices,
  GAME_BUTTON_LABELS,
  PlayerError,
  type GameAction,
  type GameState,
  type GameView,
  type GameButton,
} from './game-player';
export { applySurveyAction, surveyView, surveyResults, surveyPoints, newSurveyState, type SurveyAction, type SurveyState, type SurveyView } from './survey-player';
export { evaluateResults, ruleMatches, narrowByMaxMin, type SkillResult } from './results';
export { importCatalogue, validateCatalogueFolder, seedCatalogue, CatalogueImportError, type ImportSummary } from './import.server';
export {
  DialogueStageType,
  Operator,
  FeedbackType,
  GameType,
  AssessmentType,
  PROGRESS_KINDS,
  EXPLORE_LIMIT,
  STAR_FEEDBACK_TYPES,
  systemFeedbackSchema,
  type SystemFeedbackInput,
} from './schemas';
export type { ProgressKind } from './tables';
export type * from './types';
