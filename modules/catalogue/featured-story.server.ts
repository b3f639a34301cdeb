import type { Db } from '@modules/shared/index.server';
import { getReferenceData } from './reference.server';

/**
 * A team's featured story (admin-console s.3 Team.featuredStoryId): the choices the team editor's
 * General settings offer, and the card the team home shows. Both read the cached reference data
 * (no query of their own when it is warm).
 */
export interface StoryChoice {
  storyId: number;
  name: string;
  moduleName: string;
}

/** Every story of the catalogue's modules, in reference order, for a picker. */
export async function listStoryChoices(db: Db): Promise<StoryChoice[]> {
  const reference = await getReferenceData(db);
  return reference.modules.flatMap((m) => m.stories.map((s) => ({ storyId: s.storyId, name: s.name, moduleName: m.name })));
}

/** The story a learner can open from the team home, or null (none featured, unknown, or locked). */
export async function featuredStoryCard(db: Db, storyId: number | null) {
  if (storyId === null) return null;
  const reference = await getReferenceData(db);
  const story = reference.modules.flatMap((m) => m.stories).find((s) => s.storyId === storyId);
  if (!story || story.isLocked) return null;
  return { storyId: story.storyId, urlId: story.urlId, name: story.name, overview: story.overview };
}
