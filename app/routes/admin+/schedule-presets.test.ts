import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, resetEnvCache } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID, addDays, listTeamJourneysForAdmin, setTeamSchedule, todayDay } from '@modules/journeys/index.server';
import { uploadFiles } from '@modules/social/index.server';
import { addBreakToPreset, createPreset, createPresetJourney, getPresetById, savePresetPost, updatePresetJourneys } from '@modules/admin/index.server';
import type { createTeamBreak, getAllPresets, updatePreset, updateTeam } from '@modules/admin/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { ORIGIN, args, formRequest, getRequest, jsonRequest, pick, run, runRoute, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { formFields, withFields } from '../../../tests/support/form-fields';
import * as schedule from './team-editor.$teamId.settings.journeys';
import * as presetList from './team-presets._index';
import * as presetLayout from './team-presets.$presetId';
import * as presetJourneys from './team-presets.$presetId._index';
import * as presetPosts from './team-presets.$presetId.posts';
import * as apiUpdateTeam from '../api+/admin+/updateTeam';
import * as apiCreateBreak from '../api+/admin+/createBreak';
import * as apiGetAll from '../api+/admin+/getAllPresets';
import * as apiGetById from '../api+/admin+/getPresetById';
import * as apiCreate from '../api+/admin+/createPreset';
import * as apiUpdate from '../api+/admin+/updatePreset';
import * as apiUpdateJourneys from '../api+/admin+/updatePresetJourneys';
import * as apiRemoveJourney from '../api+/admin+/removePresetJourney';
import * as apiCreateJourney from '../api+/admin+/createPresetJourney';
import * as apiAddBreak from '../api+/admin+/addBreakToPresetJourney';
import * as apiCreatePost from '../api+/admin+/createPresetPost';
import * as apiUpdatePost from '../api+/admin+/updatePresetPost';
import * as apiRemovePost from '../api+/admin+/removePresetPost';
import { TINY_PNG } from '../../../tests/support/images';
import { importFixtureJourneys } from '../../../tests/support/content';

/**
 * The team schedule screen and the preset editor as a product admin uses them without JavaScript
 * (each change a plain form POST built from the fields the page rendered), /api/admin/updateTeam's
 * one transaction, and the preset /api/admin paths. Real database, real Requests.
 */
const savedRedis = process.env.REDIS_URL;
beforeAll(async () => {
  delete process.env.REDIS_URL;
  resetEnvCache();
  await importFixtureJourneys();
});
afterAll(() => {
  if (savedRedis) process.env.REDIS_URL = savedRedis;
  resetEnvCache();
});

const PNG = TINY_PNG;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function productAdmin() {
  const u = await makeUser({ isLedaAdmin: true, organisationId: null });
  return { ...u, ...(await signIn(u.userId)) };
}

