/**
 * The catalogue module's public surface.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
export {
  HOME_ARTICLES,
  MAX_ARTICLES_PAGE,
  findTag,
  listPublicContents,
  listPublicArticlesPage,
  getPublicContentWithRelated,
  saveContent,
  seedArticles,
  type PublicContent,
} from './contents.server';
export { sanitizeArticleHtml } from './contents-html';

// ---- Catalogue proper (issue 4): reference data, explore reads, players, progress, feedback, import ----
export { getReferenceData, getVersionedReferenceData, invalidateReferenceData, bumpCatalogueVersion, relatedStories } from './reference.server';
export {
  getSkillWithContent,
  getSkillGroup,
  getStory,
  getGame,
  getAssessment,
  listGames,
  listAssessments,
  randomExploreItems,
} from './catalogue.server';
export { getUserProgress, recordCompletion, submitSystemFeedback } from './progress.server';
export { searchCatalogue } from './search.server';
export { getContentById, getContentPreviewById } from './learner-contents.server';
export { getGamePlay, playGame, getSurveyPlay, playSurvey } from './attempts.server';
export { gameProblem, type GameAction } from './game-player';
export { surveyProblem, type SurveyAction } from './survey-player';

export { importCatalogue, seedCatalogue, CatalogueImportError } from './import.server';
export { getVideoMedia, captionsVtt, posterSvg } from './media.server';
export { listStoryChoices, featuredStoryCard } from './featured-story.server';
export { DialogueStageType, FeedbackType } from './schemas';

export type { UserProgress } from './types';
export { storyCard, storyState, isChapterWatched, firstUnwatchedChapter, byOrdinal } from './story-progress';
export {
  contentAdminInputSchema,
  contentFormSchema,
  saveContentBody,
  getContentForAdmin,
  saveContentAsAdmin,
  storeFeatureImage,
  contentList,
  listContentsForAdmin,
  getAllContents,
  getAllTags,
  CONTENT_SAVED,
  FEATURE_IMAGE_MAX_BYTES,
  contentImageBlobAccess,
} from './contents-admin.server';
export { cataloguePrivacy } from './privacy';
