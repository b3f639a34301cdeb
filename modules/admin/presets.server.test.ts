import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { BREAK_JOURNEY_ID, saveTeamSchedule, setTeamSchedule, listTeamJourneysForAdmin } from '@modules/journeys/index.server';
import { AudienceType, savePost, listTeamPosts, type PublishScheduler } from '@modules/social/index.server';
import { makeTeam, makeUser } from '../../tests/support/factories';
import { importFixtureJourneys } from '../../tests/support/content';
import {
  DEFAULT_PRESET_ID,
  PRESET_JOURNEY_TWICE,
  addBreakToPreset,
  createPreset,
  createPresetJourney,
  duplicatePreset,
  getPresetById,
  removePresetJourney,
  savePresetPost,
  updatePresetJourneys,
} from './presets.server';
import { applyPreset, saveTeamJourneys } from './team-schedule.server';
import { fillDefaultPresetIfEmpty } from './default-preset.server';

/** Presets and their application to a team, on the real database with a fixed clock. */
beforeAll(async () => {
  await importFixtureJourneys();
});

const recorder = () => {
  const calls: string[] = [];
  const s: PublishScheduler = {
    schedule: async (id, at) => void calls.push(`schedule ${id} ${at.toISOString()}`),
    cancel: async (id) => void calls.push(`cancel ${id}`),
  };
  return { s, calls };
};

async function admin() {
  const u = await makeUser({ isLedaAdmin: true, organisationId: null });
  return (await getCurrentUser(getDb(), u.userId))!;
}

describe('presets', () => {
  it('the default preset 1 exists and the seed gives it a 6-month programme', async () => {
    await fillDefaultPresetIfEmpty(getDb());
    expect(await fillDefaultPresetIfEmpty(getDb())).toBe(false);
    const p = await getPresetById(getDb(), DEFAULT_PRESET_ID);
    expect(p.name).toBe('Default 6-month programme');
    expect(p.journeys.filter((j) => !j.isBreak)).toHaveLength(6);
    expect(p.journeys.filter((j) => j.isBreak).map((j) => j.breakLabel)).toEqual(['Mid-programme break']);
    const days = p.journeys.reduce((n, j) => n + j.length, 0) + 28;
    expect(days).toBeGreaterThanOrEqual(180);
    expect(p.posts.length).toBeGreaterThan(2);
    expect(p.posts[0]).toMatchObject({ scheduledIn: 0, time: '09:00:00' });
  });

  it('builds a preset: journeys once each, breaks, lengths and unlock weeks, posts with :00, a duplicate copies all', async () => {
    const me = await admin();
    const { presetId } = await createPreset(getDb(), me.userId, { name: 'Autumn cohort', description: '' });
    const a = await createPresetJourney(getDb(), me.userId, { presetId, journeyId: 2 });
    await expect(createPresetJourney(getDb(), me.userId, { presetId, journeyId: 2 })).rejects.toThrow(PRESET_JOURNEY_TWICE);
    const brk = await addBreakToPreset(getDb(), me.userId, { presetId, breakLabel: 'Half-term' });
    const b = await createPresetJourney(getDb(), me.userId, { presetId, journeyId: 3 });
    await updatePresetJourneys(getDb(), me.userId, {
      journeys: [
        { presetJourneyId: a.presetJourneyId, length: 14, nbWeeksBeforeUnlock: 1 },
        { presetJourneyId: brk.presetJourneyId, length: 7, nbWeeksBeforeUnlock: 2 },
        { presetJourneyId: b.presetJourneyId, nbWeeksBeforeUnlock: 1000 },
      ],
    });
    const post = await savePresetPost(getDb(), me.userId, { presetId, post: { text: 'Hello team', scheduledIn: 14, time: '09:30', isLedaOfficial: false } as never });
    expect(post).toMatchObject({ time: '09:30:00', scheduledIn: 14, isLedaOfficial: false });
    let p = await getPresetById(getDb(), presetId);
    expect(p.journeys.map((j) => [j.journeyId, j.length, j.nbWeeksBeforeUnlock, j.breakLabel])).toEqual([
      [2, 14, 1, null],
      [BREAK_JOURNEY_ID, 7, 1000, 'Half-term'],
      [3, 0, 1000, null],
    ]);
    const copy = await duplicatePreset(getDb(), me.userId, presetId);
    const c = await getPresetById(getDb(), copy.presetId);
    expect(c.name).toBe('Copy of Autumn cohort');
    expect(c.journeys.map((j) => j.journeyId)).toEqual([2, BREAK_JOURNEY_ID, 3]);
    expect(c.posts.map((x) => x.text)).toEqual(['Hello team']);
    await removePresetJourney(getDb(), me.userId, brk.presetJourneyId);
    p = await getPresetById(getDb(), presetId);
    expect(p.journeys.map((j) => j.journeyId)).toEqual([2, 3]);
    const audit = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'preset').where('entity_id', '=', String(presetId)).execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['preset.create', 'preset.addJourney', 'preset.addBreak', 'preset.updateJourneys', 'preset.createPost', 'preset.removeJourney']));
  });
});

