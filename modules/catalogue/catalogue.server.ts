import { type Db } from '@modules/shared/index.server';
import { EXPLORE_LIMIT } from './schemas';
import { getReferenceData, toAssessmentHead, toStorySummary } from './reference.server';
import type {
  AssessmentData,
  AssessmentSummary,
  ChapterData,
  GameData,
  GameSummary,
  ReferenceData,
  SkillGroupData,
  SkillSummary,
  SkillWithContent,
  StoryData,
  StorySummary,
  VideoData,
} from './types';

/** Read side of the catalogue for the explore screens and the /api paths. */

/** A numeric id (number or digits) or a urlId; anything else matches nothing. */
export function parseIdOrUrlId(value: string | number): { id: number } | { urlId: string } | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? { id: value } : null;
  const v = value.trim();
  if (/^\d{1,9}$/.test(v)) return Number(v) > 0 ? { id: Number(v) } : null;
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) && v.length <= 100) return { urlId: v };
  return null;
}

function byKey<T extends 'skills' | 'stories' | 'games' | 'assessments'>(db: Db, table: T, key: { id: number } | { urlId: string }) {
  const q = db.selectFrom(table as 'skills');
  return 'id' in key ? q.where('id', '=', key.id) : q.where('url_id', '=', key.urlId);
}

const toVideo = (v: { id: number; url_id: string; name: string; video_url: string; duration_seconds: number }): VideoData => ({
  videoId: v.id,
  urlId: v.url_id,
  name: v.name,
  videoUrl: v.video_url,
  durationSeconds: v.duration_seconds,
});
const VIDEO_COLUMNS = ['videos.id', 'videos.url_id', 'videos.name', 'videos.video_url', 'videos.duration_seconds'] as const;

export async function getSkillWithContent(db: Db, idOrUrlId: string | number): Promise<SkillWithContent | null> {
  const key = parseIdOrUrlId(idOrUrlId);
  if (!key) return null;
  const row = await byKey(db, 'skills', key).selectAll().executeTakeFirst();
  if (!row) return null;
  const reference = await getReferenceData(db);
  const group = reference.capabilities.flatMap((c) => c.skillGroups).find((g) => g.skillGroupId === row.skill_group_id) ?? null;
  const videos = row.is_locked
    ? []
    : await db.selectFrom('video_skills').innerJoin('videos', 'videos.id', 'video_skills.video_id').select(VIDEO_COLUMNS).where('video_skills.skill_id', '=', row.id).orderBy('videos.name').execute();
  return {
    skillId: row.id,
    urlId: row.url_id,
    name: row.name,
    overview: row.overview,
    skillGroupId: row.skill_group_id,
    skillGroupUrlId: group?.urlId ?? null,
    isLocked: row.is_locked,
    // Locked skills answer as locked: never their content.
    content: row.is_locked ? null : row.content,
    relatedVideos: videos.map(toVideo),
    skillGroup: group
      ? { skillGroupId: group.skillGroupId, urlId: group.urlId, name: group.name, overview: group.overview, primaryColour: group.primaryColour, complementaryColour: group.complementaryColour, capabilityId: group.capabilityId }
      : null,
  };
}

/** A skill group (by urlId or id) with its skills, from the cached reference data. */
export async function getSkillGroup(db: Db, idOrUrlId: string | number): Promise<SkillGroupData | null> {
  const key = parseIdOrUrlId(idOrUrlId);
  if (!key) return null;
  const reference = await getReferenceData(db);
  return reference.capabilities.flatMap((c) => c.skillGroups).find((g) => ('id' in key ? g.skillGroupId === key.id : g.urlId === key.urlId)) ?? null;
}

/**
 * A story's full data is the same for every user and changes only with the catalogue, so it is
 * cached beside the reference data it was built from (a new reference build drops it). The story
 * and chapter pages call getStory on every request (docs/decisions/101-story-cache.md).
 */
const storyCache = new WeakMap<ReferenceData, Map<number, Promise<StoryData | null>>>();

export async function getStory(db: Db, idOrUrlId: string | number): Promise<StoryData | null> {
  const key = parseIdOrUrlId(idOrUrlId);
  if (!key) return null;
  const reference = await getReferenceData(db);
  const known = reference.modules.flatMap((m) => m.stories).find((s) => ('id' in key ? s.storyId === key.id : s.urlId === key.urlId));
  const storyId = known?.storyId ?? (await byKey(db, 'stories', key).select(['id']).executeTakeFirst())?.id;
  if (storyId === undefined) return null;
  let byId = storyCache.get(reference);
  if (!byId) storyCache.set(reference, (byId = new Map()));
  let story = byId.get(storyId);
  if (!story) {
    story = loadStory(db, reference, storyId);
    byId.set(storyId, story);
    story.catch(() => byId.delete(storyId));
  }
  return story;
}

