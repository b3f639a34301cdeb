import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, resetEnvCache } from '@modules/shared/index.server';
import { todayDay } from '@modules/journeys/index.server';
import {
  fillDefaultPresetIfEmpty,
  GET_ALL_USERS_MAX_PAGE_SIZE,
  type addUserToTeam,
  type createPreset,
  type getAllOrganisations,
  type getAllUsers,
  type getTeamById,
  type saveUser,
  type updateTeam,
} from '@modules/admin/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { args, formRequest, jsonRequest, run, runRoute, type ApiAnswer, type ApiAnswerOf as Of, type RouteFn } from '../support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../support/factories';
import { renderRoute } from '../support/render-route';
import { linkIn } from '../support/outbox';
import * as teamList from '~/routes/admin+/team-list';
import * as orgEditor from '~/routes/admin+/organisation-editor.($organisationId)';
import * as generalSettings from '~/routes/admin+/team-editor.$teamId.settings._index';
import * as members from '~/routes/admin+/team-editor.$teamId._index';
import * as teamHome from '~/routes/app+/team.$teamId._index';
import * as verifyAccount from '~/routes/auth+/verify-account.$token';
import { importFixtureJourneys } from '../support/content';

/**
 * The admin spec gaps (items 2, 4, 7 and 12; decisions 251-253) as a product admin and an /api
 * caller see them: creating a team with a preset and a start date, the Team and Organisation
 * fields getTeamById / getAllOrganisations answer, getAllUsers' pages, the verify-account email
 * sent when an admin changes a person's email, and a person without an organisation joining the
 * team's organisation.
 */
const API_DIR = path.resolve(__dirname, '../../app/routes/api+/admin+');
type Route = { action: (a: never) => Promise<unknown> };
let token: string;
let cookie: string;

/** The paths are loaded by name, so a test names what the one it reads answers: call<Of<typeof moduleFn>>(name, ...). */
const call = async <T = ApiAnswer<object>>(name: string, body: unknown) => {
  const route = (await import(path.join(API_DIR, `${name}.ts`))) as Route;
  return run<T>(() => route.action(args(jsonRequest(`/api/admin/${name}`, body, { token })) as never));
};
const act = <A extends RouteFn>(route: { action: A }, url: string, fields: Record<string, string>, params: Record<string, string> = {}, c = cookie) =>
  runRoute(route.action, formRequest(url, fields, { cookie: c }), params);
const teamPosts = (teamId: number) => getDb().selectFrom('posts').select(['id', 'text', 'scheduled_at']).where('team_id', '=', teamId).orderBy('scheduled_at').execute();
const auditActions = async (entity: string, entityId: number) =>
  (await getDb().selectFrom('audit_log').select('action').where('entity', '=', entity).where('entity_id', '=', String(entityId)).orderBy('id').execute()).map((r) => r.action);

const savedRedis = process.env.REDIS_URL;
beforeAll(async () => {
  // Scheduled posts' publishing jobs run in-process here.
  delete process.env.REDIS_URL;
  resetEnvCache();
  await importFixtureJourneys();
  await fillDefaultPresetIfEmpty(getDb());
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  ({ token, cookie } = await signIn(admin.userId));
}, 240_000);
afterAll(() => {
  if (savedRedis) process.env.REDIS_URL = savedRedis;
  resetEnvCache();
});

