import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import path from 'node:path';
import { seedArticles, seedCatalogue } from '@modules/catalogue/index.server';
import { seedActivities } from '@modules/activities/index.server';
import { seedJourneys } from '@modules/journeys/index.server';

/**
 * The demo itself (issue 30 s.7, docs/decisions/322): the catalogue, activities and journeys shipped
 * under content/catalogue import cleanly, in the numbers the README promises. Other tests use their
 * own fixtures (tests/fixtures/); a `*.demo.test.ts` file is the place to check the demo.
 */
describe('the shipped demo content', () => {
  it('imports the articles, the catalogue, the 16 activities and the 6 journeys', async () => {
    const db = getDb();
    expect(await seedArticles(db, path.resolve('content/articles'))).toBeGreaterThan(0);
    const summary = await seedCatalogue(db);
    expect(summary).toMatchObject({ capabilities: 2, skillGroups: 4, skills: 16 });
    expect(summary.stories).toBeGreaterThanOrEqual(6);
    expect(summary.games).toBeGreaterThanOrEqual(4);
    expect(summary.assessments).toBeGreaterThanOrEqual(3);
    expect(await seedActivities(db)).toBe(16);
    expect(await seedJourneys(db)).toBe(6);
  });
});