describe('applying a preset', () => {
  it('replaces journeys and posts, laid out from the start date across a month boundary and a DST change', async () => {
    const me = await admin();
    const { teamId, organisationId } = await makeTeam();
    await setTeamSchedule(getDb(), teamId, [{ journeyId: 5, scheduledAt: new Date('2026-01-01T00:00:00Z') }]);
    const rec = recorder();
    const now = new Date('2026-10-20T07:00:00Z');
    const old = await savePost(getDb(), me, { text: 'Old scheduled post', audienceType: AudienceType.Team, teamId, organisationId, scheduledAt: new Date('2026-12-01T00:00:00Z') }, rec.s, now);
    rec.calls.length = 0;

    const { presetId } = await createPreset(getDb(), me.userId, { name: 'DST cohort', description: '' });
    const j1 = await createPresetJourney(getDb(), me.userId, { presetId, journeyId: 2 });
    const br = await addBreakToPreset(getDb(), me.userId, { presetId, breakLabel: 'Break week' });
    const j2 = await createPresetJourney(getDb(), me.userId, { presetId, journeyId: 3 });
    await updatePresetJourneys(getDb(), me.userId, {
      journeys: [
        { presetJourneyId: j1.presetJourneyId, length: 10, nbWeeksBeforeUnlock: 1 },
        { presetJourneyId: br.presetJourneyId, length: 7 },
        { presetJourneyId: j2.presetJourneyId, nbWeeksBeforeUnlock: 2 },
      ],
    });
    await savePresetPost(getDb(), me.userId, { presetId, post: { text: 'Day one, 9am BST', scheduledIn: 0, time: '09:00', isLedaOfficial: true } as never });
    await savePresetPost(getDb(), me.userId, { presetId, post: { text: 'Day ten, 9am GMT', scheduledIn: 10, time: '09:00', isLedaOfficial: true } as never });
    await savePresetPost(getDb(), me.userId, { presetId, post: { text: 'Already past', scheduledIn: 0, time: '06:00', isLedaOfficial: true } as never });

    const out = await applyPreset(getDb(), me, { teamId, presetId, startDate: '2026-10-20', timeZone: 'Europe/London' }, rec.s, now);

    const schedule = await listTeamJourneysForAdmin(getDb(), teamId);
    expect(schedule.map((e) => [e.journeyId, e.scheduledAt, e.unlockedAt, e.length, e.breakLabel])).toEqual([
      [2, '2026-10-20T00:00:00.000Z', '2026-10-13T00:00:00.000Z', 10, null],
      [BREAK_JOURNEY_ID, '2026-10-30T00:00:00.000Z', null, 7, 'Break week'],
      [3, '2026-11-06T00:00:00.000Z', '2026-10-23T00:00:00.000Z', 0, null],
    ]);
    const posts = await listTeamPosts(getDb(), me, { teamId, organisationId });
    expect(posts.map((p) => p.text).sort()).toEqual(['Already past', 'Day one, 9am BST', 'Day ten, 9am GMT']);
    const byText = new Map(posts.map((p) => [p.text, p]));
    expect(byText.get('Day one, 9am BST')!.scheduledAt).toBe('2026-10-20T08:00:00.000Z');
    expect(byText.get('Day ten, 9am GMT')!.scheduledAt).toBe('2026-10-30T09:00:00.000Z');
    expect(byText.get('Already past')!.postedAt).toBe(now.toISOString());
    // Jobs only after the commit: the old post's job cancelled, the two future ones scheduled.
    expect(rec.calls).toContain(`cancel ${old.postId}`);
    expect(rec.calls.filter((c) => c.startsWith('schedule')).sort()).toEqual(
      [`schedule ${byText.get('Day one, 9am BST')!.postId} 2026-10-20T08:00:00.000Z`, `schedule ${byText.get('Day ten, 9am GMT')!.postId} 2026-10-30T09:00:00.000Z`].sort(),
    );
    expect(out.postIds).toHaveLength(3);
  });
});

describe('saving a team schedule', () => {
  it('saves in one transaction: a failing step leaves the old schedule intact; ids of another team refused', async () => {
    const me = await admin();
    const { teamId } = await makeTeam();
    const other = await makeTeam();
    await setTeamSchedule(getDb(), other.teamId, [{ journeyId: 4 }]);
    const saved = await saveTeamJourneys(getDb(), me.userId, teamId, [
      { teamJourneyId: null, journeyId: 2, length: 14, scheduledAt: '2026-10-20', nbWeeksBeforeUnlock: 1 },
      { teamJourneyId: null, journeyId: 3, length: 5, scheduledAt: null, nbWeeksBeforeUnlock: 9 },
    ], '2026-10-01');
    expect(saved.map((s) => [s.journeyId, s.scheduledAt, s.length, s.nbWeeksBeforeUnlock])).toEqual([
      [2, '2026-10-20T00:00:00.000Z', 14, 1],
      [3, '2026-11-03T00:00:00.000Z', 0, 4],
    ]);
    const before = await listTeamJourneysForAdmin(getDb(), teamId);

    // A step failing after the writes (the audit here) rolls everything back.
    await expect(
      saveTeamSchedule(getDb(), teamId, [{ teamJourneyId: before[1]!.teamJourneyId, journeyId: 3, length: 0, scheduledAt: '2027-01-01' }], {
        audit: async () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(await listTeamJourneysForAdmin(getDb(), teamId)).toEqual(before);

    const otherId = (await listTeamJourneysForAdmin(getDb(), other.teamId))[0]!.teamJourneyId;
    await expect(saveTeamJourneys(getDb(), me.userId, teamId, [{ teamJourneyId: otherId, journeyId: 4, length: 0, scheduledAt: '2026-10-20' }])).rejects.toThrow(
      'A schedule entry does not belong to this team.',
    );
    await expect(saveTeamJourneys(getDb(), me.userId, teamId, [{ journeyId: 2 }, { journeyId: 2 }])).rejects.toThrow('This journey is already in the team schedule.');
    await expect(saveTeamJourneys(getDb(), me.userId, teamId, [{ journeyId: 999_999 }])).rejects.toThrow('A journey in this schedule does not exist.');
    expect(await listTeamJourneysForAdmin(getDb(), teamId)).toEqual(before);
    expect((await listTeamJourneysForAdmin(getDb(), other.teamId))[0]!.journeyId).toBe(4);
  });
});