describe('item 2: creating a team asks for a preset and a start date', () => {
  it('the Create Team form offers the presets with preset 1 chosen and today; both are required; the team gets the preset', async () => {
    const organisationId = await makeOrganisation({ name: 'Preset Pioneers' });
    const list = await renderRoute('/admin/team-list?q=Preset%20Pioneers', { route: teamList, cookie });
    expect(list.status).toBe(200);
    expect(list.html).toMatch(/<select[^>]*name="presetId"[^>]*required/);
    expect(list.html).toMatch(/<option value="1" selected="">Default 6-month programme<\/option>/);
    expect(list.html).toMatch(new RegExp(`<input[^>]*name="startDate"[^>]*type="date"[^>]*required[^>]*value="${todayDay()}"`));

    const fields = { intent: 'createTeam', organisationId: String(organisationId), teamName: 'Cohort A', presetId: '1', startDate: '2031-03-03' };
    expect(await act(teamList, '/admin/team-list', { ...fields, presetId: '' })).toMatchObject({ status: 400, data: { errorMsg: 'Choose a preset' } });
    expect(await act(teamList, '/admin/team-list', { ...fields, startDate: '' })).toMatchObject({ status: 400, data: { errorMsg: 'Enter a start date' } });
    expect(await act(teamList, '/admin/team-list', { ...fields, presetId: '999999' })).toMatchObject({ status: 404, data: { errorMsg: 'Preset not found.' } });
    expect(await getDb().selectFrom('teams').select('id').where('organisation_id', '=', organisationId).execute()).toEqual([]);

    const created = await act(orgEditor, `/admin/organisation-editor/${organisationId}`, fields, { organisationId: String(organisationId) });
    expect(created.status).toBe(303);
    const teamId = Number(created.location!.match(/^\/admin\/team-editor\/(\d+)$/)![1]);
    const team = await call<Of<typeof getTeamById>>('getTeamById', { teamId });
    expect(team.data.teamJourneys).toHaveLength(7);
    expect(String(team.data.teamJourneys[0]!.scheduledAt)).toMatch(/^2031-03-03/);
    expect(team.data.teamJourneys.filter((j: { isBreak: boolean }) => j.isBreak)).toHaveLength(1);
    const posts = await teamPosts(teamId);
    expect(posts).toHaveLength(5);
    expect(posts[0]!.text).toMatch(/^Welcome/);
    expect(posts[0]!.scheduled_at!.toISOString()).toMatch(/^2031-03-03T09:00/);
    expect(await auditActions('team', teamId)).toEqual(['team.create', 'team.applyPreset']);
  });

  it('/api/admin/createTeam applies preset 1 from today unless told otherwise; a bad preset or date is a 4xx and creates nothing', async () => {
    const organisationId = await makeOrganisation();
    const plain = await call<ApiAnswer<{ teamId: number }>>('createTeam', { teamName: 'Defaults', organisationId });
    expect(plain.status).toBe(200);
    const team = (await call<Of<typeof getTeamById>>('getTeamById', { teamId: plain.data.teamId })).data;
    expect(team.teamJourneys).toHaveLength(7);
    expect(String(team.teamJourneys[0]!.scheduledAt).slice(0, 10)).toBe(todayDay());
    expect(await teamPosts(plain.data.teamId)).toHaveLength(5);

    const { presetId } = (await call<Of<typeof createPreset>>('createPreset', { name: 'Empty preset' })).data;
    const chosen = await call<ApiAnswer<{ teamId: number }>>('createTeam', { teamName: 'Chosen', organisationId, presetId, startDate: '2030-09-01' });
    expect((await call<Of<typeof getTeamById>>('getTeamById', { teamId: chosen.data.teamId })).data.teamJourneys).toEqual([]);
    expect(await teamPosts(chosen.data.teamId)).toEqual([]);

    expect(await call<ApiAnswer<{ teamId: number }>>('createTeam', { teamName: 'Ghost', organisationId, presetId: 99_999 })).toMatchObject({ status: 404, data: { errorMsg: 'Preset not found.' } });
    expect((await call<ApiAnswer<{ teamId: number }>>('createTeam', { teamName: 'Ghost', organisationId, startDate: 'soon' })).data).toEqual({ errorMsg: 'Enter a start date' });
    expect((await call<ApiAnswer<{ teamId: number }>>('createTeam', { teamName: 'Ghost', organisationId, timeZone: 'Mars/Base' })).data).toEqual({ errorMsg: 'Choose a time zone' });
    expect(await getDb().selectFrom('teams').select('name').where('organisation_id', '=', organisationId).where('name', '=', 'Ghost').execute()).toEqual([]);
  });
});