async function journeyNames() {
  const rows = await getDb().selectFrom('journeys').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function multipart(url: string, fields: Record<string, string | string[]>, files: { name: string; bytes: Uint8Array; type: string }[], cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  for (const f of files) body.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return new Request(`${ORIGIN}${url}`, { method: 'POST', headers: { cookie }, body });
}

type Route = { action: (a: never) => unknown };
const api = <T = ApiAnswer<object>>(route: Route, name: string, body: unknown, token: string) => run<T>(() => route.action(args(jsonRequest(`/api/admin/${name}`, body, { token })) as never));

describe('team schedule screen without JavaScript (SETTINGS Journeys)', () => {
  async function scene() {
    const admin = await productAdmin();
    const team = await makeTeam({ name: 'Schedule Team' });
    const url = `/admin/team-editor/${team.teamId}/settings/journeys`;
    const params = { teamId: String(team.teamId) };
    const page = (actionData?: unknown) => renderRoute(url, { route: schedule, params, cookie: admin.cookie, actionData });
    const post = (fields: Record<string, string | string[]>) => runRoute(schedule.action, formRequest(url, fields, { cookie: admin.cookie }), params);
    return { admin, team, url, page, post };
  }

  it('each button is a POST that re-renders the recomputed schedule; Save says Team saved. and stores it', async () => {
    const s = await scene();
    const names = await journeyNames();
    const today = todayDay();

    let view = await s.page();
    expect(view.text).toContain('This team has no journeys yet. Add one below, or apply a preset.');
    expect(view.text).toContain('Update dates');
    expect(view.html).not.toContain(`value="${BREAK_JOURNEY_ID}"`);

    // Add a journey to the empty schedule: it starts today.
    let out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'add', addJourneyId: '2' }));
    expect(out.status).toBe(200);
    view = await s.page(out.data);
    expect(view.text).toContain(`1 ${names.get(2)}`);
    expect(view.html).toContain(`value="${today}"`);

    // A second one is appended after the first (length 0: the same day); a length on the first re-chains it.
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'add', addJourneyId: '3' }));
    view = await s.page(out.data);
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'recalc', 'i0.length': '14' }));
    expect(pick(out.data, 'draft').map((i) => [i.journeyId, i.scheduledAt, i.length])).toEqual([[2, today, 14], [3, addDays(today, 14), 0]]);
    view = await s.page(out.data);
    expect(view.html).toContain(`value="${addDays(today, 14)}"`);

    // A journey cannot be added twice: the error is shown and the draft kept.
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'add', addJourneyId: '2' }));
    expect(out.status).toBe(400);
    view = await s.page(out.data);
    expect(view.text).toContain('This journey is already in the team schedule.');

    // A break, then move it up between the two journeys: every later date is recomputed.
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'addBreak', breakName: 'Summer break' }));
    view = await s.page(out.data);
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'recalc', 'i1.length': '5', 'i1.unlockWeeks': '2' }));
    view = await s.page(out.data);
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'up:2' }));
    expect(pick(out.data, 'draft').map((i) => [i.isBreak ? 'break' : i.journeyId, i.scheduledAt, i.length, i.unlockWeeks])).toEqual([[2, today, 14, 0], ['break', addDays(today, 14), 0, 1000], [3, addDays(today, 14), 0, 2]]);
    view = await s.page(out.data);
    expect(view.html).toContain('value="Summer break"');
    expect(view.html).toContain(`name="i2.scheduledAt" value="${addDays(today, 14)}"`);

    // Nothing is stored until Save.
    expect(await listTeamJourneysForAdmin(getDb(), s.team.teamId)).toEqual([]);
    out = await s.post(withFields(formFields(view.html, 'schedule-editor'), { intent: 'save' }));
    expect(out.data).toEqual({ message: 'Team saved.' });
    view = await s.page(out.data);
    expect(view.text).toContain('Team saved.');
    const stored = await listTeamJourneysForAdmin(getDb(), s.team.teamId);
    expect(stored.map((e) => [e.isBreak ? 'break' : e.journeyId, e.scheduledAt?.slice(0, 10), e.breakLabel])).toEqual([[2, today, null], ['break', addDays(today, 14), 'Summer break'], [3, addDays(today, 14), null]]);
    // The saved page shows the stored schedule, ready for the next change.
    view = await s.page();
    expect(view.text).toContain(`${names.get(3)}`);
    expect(view.html).toContain(`name="i0.teamJourneyId" value="${stored[0]!.teamJourneyId}"`);
  });

  it('a save that fails says error while saving team and keeps the old schedule', async () => {
    const s = await scene();
    await setTeamSchedule(getDb(), s.team.teamId, [{ journeyId: 4, scheduledAt: new Date('2026-03-02T00:00:00Z') }]);
    const before = await listTeamJourneysForAdmin(getDb(), s.team.teamId);
    const view = await s.page();
    const fields = formFields(view.html, 'schedule-editor');
    const out = await s.post(withFields(fields, { intent: 'save', 'i0.journeyId': '999999' }));
    expect(out.status).toBe(400);
    const shown = await s.page(out.data);
    expect(shown.text).toContain('error while saving team');
    expect(await listTeamJourneysForAdmin(getDb(), s.team.teamId)).toEqual(before);
    // Another team's entry id in the form is refused too.
    const other = await makeTeam();
    await setTeamSchedule(getDb(), other.teamId, [{ journeyId: 5 }]);
    const otherId = (await listTeamJourneysForAdmin(getDb(), other.teamId))[0]!.teamJourneyId;
    expect((await s.post(withFields(fields, { intent: 'save', 'i0.teamJourneyId': String(otherId) }))).status).toBe(400);
    expect(await listTeamJourneysForAdmin(getDb(), s.team.teamId)).toEqual(before);
    expect((await listTeamJourneysForAdmin(getDb(), other.teamId))[0]!.journeyId).toBe(5);
  });

  it('applying a preset asks first with the WARNING, then replaces the journeys and posts', async () => {
    const s = await scene();
    await setTeamSchedule(getDb(), s.team.teamId, [{ journeyId: 6, scheduledAt: new Date('2026-01-05T00:00:00Z') }]);
    const { presetId } = await createPreset(getDb(), s.admin.userId, { name: 'Apply me', description: '' });
    const a = await createPresetJourney(getDb(), s.admin.userId, { presetId, journeyId: 2 });
    const b = await createPresetJourney(getDb(), s.admin.userId, { presetId, journeyId: 3 });
    await updatePresetJourneys(getDb(), s.admin.userId, { presetId, journeys: [{ presetJourneyId: a.presetJourneyId, length: 21, nbWeeksBeforeUnlock: 1 }, { presetJourneyId: b.presetJourneyId, nbWeeksBeforeUnlock: 0 }] });
    await savePresetPost(getDb(), s.admin.userId, { presetId, post: { text: 'Welcome from the preset', scheduledIn: 30, time: '09:00', isLedaOfficial: true } as never });

    let view = await s.page();
    const start = '2027-02-01';
    const ask = await s.post(withFields(formFields(view.html, 'apply-preset-form'), { presetId: String(presetId), startDate: start, timeZone: 'Europe/London' }));
    expect(ask.data.confirm).toMatchObject({ presetId, presetName: 'Apply me', startDate: start });
    view = await s.page(ask.data);
    expect(view.text).toContain('WARNING: This will replace the existing journeys and posts for this team');
    expect(view.text).toContain(`Apply Apply me from ${start} (Europe/London)?`);
    // Nothing replaced before the confirmation.
    expect((await listTeamJourneysForAdmin(getDb(), s.team.teamId)).map((e) => e.journeyId)).toEqual([6]);

    const done = await s.post(formFields(view.html, 'inline-form'));
    expect(done.data).toEqual({ message: 'Team saved.' });
    view = await s.page(done.data);
    expect(view.text).toContain('Team saved.');
    const stored = await listTeamJourneysForAdmin(getDb(), s.team.teamId);
    expect(stored.map((e) => [e.journeyId, e.scheduledAt?.slice(0, 10), e.unlockedAt?.slice(0, 10)])).toEqual([[2, start, addDays(start, -7)], [3, addDays(start, 21), addDays(start, 21)]]);
    const posts = await getDb().selectFrom('posts').select(['text', 'scheduled_at']).where('team_id', '=', s.team.teamId).execute();
    expect(posts.map((p) => [p.text, p.scheduled_at?.toISOString()])).toEqual([['Welcome from the preset', '2027-03-03T09:00:00.000Z']]);

    const bad = await s.post({ intent: 'apply-preset', presetId: 'abc', startDate: 'soon' });
    expect(bad.status).toBe(400);
    const shown = await s.page(bad.data);
    expect(shown.text).toContain('Choose a preset');
    expect(shown.text).toContain('Enter a start date');
  });
});

