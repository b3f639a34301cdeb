import { onShutdown, type Db } from '@modules/shared/index.server';
import type { CapabilityData, ModuleData, ReferenceData, RelatedSkill, SkillGroupData, SkillRef, SkillSummary, StorySummary } from './types';

/**
 * Reference data (capabilities > skill groups > skills, modules > stories > chapter summaries,
 * games, assessments, journeys) is the same for every user, so it is built once per process and
 * cached. importCatalogue clears the cache at once; another process's import bumps the
 * catalogue_version row, which this process reads at most every `checkEveryMs`
 * (docs/decisions/051-reference-data-cache.md).
 */

export const referenceCacheOptions = { checkEveryMs: 2000 };

let cache: { data: ReferenceData; version: number; checkedAt: number } | null = null;
let building: Promise<{ data: ReferenceData; version: number }> | null = null;

export function invalidateReferenceData() {
  cache = null;
  building = null;
}
onShutdown(invalidateReferenceData);

/** Called by every writer of catalogue rows (the import, later the admin console). */
export async function bumpCatalogueVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('catalogue_version')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirst();
  if (row) return row.version;
  await db.insertInto('catalogue_version').values({ id: 1, version: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return 1;
}

async function currentVersion(db: Db) {
  const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

export async function getReferenceData(db: Db): Promise<ReferenceData> {
  return (await getVersionedReferenceData(db)).data;
}

/**
 * The reference data with the catalogue version it was built from, and its JSON text (built once
 * per version), for the versioned, browser-cached /reference-data/{version} (docs/decisions/144).
 */
export async function getVersionedReferenceData(db: Db): Promise<{ data: ReferenceData; version: number; json: () => string }> {
  const now = Date.now();
  if (cache && now - cache.checkedAt < referenceCacheOptions.checkEveryMs) return versioned(cache);
  const version = await currentVersion(db);
  if (cache && cache.version === version) {
    cache.checkedAt = now;
    return versioned(cache);
  }
  const mine = (building ??= buildReferenceData(db)
    .then((data) => ({ data, version }))
    .finally(() => {
      building = null;
    }));
  const built = await mine;
  cache = { ...built, checkedAt: Date.now() };
  return versioned(cache);
}

const jsonOf = new WeakMap<ReferenceData, string>();
function versioned(entry: { data: ReferenceData; version: number }) {
  const { data, version } = entry;
  return {
    data,
    version,
    json: () => {
      let text = jsonOf.get(data);
      if (text === undefined) jsonOf.set(data, (text = JSON.stringify(data)));
      return text;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function groupBy<T, K>(rows: T[], key: (r: T) => K) {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

type StoryRow = { id: number; url_id: string; module_id: number | null; name: string; overview: string; is_locked: boolean; is_featured: boolean };
type ChapterRow = { id: number; url_id: string; ordinal: number; name: string; overview: string; video_id: number | null };

/** A stories row, its related skills and its chapter rows (in order) as the spec's StorySummary. */
export function toStorySummary(s: StoryRow, relatedSkills: SkillRef[], chapters: ChapterRow[]): StorySummary {
  return {
    storyId: s.id,
    urlId: s.url_id,
    moduleId: s.module_id,
    name: s.name,
    overview: s.overview,
    isLocked: s.is_locked,
    isFeatured: s.is_featured,
    relatedSkills,
    chapters: chapters.map((c) => ({ chapterId: c.id, urlId: c.url_id, ordinal: c.ordinal, name: c.name, overview: c.overview, videoId: c.video_id })),
  };
}

/** The fields every assessment answer starts with (reference data and the full survey alike). */
export function toAssessmentHead(a: { id: number; url_id: string; name: string; type: number; overview: string; instruction: string }) {
  return { assessmentId: a.id, surveyId: a.id, urlId: a.url_id, name: a.name, type: a.type, overview: a.overview, instruction: a.instruction };
}

export async function buildReferenceData(db: Db): Promise<ReferenceData> {
  const [capabilities, groups, skills, modules, stories, chapters, storySkills, games, assessments, gameRelated, assessmentRelated] = await Promise.all([
    db.selectFrom('capabilities').selectAll().orderBy('ordinal').orderBy('id').execute(),
    db.selectFrom('skill_groups').selectAll().orderBy('ordinal').orderBy('id').execute(),
    db.selectFrom('skills').select(['id', 'url_id', 'name', 'overview', 'skill_group_id', 'is_locked']).orderBy('ordinal').orderBy('name').execute(),
    db.selectFrom('modules').selectAll().orderBy('ordinal').orderBy('id').execute(),
    db.selectFrom('stories').selectAll().orderBy('ordinal').orderBy('id').execute(),
    db.selectFrom('chapters').select(['id', 'story_id', 'url_id', 'ordinal', 'name', 'overview', 'video_id']).orderBy('story_id').orderBy('ordinal').orderBy('id').execute(),
    db.selectFrom('story_skills').select(['story_id', 'skill_id']).orderBy('story_id').orderBy('ordinal').execute(),
    db.selectFrom('games').selectAll().orderBy('ordinal').orderBy('name').execute(),
    db.selectFrom('assessments').select(['id', 'url_id', 'name', 'type', 'overview', 'instruction']).orderBy('ordinal').orderBy('name').execute(),
    db.selectFrom('game_related_skills').select(['game_id as owner', 'skill_id', 'max_points']).orderBy('game_id').orderBy('ordinal').execute(),
    db.selectFrom('assessment_related_skills').select(['assessment_id as owner', 'skill_id', 'max_points']).orderBy('assessment_id').orderBy('ordinal').execute(),
  ]);
  const groupUrl = new Map(groups.map((g) => [g.id, g.url_id]));
  const skillById = new Map(skills.map((s) => [s.id, s]));
  const skillRef = (id: number): SkillRef | null => {
    const s = skillById.get(id);
    return s ? { skillId: s.id, urlId: s.url_id, name: s.name } : null;
  };
  const related = (rows: { owner: number; skill_id: number; max_points: number }[]) => {
    const by = groupBy(rows, (r) => r.owner);
    return (owner: number): RelatedSkill[] =>
      (by.get(owner) ?? []).flatMap((r) => {
        const ref = skillRef(r.skill_id);
        return ref ? [{ ...ref, maxPoints: r.max_points }] : [];
      });
  };
  const gameSkills = related(gameRelated);
  const assessmentSkills = related(assessmentRelated);

  const skillsByGroup = groupBy(skills, (s) => s.skill_group_id);
  const toSkill = (s: (typeof skills)[number]): SkillSummary => ({
    skillId: s.id,
    urlId: s.url_id,
    name: s.name,
    overview: s.overview,
    skillGroupId: s.skill_group_id,
    skillGroupUrlId: s.skill_group_id == null ? null : (groupUrl.get(s.skill_group_id) ?? null),
    isLocked: s.is_locked,
  });
  const groupsByCapability = groupBy(groups, (g) => g.capability_id);
  const toGroup = (g: (typeof groups)[number]): SkillGroupData => ({
    skillGroupId: g.id,
    urlId: g.url_id,
    name: g.name,
    overview: g.overview,
    primaryColour: g.primary_colour,
    complementaryColour: g.complementary_colour,
    capabilityId: g.capability_id,
    skills: (skillsByGroup.get(g.id) ?? []).map(toSkill),
  });
  const capabilityData: CapabilityData[] = capabilities.map((c) => ({
    capabilityId: c.id,
    urlId: c.url_id,
    name: c.name,
    overview: c.overview,
    skillGroups: (groupsByCapability.get(c.id) ?? []).map(toGroup),
  }));

  const chaptersByStory = groupBy(chapters, (c) => c.story_id);
  const skillsByStory = groupBy(storySkills, (s) => s.story_id);
  const storiesByModule = groupBy(stories, (s) => s.module_id);
  const toStory = (s: (typeof stories)[number]): StorySummary =>
    toStorySummary(
      s,
      (skillsByStory.get(s.id) ?? []).flatMap((r) => skillRef(r.skill_id) ?? []),
      chaptersByStory.get(s.id) ?? [],
    );
  const moduleData: ModuleData[] = modules.map((m) => ({ moduleId: m.id, urlId: m.url_id, name: m.name, stories: (storiesByModule.get(m.id) ?? []).map(toStory) }));

  return deepFreeze({
    assessments: assessments.map((a) => ({ ...toAssessmentHead(a), relatedSkills: assessmentSkills(a.id) })),
    capabilities: capabilityData,
    games: games.map((g) => ({ gameId: g.id, urlId: g.url_id, name: g.name, type: g.type, overview: g.overview, isChoiceShuffleOn: g.is_choice_shuffle_on, relatedSkills: gameSkills(g.id) })),
    journeys: [],
    modules: moduleData,
  });
}

/** Unlocked stories in reference order, and for each skill the positions of the stories that teach it (built once per reference data). */
const storyIndexOf = new WeakMap<ReferenceData, { stories: StorySummary[]; bySkill: Map<number, number[]> }>();
function storyIndex(reference: ReferenceData) {
  let index = storyIndexOf.get(reference);
  if (!index) {
    const stories = reference.modules.flatMap((m) => m.stories).filter((s) => !s.isLocked);
    const bySkill = new Map<number, number[]>();
    stories.forEach((s, i) => {
      for (const k of s.relatedSkills) bySkill.set(k.skillId, [...(bySkill.get(k.skillId) ?? []), i]);
    });
    index = { stories, bySkill };
    storyIndexOf.set(reference, index);
  }
  return index;
}

/**
 * The `limit` unlocked stories (other than `storyId`) that share the most of `skillIds`, ties in
 * catalogue order, then the first others when too few share any. Reads only the stories that
 * share a skill, so a chapter's cost does not grow with the catalogue (issue 16).
 */
export function relatedStories(reference: ReferenceData, storyId: number, skillIds: Iterable<number>, limit: number): StorySummary[] {
  const { stories, bySkill } = storyIndex(reference);
  const shared = new Map<number, number>();
  for (const skillId of new Set(skillIds)) for (const i of bySkill.get(skillId) ?? []) if (stories[i]!.storyId !== storyId) shared.set(i, (shared.get(i) ?? 0) + 1);
  const picked = [...shared].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit).map(([i]) => i);
  for (let i = 0; picked.length < limit && i < stories.length; i++) if (!shared.has(i) && stories[i]!.storyId !== storyId) picked.push(i);
  return picked.map((i) => stories[i]!);
}