describe('item 4: the /api answers carry the spec entities’ fields', () => {
  it('getTeamById sends teamJourneys and featuredStoryId; the team editor sets the featured story and the team home shows it', async () => {
    const { teamId, organisationId } = await makeTeam();
    const member = await makeUser({ organisationId, teams: [{ teamId }] });
    const fresh = (await call<Of<typeof getTeamById>>('getTeamById', { teamId, includeUsers: true })).data;
    expect(fresh).toMatchObject({ teamId, featuredStoryId: null, teamJourneys: [] });
    expect(fresh.teamUsers).toHaveLength(1);

    const story = await getDb().selectFrom('stories').select(['id', 'name']).where('is_locked', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const page = await renderRoute(`/admin/team-editor/${teamId}/settings`, { route: generalSettings, cookie, params: { teamId: String(teamId) } });
    expect(page.text).toContain('Featured story');
    expect(page.html).toContain(`<option value="${story.id}">`);
    const saved = await act(generalSettings, `/admin/team-editor/${teamId}/settings`, { intent: 'featuredStory', featuredStoryId: String(story.id) }, { teamId: String(teamId) });
    expect(saved.data).toMatchObject({ ok: true, message: 'Featured story saved.' });
    expect((await call<Of<typeof getTeamById>>('getTeamById', { teamId })).data.featuredStoryId).toBe(story.id);
    expect(await auditActions('team', teamId)).toContain('team.update');

    const home = await renderRoute(`/app/team/${teamId}`, { route: teamHome, cookie: (await signIn(member.userId)).cookie, params: { teamId: String(teamId) } });
    expect(home.status).toBe(200);
    expect(home.text).toContain('Featured story');
    expect(home.text).toContain(story.name);

    expect(await call<Of<typeof updateTeam>>('updateTeam', { team: { teamId, featuredStoryId: 99_999_999 } })).toMatchObject({ status: 400, data: { errorMsg: 'This story does not exist.' } });
    expect((await call<Of<typeof updateTeam>>('updateTeam', { team: { teamId, featuredStoryId: null } })).data.featuredStoryId).toBeNull();
    const bad = await act(generalSettings, `/admin/team-editor/${teamId}/settings`, { intent: 'featuredStory', featuredStoryId: 'abc' }, { teamId: String(teamId) });
    expect(bad).toMatchObject({ status: 400, data: { ok: false, message: 'Choose a story' } });
  });

  it('getAllOrganisations items carry licenseNotes and lastActivity', async () => {
    const saved = await call<ApiAnswer<{ organisationId: number }>>('saveOrganisation', { name: 'Noted Org', licenseType: 2, licenseNotes: 'Invoice 42' });
    const organisationId = saved.data.organisationId;
    const u = await makeUser({ organisationId });
    const loginAt = new Date('2026-11-20T08:30:00Z');
    await getDb().updateTable('users').set({ last_login_at: loginAt }).where('id', '=', u.userId).execute();
    const all = await call<Of<typeof getAllOrganisations>>('getAllOrganisations', {});
    const org = all.data.find((o) => o.organisationId === organisationId);
    expect(org).toMatchObject({ name: 'Noted Org', licenseNotes: 'Invoice 42' });
    expect(new Date(org!.lastActivity!).toISOString()).toBe(loginAt.toISOString());
    const quiet = all.data.find((o) => o.organisationId !== organisationId && o.lastActivity === null);
    expect(quiet).toBeDefined();
  });

  it('getAllUsers pages through the list with a bounded page size', async () => {
    const first = await call<Of<typeof getAllUsers>>('getAllUsers', { pageSize: 2, sort: 'created', dir: 'asc' });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.data.users).toHaveLength(2);
    expect(first.data.pageCount).toBe(Math.ceil(first.data.total / 2));
    const second = await call<Of<typeof getAllUsers>>('getAllUsers', { pageSize: 2, page: 2, sort: 'created', dir: 'asc' });
    expect(second.data.users.map((u: { userId: number }) => u.userId)).not.toContain(first.data.users[0]!.userId);
    const big = await call<Of<typeof getAllUsers>>('getAllUsers', { pageSize: GET_ALL_USERS_MAX_PAGE_SIZE });
    expect(big.data.users).toHaveLength(Math.min(big.data.total, GET_ALL_USERS_MAX_PAGE_SIZE));
    expect((await call<Of<typeof getAllUsers>>('getAllUsers', {})).data.pageSize).toBe(25);
    expect(await call<Of<typeof getAllUsers>>('getAllUsers', { pageSize: GET_ALL_USERS_MAX_PAGE_SIZE + 1 })).toMatchObject({ status: 400, data: { errorMsg: 'pageSize: a number from 1 to 500' } });
    expect((await call<Of<typeof getAllUsers>>('getAllUsers', { pageSize: 0 })).status).toBe(400);
  });
});