async function loadStory(db: Db, reference: ReferenceData, storyId: number): Promise<StoryData | null> {
  const row = { id: storyId };
  const summary = reference.modules.flatMap((m) => m.stories).find((s) => s.storyId === row.id) ?? (await storySummaryOutsideModules(db, row.id));
  if (!summary) return null;
  const moduleName = reference.modules.find((m) => m.moduleId === summary.moduleId)?.name ?? null;
  if (summary.isLocked) {
    // Locked: the story's outline only, never its chapters' content.
    const chapters = summary.chapters.map((c) => ({ ...c, htmlContent: '', video: null, relatedVideos: [], relatedActivities: [], relatedAssessments: [] }));
    return { ...summary, moduleName, chapters };
  }

  const chapterIds = summary.chapters.map((c) => c.chapterId);
  const [rows, videos, relatedVideos, relatedAssessments, relatedActivities] = chapterIds.length
    ? await Promise.all([
        db.selectFrom('chapters').select(['id', 'html_content']).where('id', 'in', chapterIds).execute(),
        db.selectFrom('chapters').innerJoin('videos', 'videos.id', 'chapters.video_id').select(['chapters.id as chapter_id', ...VIDEO_COLUMNS]).where('chapters.id', 'in', chapterIds).execute(),
        db.selectFrom('chapter_related_videos').innerJoin('videos', 'videos.id', 'chapter_related_videos.video_id').select(['chapter_related_videos.chapter_id', ...VIDEO_COLUMNS]).where('chapter_related_videos.chapter_id', 'in', chapterIds).orderBy('chapter_related_videos.ordinal').execute(),
        db.selectFrom('chapter_related_assessments').select(['chapter_id', 'assessment_id']).where('chapter_id', 'in', chapterIds).orderBy('ordinal').execute(),
        // Activity names from the activities' table (ids only cross the module line, in the catalogue files).
        db
          .selectFrom('chapter_related_activities as r')
          .innerJoin('activities as a', 'a.id', 'r.activity_id')
          .select(['r.chapter_id', 'a.id as activityId', 'a.name'])
          .where('r.chapter_id', 'in', chapterIds)
          .orderBy('r.ordinal')
          .execute(),
      ])
    : [[], [], [], [], []];
  const html = new Map(rows.map((r) => [r.id, r.html_content]));
  const assessments = new Map<number, AssessmentSummary>(reference.assessments.map((a) => [a.assessmentId, a]));
  const chapters: ChapterData[] = summary.chapters.map((c) => {
    const video = videos.find((v) => v.chapter_id === c.chapterId);
    return {
      ...c,
      htmlContent: html.get(c.chapterId) ?? '',
      video: video ? toVideo(video) : null,
      relatedVideos: relatedVideos.filter((v) => v.chapter_id === c.chapterId).map(toVideo),
      relatedActivities: relatedActivities.filter((r) => r.chapter_id === c.chapterId).map((r) => ({ activityId: r.activityId, name: r.name })),
      relatedAssessments: relatedAssessments.filter((r) => r.chapter_id === c.chapterId).flatMap((r) => assessments.get(r.assessment_id) ?? []),
    };
  });
  return { ...summary, moduleName, chapters };
}

async function storySummaryOutsideModules(db: Db, storyId: number): Promise<StorySummary | null> {
  const s = await db.selectFrom('stories').selectAll().where('id', '=', storyId).executeTakeFirst();
  if (!s) return null;
  const chapters = await db.selectFrom('chapters').select(['id', 'url_id', 'ordinal', 'name', 'overview', 'video_id']).where('story_id', '=', storyId).orderBy('ordinal').orderBy('id').execute();
  const skills = await db.selectFrom('story_skills').innerJoin('skills', 'skills.id', 'story_skills.skill_id').select(['skills.id', 'skills.url_id', 'skills.name']).where('story_id', '=', storyId).orderBy('story_skills.ordinal').execute();
  return toStorySummary(
    s,
    skills.map((k) => ({ skillId: k.id, urlId: k.url_id, name: k.name })),
    chapters,
  );
}

export async function listGames(db: Db): Promise<readonly GameSummary[]> {
  return (await getReferenceData(db)).games;
}

export async function listAssessments(db: Db): Promise<readonly AssessmentSummary[]> {
  return (await getReferenceData(db)).assessments;
}

