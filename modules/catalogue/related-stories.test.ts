import { describe, expect, it } from 'vitest';
import { relatedStories } from './reference.server';
import type { ReferenceData, StorySummary } from './types';

/** The rule as the chapter page first wrote it: a scan of every story, sorted by skills shared. */
function naive(reference: ReferenceData, storyId: number, skillIds: number[], limit: number) {
  const wanted = new Set(skillIds);
  return reference.modules
    .flatMap((m) => m.stories)
    .filter((s) => s.storyId !== storyId && !s.isLocked)
    .map((s) => ({ s, shared: s.relatedSkills.filter((k) => wanted.has(k.skillId)).length }))
    .sort((a, b) => b.shared - a.shared)
    .slice(0, limit)
    .map(({ s }) => s.storyId);
}

function catalogue(stories: number, seed: number): ReferenceData {
  let x = seed;
  const rnd = (n: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
  const all: StorySummary[] = Array.from({ length: stories }, (_, i) => ({
    storyId: i + 1,
    urlId: `s${i + 1}`,
    moduleId: 1 + (i % 3),
    name: `Story ${i + 1}`,
    overview: '',
    isLocked: rnd(7) === 0,
    isFeatured: false,
    relatedSkills: Array.from({ length: rnd(4) }, () => ({ skillId: 1 + rnd(12) })) as StorySummary['relatedSkills'],
    chapters: [],
  }));
  const modules = [1, 2, 3].map((moduleId) => ({ moduleId, urlId: `m${moduleId}`, name: `M${moduleId}`, stories: all.filter((s) => s.moduleId === moduleId) }));
  return { modules } as unknown as ReferenceData;
}

describe('relatedStories', () => {
  it('picks the same stories as a scan of the whole catalogue, in the same order', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const reference = catalogue(60, seed);
      for (const story of reference.modules.flatMap((m) => m.stories)) {
        const skills = story.relatedSkills.map((k) => k.skillId);
        for (const limit of [1, 2, 5]) {
          expect(relatedStories(reference, story.storyId, skills, limit).map((s) => s.storyId), `seed ${seed} story ${story.storyId} limit ${limit}`).toEqual(
            naive(reference, story.storyId, skills, limit),
          );
        }
      }
    }
  });

  it('fills with the first other unlocked stories when none shares a skill, and never returns the story itself', () => {
    const reference = catalogue(10, 9);
    const first = reference.modules.flatMap((m) => m.stories).find((s) => !s.isLocked)!;
    const picked = relatedStories(reference, first.storyId, [999], 3);
    expect(picked.map((s) => s.storyId)).toEqual(naive(reference, first.storyId, [999], 3));
    expect(picked.some((s) => s.storyId === first.storyId || s.isLocked)).toBe(false);
  });
});