describe('item 7: changing a person’s email sends a verify-account email that verifies the account', () => {
  it('the admin changes the email; the new address gets the email; following the link verifies and signs in', async () => {
    const u = await makeUser({ firstName: 'Vera', email: 'vera.old@example.com' });
    const keep = await call<Of<typeof saveUser>>('saveUser', { user: { userId: u.userId, firstName: 'Vera', lastName: 'Verify', email: 'vera.old@example.com' } });
    expect(keep.status).toBe(200);
    const none = await getDb().selectFrom('communications').select('id').where('kind', '=', 'verify-account').where('recipient', 'like', 'vera.%').execute();
    expect(none).toEqual([]);

    const saved = await call<Of<typeof saveUser>>('saveUser', { user: { userId: u.userId, firstName: 'Vera', lastName: 'Verify', email: 'Vera.New@example.com' } });
    expect(saved.data).toMatchObject({ userId: u.userId, email: 'vera.new@example.com' });
    const stored = await getDb().selectFrom('communications').select(['recipient', 'subject']).where('kind', '=', 'verify-account').where('recipient', '=', 'vera.new@example.com').execute();
    expect(stored).toEqual([{ recipient: 'vera.new@example.com', subject: 'Verify your Leda account' }]);
    const row = () => getDb().selectFrom('users').select('is_verified').where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect((await row()).is_verified).toBe(false);
    expect((await call('getCommunicationsByRecipient', { recipient: 'vera.new@example.com' })).status).toBe(200);

    const { token: linkToken, path: linkPath } = await linkIn('vera.new@example.com', 'verify-account');
    const done = await run(() => verifyAccount.action(args(new Request(`http://localhost:3000${linkPath}`, { method: 'POST' }), { token: linkToken }) as never));
    expect(done.status).toBe(302);
    expect(done.headers.get('set-cookie')).toBeTruthy();
    expect((await row()).is_verified).toBe(true);
    const again = await run(() => verifyAccount.action(args(new Request(`http://localhost:3000${linkPath}`, { method: 'POST' }), { token: linkToken }) as never));
    expect(again.status).toBe(410);
  });
});

describe('item 12: a person without an organisation joins the team’s organisation', () => {
  it('added by API or on the MEMBERS tab, they join it (licence and team navigation) and the admin is told', async () => {
    const organisationId = await makeOrganisation({ name: 'Harbour Ltd', licenseType: 2 });
    const { teamId } = await makeTeam({ organisationId });
    const created = await call<Of<typeof saveUser>>('saveUser', { user: { firstName: 'Nora', lastName: 'Noorg', email: 'nora.noorg@example.com' } });
    expect(created.data.organisationId).toBeNull();

    const added = await call<Of<typeof addUserToTeam>>('addUserToTeam', { email: 'nora.noorg@example.com', teamId, isAdmin: false });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ userId: created.data.userId, organisationNotice: 'They had no organisation and have joined Harbour Ltd.' });
    const nora = (await getCurrentUser(getDb(), created.data.userId))!;
    expect(nora.userPermissions).toMatchObject({ organisationId, organisationName: 'Harbour Ltd', licenseType: 2 });
    expect(nora.userPermissions.teams.map((t) => t.teamId)).toEqual([teamId]);
    expect(await auditActions('user', created.data.userId)).toEqual(['user.create', 'user.joinOrganisation']);

    // The MEMBERS tab says it too.
    const other = await makeTeam({ organisationId });
    await call<Of<typeof saveUser>>('saveUser', { user: { firstName: 'Ned', lastName: 'Noorg', email: 'ned.noorg@example.com' } });
    const screen = await act(members, `/admin/team-editor/${other.teamId}`, { intent: 'add', email: 'ned.noorg@example.com' }, { teamId: String(other.teamId) });
    expect(screen.data).toMatchObject({ added: 'ned.noorg@example.com', notice: 'They had no organisation and have joined Harbour Ltd.' });
    const page = await renderRoute(`/admin/team-editor/${other.teamId}`, { route: members, cookie, params: { teamId: String(other.teamId) }, actionData: screen.data });
    expect(page.text).toContain('ned.noorg@example.com was added to the team. They had no organisation and have joined Harbour Ltd.');

    // Someone of another organisation keeps theirs, and the admin is told.
    const elsewhere = await makeUser({ organisationId: await makeOrganisation({ name: 'Elsewhere Inc' }) });
    const foreign = await call<Of<typeof addUserToTeam>>('addUserToTeam', { email: elsewhere.email, teamId, isAdmin: false });
    expect(foreign.data.organisationNotice).toBe("They belong to another organisation (Elsewhere Inc) and keep it: their licence is that organisation's.");
    expect((await getCurrentUser(getDb(), elsewhere.userId))!.userPermissions.organisationId).toBe(elsewhere.organisationId);
  });
});
