import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { seedArticles } from '@modules/catalogue/index.server';
import { BREAK_JOURNEY_ID } from '@modules/journeys/index.server';
import { runCatalogueImport } from '../../scripts/catalogue-import';
import { args, jsonRequest, run, type ApiAnswer, type ApiAnswerOf as Of } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';
import * as apiGetPresetById from '../../app/routes/api+/admin+/getPresetById';
import * as apiRemovePresetJourney from '../../app/routes/api+/admin+/removePresetJourney';
import * as apiRemovePresetPost from '../../app/routes/api+/admin+/removePresetPost';
import { fillDefaultPresetIfEmpty } from './default-preset.server';
import type { getPresetById } from './presets.server';

/**
 * Issue "spec gaps" item 1 (decision 251): the default preset "Default 6-month programme" gets its six
 * journeys, its break and its posts on a fresh database once the catalogue's journeys are imported
 * (the production path: npm run catalogue:import; the web start-up calls the same fill), once only,
 * and never again after an admin changed it.
 */
const api = async <T = ApiAnswer<object>>(route: { action: (a: never) => unknown }, name: string, body: unknown, token: string) =>
  run<T>(() => route.action(args(jsonRequest(`/api/admin/${name}`, body, { token })) as never));

describe('the default preset on a fresh database', () => {
  it('is filled by the catalogue import, once, and an admin’s edit is kept', async () => {
    const admin = await signIn((await makeUser({ isLedaAdmin: true, organisationId: null })).userId);
    const before = await api(apiGetPresetById, 'getPresetById', { presetId: 1 }, admin.token);
    expect(before.data).toMatchObject({ presetId: 1, name: 'Default 6-month programme', journeys: [], posts: [] });
    // Before any journey exists (a fresh production database at start-up) there is nothing to fill with.
    expect(await fillDefaultPresetIfEmpty(getDb())).toBe(false);

    const lines: string[] = [];
    await seedArticles(getDb(), path.resolve('content/articles'));
    expect(await runCatalogueImport('content/catalogue', { log: (l) => lines.push(l), error: (l) => lines.push(l) })).toBe(0);
    expect(lines).toContain('  default preset: filled');

    const filled = (await api<Of<typeof getPresetById>>(apiGetPresetById, 'getPresetById', { presetId: 1 }, admin.token)).data;
    expect(filled.description).toMatch(/six leadership journeys.*break.*welcome post/i);
    expect(filled.journeys.filter((j: { isBreak: boolean }) => !j.isBreak)).toHaveLength(6);
    expect(filled.journeys.filter((j: { isBreak: boolean }) => j.isBreak)).toEqual([expect.objectContaining({ journeyId: BREAK_JOURNEY_ID, breakLabel: 'Mid-programme break' })]);
    expect(filled.posts[0]).toMatchObject({ scheduledIn: 0, time: '09:00:00', isLedaOfficial: true });
    expect(filled.posts[0]?.text).toMatch(/^Welcome/);

    // A second import (or start-up) adds nothing.
    lines.length = 0;
    expect(await runCatalogueImport('content/catalogue', { log: (l) => lines.push(l), error: (l) => lines.push(l) })).toBe(0);
    expect(lines).not.toContain('  default preset: filled');
    expect((await api<Of<typeof getPresetById>>(apiGetPresetById, 'getPresetById', { presetId: 1 }, admin.token)).data.journeys).toHaveLength(7);

    // An admin who empties it on purpose keeps it empty.
    for (const j of filled.journeys) expect((await api(apiRemovePresetJourney, 'removePresetJourney', { presetJourneyId: j.presetJourneyId }, admin.token)).status).toBe(200);
    for (const p of filled.posts) expect((await api(apiRemovePresetPost, 'removePresetPost', { presetPostId: p.presetPostId }, admin.token)).status).toBe(200);
    expect(await fillDefaultPresetIfEmpty(getDb())).toBe(false);
    expect((await api(apiGetPresetById, 'getPresetById', { presetId: 1 }, admin.token)).data).toMatchObject({ journeys: [], posts: [] });
    // Two catalogue imports on a shared 2-core machine: give them time.
  }, 240_000);
});