describe('/api/admin/updateTeam saves the team and its schedule in one transaction', () => {
  it('a bad schedule changes nothing, name included; a good one saves both', async () => {
    const admin = await productAdmin();
    const team = await makeTeam({ name: 'Before' });
    const other = await makeTeam();
    await setTeamSchedule(getDb(), team.teamId, [{ journeyId: 2, scheduledAt: new Date('2026-05-04T00:00:00Z') }]);
    await setTeamSchedule(getDb(), other.teamId, [{ journeyId: 3 }]);
    const before = await listTeamJourneysForAdmin(getDb(), team.teamId);
    const otherId = (await listTeamJourneysForAdmin(getDb(), other.teamId))[0]!.teamJourneyId;
    const nameOf = async () => (await getDb().selectFrom('teams').select('name').where('id', '=', team.teamId).executeTakeFirstOrThrow()).name;

    const unknown = await api<Of<typeof updateTeam>>(apiUpdateTeam, 'updateTeam', { team: { teamId: team.teamId, name: 'After', teamJourneys: [{ teamJourneyId: null, journeyId: 999_999, length: 0 }] } }, admin.token);
    expect(unknown.status).toBe(400);
    expect(unknown.data.errorMsg).toBe('A journey in this schedule does not exist.');
    const stolen = await api<Of<typeof updateTeam>>(apiUpdateTeam, 'updateTeam', { team: { teamId: team.teamId, name: 'After', isDisabled: true, teamJourneys: [{ teamJourneyId: otherId, journeyId: 3, length: 0 }] } }, admin.token);
    expect(stolen.status).toBe(400);
    expect(stolen.data.errorMsg).toBe('A schedule entry does not belong to this team.');
    const malformed = await api<Of<typeof updateTeam>>(apiUpdateTeam, 'updateTeam', { team: { teamId: team.teamId, name: 'After', teamJourneys: [{ journeyId: 'x' }] } }, admin.token);
    expect(malformed.status).toBe(400);

    expect(await nameOf()).toBe('Before');
    expect((await getDb().selectFrom('teams').select('is_disabled').where('id', '=', team.teamId).executeTakeFirstOrThrow()).is_disabled).toBe(false);
    expect(await listTeamJourneysForAdmin(getDb(), team.teamId)).toEqual(before);
    expect((await listTeamJourneysForAdmin(getDb(), other.teamId)).map((e) => e.teamJourneyId)).toEqual([otherId]);
    const audit = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'team').where('entity_id', '=', String(team.teamId)).execute();
    expect(audit).toEqual([]);

    const ok = await api<Of<typeof updateTeam>>(
      apiUpdateTeam,
      'updateTeam',
      { team: { teamId: team.teamId, name: 'After', teamJourneys: [{ teamJourneyId: before[0]!.teamJourneyId, journeyId: 2, length: 7, scheduledAt: '2026-05-04' }, { teamJourneyId: null, journeyId: 4 }] } },
      admin.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ name: 'After' });
    expect(ok.data.teamJourneys?.map((e) => [e.journeyId, e.scheduledAt])).toEqual([[2, '2026-05-04T00:00:00.000Z'], [4, '2026-05-11T00:00:00.000Z']]);
    expect(await nameOf()).toBe('After');
  });
});