export async function getGame(db: Db, idOrUrlId: string | number): Promise<GameData | null> {
  const key = parseIdOrUrlId(idOrUrlId);
  if (!key) return null;
  const row = await byKey(db, 'games', key).select(['id']).executeTakeFirst();
  if (!row) return null;
  const summary = (await getReferenceData(db)).games.find((g) => g.gameId === row.id);
  const game = await db.selectFrom('games').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  const stages = await db.selectFrom('game_stages').selectAll().where('game_id', '=', row.id).orderBy('ordinal').orderBy('id').execute();
  const stageIds = stages.map((s) => s.id);
  const choices = stageIds.length ? await db.selectFrom('game_choices').selectAll().where('stage_id', 'in', stageIds).orderBy('ordinal').execute() : [];
  const choiceIds = choices.map((c) => c.id);
  const [points, feedbacks, activities] = await Promise.all([
    choiceIds.length ? db.selectFrom('game_choice_skills').selectAll().where('choice_id', 'in', choiceIds).orderBy('skill_id').execute() : [],
    db.selectFrom('game_feedbacks').selectAll().where('game_id', '=', row.id).orderBy('ordinal').execute(),
    db.selectFrom('game_activities').selectAll().where('game_id', '=', row.id).orderBy('ordinal').execute(),
  ]);
  return {
    gameId: game.id,
    urlId: game.url_id,
    name: game.name,
    type: game.type,
    overview: game.overview,
    isChoiceShuffleOn: game.is_choice_shuffle_on,
    relatedSkills: summary ? [...summary.relatedSkills] : [],
    startStageId: game.start_stage_id,
    stages: stages.map((s) => ({
      stageId: s.id,
      key: s.key,
      type: s.type,
      speaker: s.speaker,
      htmlContent: s.html_content,
      imageBackground: s.image_background,
      imageFocus: s.image_focus,
      nextStageId: s.next_stage_id,
      choices: choices
        .filter((c) => c.stage_id === s.id)
        .map((c) => ({
          choiceId: c.id,
          htmlContent: c.html_content,
          nextStageId: c.next_stage_id,
          choiceSkills: points.filter((p) => p.choice_id === c.id).map((p) => ({ skillId: p.skill_id, value: p.value })),
        })),
    })),
    gameFeedbacks: feedbacks.map((f) => ({ skillId: f.skill_id, operator: f.operator, value: f.value, htmlContent: f.html_content })),
    gameActivities: activities.map((a) => ({ skillId: a.skill_id, operator: a.operator, value: a.value, activityId: a.activity_id })),
  };
}

export async function getAssessment(db: Db, idOrUrlId: string | number): Promise<AssessmentData | null> {
  const key = parseIdOrUrlId(idOrUrlId);
  if (!key) return null;
  const row = await byKey(db, 'assessments', key).select(['id']).executeTakeFirst();
  if (!row) return null;
  const a = await db.selectFrom('assessments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  const summary = (await getReferenceData(db)).assessments.find((x) => x.assessmentId === row.id);
  const questions = await db.selectFrom('assessment_questions').selectAll().where('assessment_id', '=', a.id).orderBy('ordinal').execute();
  const questionIds = questions.map((q) => q.id);
  const options = questionIds.length ? await db.selectFrom('assessment_options').selectAll().where('question_id', 'in', questionIds).orderBy('ordinal').execute() : [];
  const optionIds = options.map((o) => o.id);
  const [points, feedbacks, activities] = await Promise.all([
    optionIds.length ? db.selectFrom('assessment_option_skills').selectAll().where('option_id', 'in', optionIds).orderBy('skill_id').execute() : [],
    db.selectFrom('survey_feedbacks').selectAll().where('assessment_id', '=', a.id).orderBy('ordinal').execute(),
    db.selectFrom('survey_activities').selectAll().where('assessment_id', '=', a.id).orderBy('ordinal').execute(),
  ]);
  return {
    ...toAssessmentHead(a),
    citation: a.citation,
    relatedSkills: summary ? [...summary.relatedSkills] : [],
    questions: questions.map((q) => ({
      questionId: q.id,
      ordinal: q.ordinal,
      htmlContent: q.html_content,
      options: options
        .filter((o) => o.question_id === q.id)
        .map((o) => ({ optionId: o.id, htmlContent: o.html_content, optionSkills: points.filter((p) => p.option_id === o.id).map((p) => ({ skillId: p.skill_id, value: p.value })) })),
    })),
    surveyFeedbacks: feedbacks.map((f) => ({ skillId: f.skill_id, operator: f.operator, value: f.value, htmlContent: f.html_content })),
    surveyActivities: activities.map((x) => ({ skillId: x.skill_id, operator: x.operator, value: x.value, activityId: x.activity_id })),
  };
}

function pickRandom<T>(list: readonly T[], n: number, random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

export type ExploreSkill = SkillSummary & { skillGroup: Omit<SkillGroupData, 'skills'> };

/** /app/explore: up to 5 random unlocked skills (with their group) and up to 5 random stories. */
export async function randomExploreItems(db: Db, random: () => number = Math.random): Promise<{ skills: ExploreSkill[]; stories: StorySummary[] }> {
  const reference = await getReferenceData(db);
  const skills = reference.capabilities.flatMap((c) =>
    c.skillGroups.flatMap(({ skills: list, ...group }) => list.filter((s) => !s.isLocked).map((s) => ({ ...s, skillGroup: group }))),
  );
  const stories = reference.modules.flatMap((m) => m.stories);
  return { skills: pickRandom(skills, EXPLORE_LIMIT, random), stories: pickRandom(stories, EXPLORE_LIMIT, random) };
}
