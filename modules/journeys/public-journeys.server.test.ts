import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { seedArticles } from '@modules/catalogue/index.server';
import { FIXTURE_ARTICLES, FIXTURE_JOURNEYS, importFixtureActivities } from '../../tests/support/content';
import { importJourneys } from './import.server';
import { HIDDEN_JOURNEY_ID, isListedJourney, listPublicJourneys } from './public-journeys.server';

describe('public journeys', () => {
  it('never lists journey 1000, the hidden break item', () => {
    expect(HIDDEN_JOURNEY_ID).toBe(1000);
    expect(isListedJourney({ journeyId: 1000 })).toBe(false);
    expect(isListedJourney({ journeyId: 999 })).toBe(true);
  });

  it('lists nothing before journeys are imported, and never the break marker that the migration creates', async () => {
    expect(await listPublicJourneys(getDb())).toEqual([]);
  });
});

describe('public journeys after the journeys import', () => {
  it('lists the 6 imported journeys with their skills and skill group, never journey 1000', async () => {
    const db = getDb();
    await seedArticles(db, FIXTURE_ARTICLES);
    await importFixtureActivities(db);
    expect(await importJourneys(db, FIXTURE_JOURNEYS)).toBe(6);
    const list = await listPublicJourneys(db);
    expect(list.map((j) => j.name)).toEqual([
      'Leading yourself',
      'Giving feedback that lands',
      'Running effective one-on-ones',
      'Delegating well',
      'Building psychological safety',
      'Leading through change',
    ]);
    expect(list[0]).toMatchObject({ journeyId: 1, skills: ['Emotional Self-Awareness', 'Emotional Self-Control', 'Self-Confidence', 'Values and Purpose'], skillGroupId: expect.any(Number) });
    expect(list[0]!.htmlSummary).toContain('<p>');
    // A second import changes nothing and keeps the step ids (learners' activities point at them).
    const steps = await db.selectFrom('journey_steps').select(['id', 'url_id']).where('journey_id', '=', 1).orderBy('ordinal').execute();
    expect(await importJourneys(db, FIXTURE_JOURNEYS)).toBe(6);
    expect(await db.selectFrom('journey_steps').select(['id', 'url_id']).where('journey_id', '=', 1).orderBy('ordinal').execute()).toEqual(steps);
  });
});