describe('preset editor screens without JavaScript', () => {
  it('creates, validates with the spec messages, duplicates and saves the settings', async () => {
    const admin = await productAdmin();
    const post = (fields: Record<string, string>) => runRoute(presetList.action, formRequest('/admin/team-presets?index', fields, { cookie: admin.cookie }));
    const empty = await post({ intent: 'create', name: '  ' });
    expect(empty.status).toBe(400);
    const listPage = (actionData?: unknown) => renderRoute('/admin/team-presets', { route: presetList, cookie: admin.cookie, actionData });
    expect((await listPage(empty.data)).text).toContain('Enter a preset name');
    const tooLong = await post({ intent: 'create', name: 'Long one', description: 'x'.repeat(2001) });
    expect((await listPage(tooLong.data)).text).toContain('Preset description too long (max 2,000 characters)');

    const created = await post({ intent: 'create', name: 'Spring cohort', description: 'For March starters' });
    expect(created.location).toMatch(/^\/admin\/team-presets\/\d+$/);
    const presetId = Number(created.location!.split('/').pop());
    const copy = await post({ intent: 'duplicate', presetId: String(presetId) });
    expect(copy.location).toMatch(/^\/admin\/team-presets\/\d+$/);
    const list = await listPage();
    expect(list.text).toContain('Spring cohort');
    expect(list.text).toContain('Copy of Spring cohort');

    const url = `/admin/team-presets/${presetId}`;
    const params = { presetId: String(presetId) };
    const settings = (actionData?: unknown) => renderRoute(url, { route: presetLayout, id: 'routes/admin+/team-presets.$presetId', params, cookie: admin.cookie, actionData });
    const save = (fields: Record<string, string | string[]>) => runRoute(presetLayout.action, formRequest(url, fields, { cookie: admin.cookie }), params);
    const page = await settings();
    expect(page.text).toContain('Preset: Spring cohort');
    expect(page.text).toMatch(/JOURNEYS.*POSTS/);
    const noName = await save({ name: '', description: '' });
    expect(noName.status).toBe(400);
    expect((await settings(noName.data)).text).toContain('Enter a preset name');
    const long = await save({ name: 'Spring cohort', description: 'y'.repeat(2001) });
    expect((await settings(long.data)).text).toContain('Preset description too long (max 2,000 characters)');
    const ok = await save(withFields(formFields(page.html, 'method="post"'), { name: 'Spring cohort 2027' }));
    expect(ok.data.message).toBe('Preset saved.');
    const after = await settings(ok.data);
    expect(after.text).toContain('Preset saved.');
    expect(after.text).toContain('Preset: Spring cohort 2027');
    expect((await getPresetById(getDb(), presetId)).description).toBe('For March starters');
  });

  it('JOURNEYS tab: add, break, lengths and unlock weeks, move and remove, with its messages', async () => {
    const admin = await productAdmin();
    const names = await journeyNames();
    const { presetId } = await createPreset(getDb(), admin.userId, { name: 'Journeys tab', description: '' });
    const url = `/admin/team-presets/${presetId}`;
    const params = { presetId: String(presetId) };
    const page = (actionData?: unknown) => renderRoute(url, { route: presetJourneys, params, cookie: admin.cookie, actionData });
    const post = (fields: Record<string, string | string[]>) => runRoute(presetJourneys.action, formRequest(`${url}?index`, fields, { cookie: admin.cookie }), params);

    let out = await post({ intent: 'add', addJourneyId: '2' });
    expect(out.data).toEqual({ ok: true, message: 'Preset journeys saved' });
    expect((await page(out.data)).text).toContain('Preset journeys saved');
    await post({ intent: 'add', addJourneyId: '3' });
    out = await post({ intent: 'add', addJourneyId: '2' });
    expect(out.data.message).toBe('This journey is already in this preset.');
    await post({ intent: 'addBreak', breakName: 'Half-term' });

    let view = await page();
    expect(view.text).toContain(names.get(2)!);
    const fields = formFields(view.html, 'method="post"');
    out = await post(withFields(fields, { intent: 'save', 'j0.length': '14', 'j0.weeks': '2', 'j1.length': '10', 'j2.breakLabel': 'Autumn half-term', 'j2.length': '7' }));
    expect(out.data.message).toBe('Preset journeys saved');
    let preset = await getPresetById(getDb(), presetId);
    expect(preset.journeys.map((j) => [j.isBreak ? 'break' : j.journeyId, j.length, j.nbWeeksBeforeUnlock, j.breakLabel])).toEqual([[2, 14, 2, null], [3, 10, 0, null], ['break', 7, 1000, 'Autumn half-term']]);
    view = await page();
    out = await post(withFields(formFields(view.html, 'method="post"'), { intent: 'up:2' }));
    preset = await getPresetById(getDb(), presetId);
    expect(preset.journeys.map((j) => (j.isBreak ? 'break' : j.journeyId))).toEqual([2, 'break', 3]);

    const bad = await post(withFields(formFields((await page()).html, 'method="post"'), { intent: 'save', 'j0.length': 'ten' }));
    expect(bad.status).toBe(400);
    const wrongIntent = await post({ intent: 'explode' });
    expect((await page(wrongIntent.data)).text).toContain('Error while saving this preset. Please reload the page and try again.');
    const missing = await post({ intent: 'remove:999999' });
    expect((await page(missing.data)).text).toContain('Error while deleting this preset journey');
    out = await post({ intent: `remove:${preset.journeys[1]!.presetJourneyId}` });
    expect(out.data.message).toBe('Preset journeys saved');
    expect((await getPresetById(getDb(), presetId)).journeys.map((j) => j.journeyId)).toEqual([2, 3]);
  });

  it('POSTS tab: a post with files; editing keeps its files unless one is removed; uploads checked by content', async () => {
    const admin = await productAdmin();
    const { presetId } = await createPreset(getDb(), admin.userId, { name: 'Posts tab', description: '' });
    const url = `/admin/team-presets/${presetId}/posts`;
    const params = { presetId: String(presetId) };
    const page = (query = '', actionData?: unknown) => renderRoute(`${url}${query}`, { route: presetPosts, params, cookie: admin.cookie, actionData });
    const send = (fields: Record<string, string | string[]>, files: { name: string; bytes: Uint8Array; type: string }[] = []) =>
      runRoute(presetPosts.action, multipart(url, fields, files, admin.cookie), params);

    let view = await page();
    expect(view.text).toContain('No records to display.');
    expect(view.html).toMatch(/enctype="multipart\/form-data"/i);
    expect(view.text).toContain('Photos (.png, .jpg, .jpeg) and documents (.pdf), up to 10');

    const empty = await send(withFields(formFields(view.html, 'multipart'), { text: '' }));
    expect(empty.status).toBe(400);
    expect((await page('', empty.data)).text).toContain('A post needs text or a file.');
    const badTime = await send(withFields(formFields(view.html, 'multipart'), { text: 'Hi', time: '25:99' }));
    expect((await page('', badTime.data)).text).toContain('Enter a time as HH:MM');

    const created = await send(withFields(formFields(view.html, 'multipart'), { text: 'Week two: your first check-in', amount: '2', unit: 'weeks', time: '08:30' }), [
      { name: 'plan.png', bytes: PNG, type: 'image/png' },
      { name: 'guide.pdf', bytes: PDF, type: 'application/pdf' },
    ]);
    expect(created.data).toMatchObject({ ok: true, message: 'Preset saved.' });
    view = await page('', created.data);
    expect(view.text).toContain('Preset saved.');
    expect(view.text).toContain('After 2 weeks (day 14) at 08:30');
    expect(view.text).toContain('plan.png, guide.pdf');
    let [stored] = (await getPresetById(getDb(), presetId)).posts;
    expect(stored).toMatchObject({ scheduledIn: 14, time: '08:30:00', isLedaOfficial: true });
    expect(stored!.postFiles.map((f) => f.file.fileName)).toEqual(['plan.png', 'guide.pdf']);
    const [png, pdf] = stored!.postFiles.map((f) => f.file.fileId);

    // Edit the text only: the form carries the files it shows, and they are kept.
    view = await page(`?edit=${stored!.presetPostId}`);
    expect(view.text).toContain('Edit post');
    expect(view.text).toContain('Remove plan.png');
    const editFields = formFields(view.html, 'multipart');
    expect(editFields.fileIds).toEqual([String(png), String(pdf)]);
    const edited = await send(withFields(editFields, { text: 'Week two: check in with your team', isLedaOfficial: [] }));
    expect(edited.data.message).toBe('Preset saved.');
    [stored] = (await getPresetById(getDb(), presetId)).posts;
    expect(stored).toMatchObject({ text: 'Week two: check in with your team', isLedaOfficial: false });
    expect(stored!.postFiles.map((f) => f.file.fileId)).toEqual([png, pdf]);

    // Remove one file and attach another in the same POST.
    const swapped = await send(withFields(editFields, { removeFileIds: String(png) }), [{ name: 'agenda.pdf', bytes: PDF, type: 'application/pdf' }]);
    expect(swapped.data.message).toBe('Preset saved.');
    [stored] = (await getPresetById(getDb(), presetId)).posts;
    expect(stored!.postFiles.map((f) => f.file.fileName)).toEqual(['guide.pdf', 'agenda.pdf']);

    // A file id of another post (a forged hidden field) is ignored; an SVG is refused by its content; at most 10 files.
    const strangers = await uploadFiles(getDb(), admin.userId, 'files', [{ name: 'stranger.png', bytes: PNG }]);
    view = await page(`?edit=${stored!.presetPostId}`);
    const current = formFields(view.html, 'multipart');
    await send(withFields(current, { fileIds: [...current.fileIds!, String(strangers[0]!.fileId)] }));
    [stored] = (await getPresetById(getDb(), presetId)).posts;
    expect(stored!.postFiles.map((f) => f.file.fileName)).toEqual(['guide.pdf', 'agenda.pdf']);
    const svg = await send(current, [{ name: 'evil.png', bytes: SVG, type: 'image/png' }]);
    expect(svg.status).toBe(400);
    expect((await page(`?edit=${stored!.presetPostId}`, svg.data)).html).toMatch(/id="pp-files-error"[^>]*>[^<]+</);
    const many = await send(current, Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG, type: 'image/png' })));
    expect(many.status).toBe(400);
    expect(many.data.errors.files).toBe('A post may have at most 10 files.');
    [stored] = (await getPresetById(getDb(), presetId)).posts;
    expect(stored!.postFiles).toHaveLength(2);

    // Delete after the confirmation.
    view = await page(`?confirm=${stored!.presetPostId}`);
    expect(view.text).toContain('Are you sure you wish to delete this post?');
    const deleted = await run(() => presetPosts.action(args(formRequest(url, { intent: 'delete', presetPostId: String(stored!.presetPostId) }, { cookie: admin.cookie }), params) as never));
    expect(deleted.location).toBe(url);
    expect((await getPresetById(getDb(), presetId)).posts).toEqual([]);
  });

  it('a learner is sent away from the preset screens', async () => {
    const learner = await makeUser();
    const { cookie } = await signIn(learner.userId);
    const out = await run(() => presetList.loader(args(getRequest('/admin/team-presets', { cookie })) as never));
    expect(out.location).toBe('/');
  });
});

