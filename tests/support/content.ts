import path from 'node:path';
import { beforeAll } from 'vitest';
import { getDb, type Db } from '@modules/shared/index.server';
import { importCatalogue, seedArticles } from '@modules/catalogue/index.server';
import { importActivities } from '@modules/activities/index.server';
import { importJourneys } from '@modules/journeys/index.server';

/**
 * The tests' own content (tests/fixtures, decisions 322 and 345), imported with the product's own
 * importers, so editing the shipped demo under content/ breaks no test that is not about the demo:
 *
 * - tests/fixtures/catalogue: one game, two surveys, ten skills, their groups and capabilities;
 * - tests/fixtures/journeys: an add-on catalogue folder with six journeys (ids 1-6; 3 has four
 *   steps, one activity each), the sixteen activities (ids 1-16, with their tasks and fields), two
 *   stories of one module, and the videos the journeys and stories show;
 * - tests/fixtures/articles: the three articles the journeys read and one untagged article;
 * - tests/fixtures/public-articles: thirteen public articles for the public site's pages and /api/public
 *   (the demo's ids, dates and tags, one paragraph each except 'feedback-that-lands', kept whole for its
 *   reading time; a one-rectangle SVG as each feature image).
 */
const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../fixtures');
export const FIXTURE_CATALOGUE = path.join(FIXTURES, 'catalogue');
export const FIXTURE_JOURNEYS = path.join(FIXTURES, 'journeys');
export const FIXTURE_ARTICLES = path.join(FIXTURES, 'articles');
export const FIXTURE_PUBLIC_ARTICLES = path.join(FIXTURES, 'public-articles');

/** The fixture catalogue only (skills, the game, the surveys). */
export const importFixtureCatalogue = (db: Db = getDb()) => importCatalogue(db, FIXTURE_CATALOGUE);

/** The fixture catalogue with the stories and videos of tests/fixtures/journeys (module 'Stepping Up'). */
export async function importFixtureStories(db: Db = getDb()) {
  await importFixtureCatalogue(db);
  return importCatalogue(db, FIXTURE_JOURNEYS);
}

/** The fixture catalogue, its stories and videos, and the sixteen activities (no journeys, no articles). */
export async function importFixtureActivities(db: Db = getDb()) {
  await importFixtureStories(db);
  return importActivities(db, FIXTURE_JOURNEYS);
}

/** Everything a journey test reads: articles, catalogue, videos, activities and the six journeys. */
export async function importFixtureJourneys(db: Db = getDb()) {
  await seedArticles(db, FIXTURE_ARTICLES);
  await importFixtureActivities(db);
  return importJourneys(db, FIXTURE_JOURNEYS);
}

/** importFixtureCatalogue once for the test file; call it at the top level of the file. */
export function fixtureCatalogueBeforeAll() {
  beforeAll(async () => {
    await importFixtureCatalogue();
  });
}

/** importFixtureStories once for the test file. */
export function fixtureStoriesBeforeAll() {
  beforeAll(async () => {
    await importFixtureStories();
  });
}

/** importFixtureJourneys once for the test file; call it at the top level of the file. */
export function fixtureJourneysBeforeAll() {
  beforeAll(async () => {
    await importFixtureJourneys();
  });
}

/** importFixtureActivities once for the test file. */
export function fixtureActivitiesBeforeAll() {
  beforeAll(async () => {
    await importFixtureActivities();
  });
}