describe('preset /api/admin paths and createBreak', () => {
  it('work for a product admin with the spec shapes; an update without files keeps them', async () => {
    const admin = await productAdmin();
    const t = admin.token;
    const created = await api<Of<typeof createPreset>>(apiCreate, 'createPreset', { name: 'API preset', description: 'Made by the API' }, t);
    expect(created.status).toBe(200);
    const presetId = created.data.presetId;
    expect((await api<Of<typeof createPreset>>(apiCreate, 'createPreset', { name: '' }, t)).data.errorMsg).toBe('Enter a preset name');
    expect((await api<Of<typeof updatePreset>>(apiUpdate, 'updatePreset', { preset: { presetId, name: 'API preset v2', description: 'd'.repeat(2001) } }, t)).data.errorMsg).toBe(
      'preset.description: Preset description too long (max 2,000 characters)',
    );
    expect((await api<Of<typeof updatePreset>>(apiUpdate, 'updatePreset', { preset: { presetId, name: 'API preset v2', description: '' } }, t)).data).toMatchObject({ presetId, name: 'API preset v2' });

    const j = await api<Of<typeof createPresetJourney>>(apiCreateJourney, 'createPresetJourney', { presetId, journeyId: 2 }, t);
    expect(j.data).toMatchObject({ journeyId: 2, length: 0 });
    const brk = await api<Of<typeof addBreakToPreset>>(apiAddBreak, 'addBreakToPresetJourney', { presetId, breakLabel: 'Pause' }, t);
    expect(brk.data).toMatchObject({ isBreak: true, breakLabel: 'Pause', nbWeeksBeforeUnlock: 1000 });
    const upd = await api<Of<typeof updatePresetJourneys>>(apiUpdateJourneys, 'updatePresetJourneys', { presetId, journeys: [{ presetJourneyId: j.data.presetJourneyId, length: 21, nbWeeksBeforeUnlock: 3 }] }, t);
    expect(upd.data.journeys[0]).toMatchObject({ length: 21, nbWeeksBeforeUnlock: 3 });

    const [file] = await uploadFiles(getDb(), admin.userId, 'files', [{ name: 'kit.pdf', bytes: PDF }]);
    const post = await api<Of<typeof savePresetPost>>(apiCreatePost, 'createPresetPost', { presetId, post: { text: 'Hello', scheduledIn: 7, time: '10:15', isLedaOfficial: true, postFiles: [{ file: { fileId: file!.fileId } }] } }, t);
    expect(post.data).toMatchObject({ text: 'Hello', scheduledIn: 7, time: '10:15:00' });
    const postId = post.data.presetPostId;
    const kept = await api<Of<typeof savePresetPost>>(apiUpdatePost, 'updatePresetPost', { presetId, post: { presetPostId: postId, text: 'Hello again', scheduledIn: 7, time: '10:15' } }, t);
    expect(kept.data.postFiles.map((f) => f.file.fileName)).toEqual(['kit.pdf']);
    const cleared = await api<Of<typeof savePresetPost>>(apiUpdatePost, 'updatePresetPost', { presetId, post: { presetPostId: postId, text: 'No files', scheduledIn: 7, time: '10:15', fileIds: [] } }, t);
    expect(cleared.data.postFiles).toEqual([]);

    const all = await api<Of<typeof getAllPresets>>(apiGetAll, 'getAllPresets', {}, t);
    expect(all.data).toEqual(expect.arrayContaining([{ presetId, name: 'API preset v2', description: '' }]));
    const one = await api<Of<typeof getPresetById>>(apiGetById, 'getPresetById', { presetId }, t);
    expect(one.data.journeys.map((x) => x.name)).toEqual([expect.any(String), 'Pause']);
    expect(one.data.posts.map((x) => x.text)).toEqual(['No files']);
    expect((await api<Of<typeof getPresetById>>(apiGetById, 'getPresetById', { presetId: 999_999 }, t)).status).toBe(404);

    expect((await api(apiRemovePost, 'removePresetPost', { presetPostId: postId }, t)).status).toBe(200);
    expect((await api(apiRemovePost, 'removePresetPost', { presetPostId: postId }, t)).status).toBe(404);
    expect((await api(apiRemoveJourney, 'removePresetJourney', { presetJourneyId: brk.data.presetJourneyId }, t)).status).toBe(200);

    const team = await makeTeam();
    await setTeamSchedule(getDb(), team.teamId, [{ journeyId: 2, scheduledAt: new Date('2026-06-01T00:00:00Z') }]);
    const made = await api<Of<typeof createTeamBreak>>(apiCreateBreak, 'createBreak', { teamId: team.teamId, breakName: 'Winter break' }, t);
    expect(made.status).toBe(200);
    const entries = await listTeamJourneysForAdmin(getDb(), team.teamId);
    expect(entries.at(-1)).toMatchObject({ teamJourneyId: made.data.id, isBreak: true, breakLabel: 'Winter break' });
    expect((await api<Of<typeof createTeamBreak>>(apiCreateBreak, 'createBreak', { teamId: 999_999, breakName: 'x' }, t)).status).toBe(404);
  });

  it('are refused for a learner', async () => {
    const learner = await makeUser();
    const { token } = await signIn(learner.userId);
    const preset = await createPreset(getDb(), learner.userId, { name: 'Not yours', description: '' });
    const brk = await addBreakToPreset(getDb(), learner.userId, { presetId: preset.presetId, breakLabel: 'x' });
    const team = await makeTeam();
    const calls: [Route, string, unknown][] = [
      [apiGetAll, 'getAllPresets', {}],
      [apiGetById, 'getPresetById', { presetId: preset.presetId }],
      [apiCreate, 'createPreset', { name: 'Mine' }],
      [apiUpdate, 'updatePreset', { preset: { presetId: preset.presetId, name: 'Hacked' } }],
      [apiUpdateJourneys, 'updatePresetJourneys', { journeys: [] }],
      [apiRemoveJourney, 'removePresetJourney', { presetJourneyId: brk.presetJourneyId }],
      [apiCreateJourney, 'createPresetJourney', { presetId: preset.presetId, journeyId: 2 }],
      [apiAddBreak, 'addBreakToPresetJourney', { presetId: preset.presetId }],
      [apiCreatePost, 'createPresetPost', { presetId: preset.presetId, post: { text: 'x', scheduledIn: 0, time: '09:00' } }],
      [apiUpdatePost, 'updatePresetPost', { presetId: preset.presetId, post: { presetPostId: 1, text: 'x', scheduledIn: 0, time: '09:00' } }],
      [apiRemovePost, 'removePresetPost', { presetPostId: 1 }],
      [apiCreateBreak, 'createBreak', { teamId: team.teamId, breakName: 'x' }],
      [apiUpdateTeam, 'updateTeam', { team: { teamId: team.teamId, name: 'Hacked' } }],
    ];
    for (const [route, name, body] of calls) expect((await api(route, name, body, token)).status, name).toBe(403);
    expect((await getPresetById(getDb(), preset.presetId)).name).toBe('Not yours');
  });
});
