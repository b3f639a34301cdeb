import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb } from '@modules/shared/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, formRequest, getRequest, jsonRequest, ORIGIN, pick, run, runRoute, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import type { addUserToTeam, getTeamById, sendWelcomeEmails, toggleTeamUserAdmin, updateTeam } from '@modules/admin/index.server';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import * as layout from './team-editor.$teamId';
import * as members from './team-editor.$teamId._index';
import * as general from './team-editor.$teamId.settings._index';
import * as upload from './team-editor.$teamId.import._index';
import * as importPage from './team-editor.$teamId.import.$importId';
import * as errorsCsv from './team-editor.$teamId.import.$importId.errors[.]csv';
import * as apiAdd from '../api+/admin+/addUserToTeam';
import * as apiGet from '../api+/admin+/getTeamById';
import * as apiToggle from '../api+/admin+/toggleTeamUserAdmin';
import * as apiRemove from '../api+/admin+/removeTeamUser';
import * as apiWelcome from '../api+/admin+/sendWelcomeEmails';
import * as apiUpdate from '../api+/admin+/updateTeam';
import { runJobsInProcess } from '../../../tests/support/jobs-in-process';

/** The admin team editor as a product admin uses it (real database, real Requests), and who is refused. */
runJobsInProcess();

async function scene() {
  const team = await makeTeam({ name: 'Blue Team' });
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  const withPassword = await makeUser({ organisationId: team.organisationId, firstName: 'Pat', lastName: 'Word', teams: [{ teamId: team.teamId }] });
  const noPassword = await makeUser({ organisationId: team.organisationId, firstName: 'Nora', lastName: 'Pass', withPassword: false, teams: [{ teamId: team.teamId }] });
  const teamUsers = await getDb().selectFrom('team_users').select(['id', 'user_id']).where('team_id', '=', team.teamId).execute();
  const tu = (userId: number) => teamUsers.find((t) => t.user_id === userId)!.id;
  return { team, admin: { ...admin, ...(await signIn(admin.userId)) }, withPassword: { ...withPassword, teamUserId: tu(withPassword.userId) }, noPassword: { ...noPassword, teamUserId: tu(noPassword.userId) } };
}

const p = (teamId: number, extra: Record<string, string> = {}) => ({ teamId: String(teamId), ...extra });
const api = <T = ApiAnswer<object>>(route: { action: (a: never) => unknown }, path: string, body: unknown, token?: string) =>
  run<T>(() => route.action(args(jsonRequest(path, body, { token })) as never));

describe('team editor screens', () => {
  it('shows Team Settings with the organisation, the tabs and the members with their password dot; an unknown team is a 404', async () => {
    const s = await scene();
    const page = await renderRoute(`/admin/team-editor/${s.team.teamId}`, {
      route: members,
      params: p(s.team.teamId),
      cookie: s.admin.cookie,
      layouts: [{ id: 'routes/admin+/team-editor.$teamId', route: layout }],
    });
    const org = await getDb().selectFrom('organisations').select('name').where('id', '=', s.team.organisationId).executeTakeFirstOrThrow();
    expect(page.text).toContain(`Team Settings ${org.name}`);
    expect(page.text).toMatch(/MEMBERS.*SETTINGS.*STATS/);
    expect(page.html).toContain('value="Blue Team"');
    expect(page.text).toContain('Has a password. Pat Word');
    expect(page.text).toContain('No password yet. Nora Pass');
    expect(page.html).toContain('te-dot none');
    const missing = await run(() => layout.loader(args(getRequest('/admin/team-editor/999999', { cookie: s.admin.cookie }), p(999999)) as never));
    expect(missing.status).toBe(404);
    const junk = await run(() => layout.loader(args(getRequest('/admin/team-editor/abc', { cookie: s.admin.cookie }), { teamId: 'abc' }) as never));
    expect(junk.status).toBe(404);
  });

  it('a learner or team admin is sent away from the editor', async () => {
    const s = await scene();
    const teamAdmin = await makeUser({ organisationId: s.team.organisationId, teams: [{ teamId: s.team.teamId, isTeamAdmin: true }] });
    const { cookie } = await signIn(teamAdmin.userId);
    const out = await run(() => members.loader(args(getRequest(`/admin/team-editor/${s.team.teamId}`, { cookie }), p(s.team.teamId)) as never));
    expect(out.location).toBe('/');
    const post = await run(() => members.action(args(formRequest(`/admin/team-editor/${s.team.teamId}?index`, { intent: 'remove', teamUserId: String(s.withPassword.teamUserId) }, { cookie }), p(s.team.teamId)) as never));
    expect(post.location).toBe('/');
  });

  it('saves the team form with the spec messages and sanitised HTML; the toggle enables and disables at once', async () => {
    const s = await scene();
    const url = `/admin/team-editor/${s.team.teamId}`;
    const bad = await runRoute(layout.action, formRequest(url, { name: ' ', description: 'x'.repeat(2001) }, { cookie: s.admin.cookie }), p(s.team.teamId));
    expect(bad.status).toBe(400);
    expect(bad.data.error?.name).toEqual(['Enter a team name']);
    expect(bad.data.error?.description).toEqual(['Team description too long (max 2,000 characters)']);
    const ok = await run(() =>
      layout.action(args(formRequest(url, { name: 'Green Team', description: '<p onclick="x()">Hi<script>alert(1)</script></p>', returnTo: `${url}/settings` }, { cookie: s.admin.cookie }), p(s.team.teamId)) as never),
    );
    expect(ok.location).toBe(`${url}/settings?saved=team`);
    const row = await getDb().selectFrom('teams').select(['name', 'description', 'is_disabled']).where('id', '=', s.team.teamId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Green Team', description: '<p>Hi</p>', is_disabled: false });
    const off = await runRoute(general.action, formRequest(`${url}/settings?index`, { isDisabled: 'true' }, { cookie: s.admin.cookie }), p(s.team.teamId));
    expect(off.data).toEqual({ ok: true, message: 'Team disabled.' });
    const settings = await renderRoute(`${url}/settings`, { route: general, params: p(s.team.teamId), cookie: s.admin.cookie });
    expect(settings.text).toContain('This team is disabled. Enable team');
    expect(settings.html).not.toContain('role="switch"');
    const audit = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'team').where('entity_id', '=', String(s.team.teamId)).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['team.update', 'team.setDisabled']));
  });

  it('adds a user by email, toggles team admin, removes after a confirmation, and refuses another team’s member', async () => {
    const s = await scene();
    const url = `/admin/team-editor/${s.team.teamId}?index`;
    const post = (fields: Record<string, string | string[]>) => runRoute(members.action, formRequest(url, fields, { cookie: s.admin.cookie }), p(s.team.teamId));
    expect(pick((await post({ intent: 'add', email: 'nope' })).data, 'result').error?.email).toEqual(['Email is invalid']);
    const newcomer = await makeUser({ email: `newcomer-${s.team.teamId}@example.test` });
    const added = await post({ intent: 'add', email: newcomer.email.toUpperCase(), isAdmin: 'on' });
    expect(pick(added.data, 'added')).toBe(newcomer.email);
    const again = await post({ intent: 'add', email: newcomer.email });
    expect(pick(again.data, 'result').error?.['']).toEqual(['This person is already in the team.']);

    expect((await post({ intent: 'toggleAdmin', teamUserId: String(s.withPassword.teamUserId), isTeamAdmin: 'true' })).data).toEqual({ intent: 'toggleAdmin', ok: true });
    // Replayed (JS off double submit): the value is set, not flipped twice.
    await post({ intent: 'toggleAdmin', teamUserId: String(s.withPassword.teamUserId), isTeamAdmin: 'true' });
    const flag = await getDb().selectFrom('team_users').select('is_team_admin').where('id', '=', s.withPassword.teamUserId).executeTakeFirstOrThrow();
    expect(flag.is_team_admin).toBe(true);
    // The cell shows the state as text; each button names its action and whom it is for.
    const table = await renderRoute(`/admin/team-editor/${s.team.teamId}`, { route: members, params: p(s.team.teamId), cookie: s.admin.cookie });
    expect(table.text).toMatch(/Pat Word \S+ Admin Remove admin/);
    expect(table.text).toMatch(/Nora Pass \S+ Member Make admin/);
    expect(table.html).toContain('aria-label="Remove admin: Pat Word becomes a member"');
    expect(table.html).toContain('aria-label="Make admin: Nora Pass becomes a team admin"');
    expect(table.html).not.toContain('role="switch"');

    const confirm = await renderRoute(`/admin/team-editor/${s.team.teamId}?remove=${s.noPassword.teamUserId}`, { route: members, params: p(s.team.teamId), cookie: s.admin.cookie });
    expect(confirm.text).toContain('Remove Nora Pass from the team?');
    const removed = await post({ intent: 'remove', teamUserId: String(s.noPassword.teamUserId) });
    expect(removed.location).toBe(`/admin/team-editor/${s.team.teamId}?removed=1`);

    const other = await makeTeam();
    const stranger = await makeUser({ organisationId: other.organisationId, teams: [{ teamId: other.teamId }] });
    const strangerTu = await getDb().selectFrom('team_users').select('id').where('user_id', '=', stranger.userId).executeTakeFirstOrThrow();
    expect((await post({ intent: 'remove', teamUserId: String(strangerTu.id) })).status).toBe(404);
    expect(await getDb().selectFrom('team_users').select('id').where('id', '=', strangerTu.id).executeTakeFirst()).toBeDefined();
  });

  it('adds someone with no account: created in the team’s organisation without a password (grey dot), then invited by one welcome email', async () => {
    const s = await scene();
    const url = `/admin/team-editor/${s.team.teamId}?index`;
    const post = (fields: Record<string, string | string[]>) => runRoute(members.action, formRequest(url, fields, { cookie: s.admin.cookie }), p(s.team.teamId));
    // Someone with no account yet: created in the team's organisation, without a password (issue 26 §3).
    const newEmail = `jane.doe-${s.team.teamId}@example.test`;
    const invited = await post({ intent: 'add', email: newEmail.toUpperCase() });
    expect(invited.status).toBe(200);
    expect(pick(invited.data, 'added')).toBe(newEmail);
    const orgName = (await getDb().selectFrom('organisations').select('name').where('id', '=', s.team.organisationId).executeTakeFirstOrThrow()).name;
    expect(pick(invited.data, 'notice')).toBe(`They had no account: one was created in ${orgName}, without a password. Send them a welcome email to invite them to create it.`);
    const account = await getDb().selectFrom('users').select(['email', 'first_name', 'last_name', 'organisation_id', 'password_hash']).where('email', '=', newEmail).executeTakeFirstOrThrow();
    expect(account).toEqual({ email: newEmail, first_name: 'Jane', last_name: `Doe ${s.team.teamId}`, organisation_id: s.team.organisationId, password_hash: null });
    const withNewcomer = await renderRoute(`/admin/team-editor/${s.team.teamId}`, { route: members, params: p(s.team.teamId), cookie: s.admin.cookie });
    expect(withNewcomer.text).toContain(`No password yet. Jane Doe ${s.team.teamId}`);
    // "Send welcome emails" invites them: one email with a link to create their password, not two within the hour.
    const newcomerId = (await getDb().selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirstOrThrow()).id;
    const welcome = (requestKey: string) => post({ intent: 'welcome', userId: String(newcomerId), requestKey });
    expect((await welcome('newcomer-key-1')).location).toMatch(/welcomeJob=welcome-req-newcomer-key-1&count=1$/);
    await drainInProcessJobs();
    const sent = await getDb().selectFrom('communications').select(['kind']).where('recipient', '=', newEmail).execute();
    expect(sent).toEqual([{ kind: 'welcome' }]);
    expect((await welcome('newcomer-key-2')).status).toBe(409);
  });

  it('sends welcome emails after a confirmation: one email each, even when the confirmation is posted twice; only to people without a password, once an hour', async () => {
    const s = await scene();
    const base = `/admin/team-editor/${s.team.teamId}`;
    const page = await renderRoute(`${base}?welcome=1&userId=${s.noPassword.userId}&userId=${s.withPassword.userId}`, { route: members, params: p(s.team.teamId), cookie: s.admin.cookie });
    expect(page.text).toContain('Send welcome emails to 2 people?');
    expect(page.text).toContain('Welcome emails go only to people who have not created their password yet, at most one per person per hour.');
    const requestKey = /name="requestKey" value="([A-Za-z0-9_-]+)"/.exec(page.html)![1]!;
    const fields = { intent: 'welcome', userId: [String(s.noPassword.userId), String(s.withPassword.userId)], requestKey };
    const first = await run(() => members.action(args(formRequest(`${base}?index`, fields, { cookie: s.admin.cookie }), p(s.team.teamId)) as never));
    const second = await run(() => members.action(args(formRequest(`${base}?index`, fields, { cookie: s.admin.cookie }), p(s.team.teamId)) as never));
    // The member with a password has activated their account: not sent one, and the admin is told.
    expect(first.location).toMatch(new RegExp(`^${base}\\?welcomeJob=welcome-req-${requestKey}&count=1&skipped=1$`));
    expect(second.location).toBe(first.location);
    await drainInProcessJobs();
    const welcomes = (email: string) => getDb().selectFrom('communications').select('id').where('recipient', '=', email).where('kind', '=', 'welcome').execute();
    expect(await welcomes(s.noPassword.email)).toHaveLength(1);
    expect(await welcomes(s.withPassword.email)).toHaveLength(0);
    const progress = await renderRoute(first.location!, { route: members, params: p(s.team.teamId), cookie: s.admin.cookie });
    expect(progress.text).toContain('Welcome emails sent to 1 person.');
    expect(progress.text).toContain('1 person was not sent one. Welcome emails go only to people who have not created their password yet');
    const none = await runRoute(members.action, formRequest(`${base}?index`, { intent: 'welcome', requestKey }, { cookie: s.admin.cookie }), p(s.team.teamId));
    expect(pick(none.data, 'message')).toBe('An error occurred. Your changes may not be saved.');

    // A new confirmation within the hour: nobody may be sent one; the admin reads why, nothing is sent.
    const again = await runRoute(members.action, formRequest(`${base}?index`, { ...fields, requestKey: `${requestKey}x` }, { cookie: s.admin.cookie }), p(s.team.teamId));
    expect(again).toMatchObject({ status: 409, data: { ok: false, message: 'No welcome email was sent: these people have already created their password or were sent a welcome email in the last hour.' } });
    await drainInProcessJobs();
    expect(await welcomes(s.noPassword.email)).toHaveLength(1);
  });

  it('imports a CSV: upload, preview, confirm, result and the error report; another team’s import is not found', async () => {
    const s = await scene();
    const base = `/admin/team-editor/${s.team.teamId}/import`;
    const csv = `\uFEFFFirst name,Last name,Email,Job title,Is this person the admin?\r\nAnn,Lee,ann-${s.team.teamId}@example.test,Lead,yes\r\nBad,Row,not-an-email,,\r\n`;
    const form = new FormData();
    form.set('file', new File([csv], 'people.csv', { type: 'text/csv' }));
    const req = new Request(`${ORIGIN}${base}`, { method: 'POST', body: form, headers: { cookie: s.admin.cookie } });
    const uploaded = await run(() => upload.action(args(req, p(s.team.teamId)) as never));
    expect(uploaded.status).toBe(303);
    const importId = uploaded.location!.split('/').at(-1)!;
    const params = p(s.team.teamId, { importId });
    const preview = await renderRoute(uploaded.location!, { route: importPage, params, cookie: s.admin.cookie });
    expect(preview.text).toContain('1 Will be created');
    expect(preview.text).toContain('1 Bad email');
    // The button counts the rows that put someone in the team, not the refused one.
    expect(preview.text).toContain('Import 1 row');
    expect(preview.text).not.toContain('Import 2 rows');
    const confirmed = await run(() => importPage.action(args(formRequest(uploaded.location!, {}, { cookie: s.admin.cookie }), params) as never));
    expect(confirmed.location).toBe(uploaded.location);
    await drainInProcessJobs();
    const result = await renderRoute(uploaded.location!, { route: importPage, params, cookie: s.admin.cookie });
    expect(result.text).toMatch(/1 created\s*0 added\s*0 skipped\s*1 error\b/);
    const report = await run<string>(() => errorsCsv.loader(args(getRequest(`${uploaded.location}/errors.csv`, { cookie: s.admin.cookie }), params) as never));
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(report.data).toContain('"not-an-email","error","Email is invalid"');

    const png = new FormData();
    png.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'people.csv'));
    const refused = await runRoute(upload.action, new Request(`${ORIGIN}${base}`, { method: 'POST', body: png, headers: { cookie: s.admin.cookie } }), p(s.team.teamId));
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe('Choose a CSV file (comma-separated text, UTF-8).');

    const other = await makeTeam();
    const swapped = await run(() => importPage.loader(args(getRequest(`/admin/team-editor/${other.teamId}/import/${importId}`, { cookie: s.admin.cookie }), p(other.teamId, { importId })) as never));
    expect(swapped.status).toBe(404);
  });
});

describe('/api/admin team paths', () => {
  it('work for a product admin with the spec shapes and messages', async () => {
    const s = await scene();
    const token = s.admin.token;
    const team = await api<Of<typeof getTeamById>>(apiGet, '/api/admin/getTeamById', { teamId: s.team.teamId, includeUsers: true }, token);
    expect(team.status).toBe(200);
    expect(team.data).toMatchObject({ teamId: s.team.teamId, name: 'Blue Team', organisationId: s.team.organisationId, isDisabled: false });
    expect(team.data.teamUsers?.map((u) => [u.fullName, u.isPasswordNonNull])).toEqual([
      ['Nora Pass', false],
      ['Pat Word', true],
    ]);
    expect((await api(apiGet, '/api/admin/getTeamById', { teamId: 2_000_000_000 }, token)).status).toBe(404);
    expect((await api(apiGet, '/api/admin/getTeamById', { teamId: 99999999999 }, token)).status).toBe(400);

    const user = await makeUser();
    const added = await api<Of<typeof addUserToTeam>>(apiAdd, '/api/admin/addUserToTeam', { email: user.email, teamId: s.team.teamId, isAdmin: true }, token);
    expect(added.data).toMatchObject({ userId: user.userId, email: user.email, isTeamAdmin: true });
    expect((await api(apiAdd, '/api/admin/addUserToTeam', { email: 'bad', teamId: s.team.teamId }, token)).data.errorMsg).toBe('email: Email is invalid');
    const toggled = await api<Of<typeof toggleTeamUserAdmin>>(apiToggle, '/api/admin/toggleTeamUserAdmin', { teamUserId: added.data.teamUserId }, token);
    expect(toggled.data).toMatchObject({ isTeamAdmin: false });
    expect((await api(apiRemove, '/api/admin/removeTeamUser', { teamUserId: added.data.teamUserId }, token)).status).toBe(200);
    expect((await api(apiRemove, '/api/admin/removeTeamUser', { teamUserId: added.data.teamUserId }, token)).status).toBe(404);

    const updated = await api<Of<typeof updateTeam>>(apiUpdate, '/api/admin/updateTeam', { team: { teamId: s.team.teamId, name: 'Renamed', description: '<b>ok</b><img src=x onerror=alert(1)>', isDisabled: true, isLedaAdmin: true } }, token);
    expect(updated.data).toMatchObject({ name: 'Renamed', description: '<b>ok</b><img src="x" />', isDisabled: true });
    expect((await api(apiUpdate, '/api/admin/updateTeam', { teamId: s.team.teamId, name: '' }, token)).data.errorMsg).toBe('Enter a team name');

    const welcome = await api<Of<typeof sendWelcomeEmails>>(apiWelcome, '/api/admin/sendWelcomeEmails', { emails: [s.noPassword.email], teamId: s.team.teamId }, token);
    const twice = await api<Of<typeof sendWelcomeEmails>>(apiWelcome, '/api/admin/sendWelcomeEmails', { emails: [s.noPassword.email], teamId: s.team.teamId }, token);
    expect(welcome.data).toMatchObject({ count: 1, unknownEmails: [] });
    expect(twice.data.jobId).toBe(welcome.data.jobId);
    await drainInProcessJobs();
    expect(await getDb().selectFrom('communications').select('id').where('recipient', '=', s.noPassword.email).where('kind', '=', 'welcome').execute()).toHaveLength(1);
    // An activated account is never sent one; a person welcomed within the hour is named, not emailed again.
    expect(await api(apiWelcome, '/api/admin/sendWelcomeEmails', { emails: [s.withPassword.email] }, token)).toMatchObject({
      status: 409,
      data: { errorMsg: 'No welcome email was sent: these people have already created their password or were sent a welcome email in the last hour.' },
    });
    const mixed = await api(apiWelcome, '/api/admin/sendWelcomeEmails', { emails: [s.noPassword.email, s.withPassword.email], requestKey: 'mixed-request-1' }, token);
    expect(mixed).toMatchObject({ status: 409 });
    const later = await makeUser({ organisationId: s.team.organisationId, withPassword: false });
    const some = await api<Of<typeof sendWelcomeEmails>>(apiWelcome, '/api/admin/sendWelcomeEmails', { emails: [later.email, s.noPassword.email, s.withPassword.email], requestKey: 'mixed-request-2' }, token);
    expect(some.data).toMatchObject({ count: 1, alreadyActive: [s.withPassword.email], recentlyWelcomed: [s.noPassword.email] });
    await drainInProcessJobs();
    expect(await getDb().selectFrom('communications').select('id').where('recipient', '=', s.noPassword.email).where('kind', '=', 'welcome').execute()).toHaveLength(1);
    expect(await getDb().selectFrom('communications').select('id').where('recipient', '=', s.withPassword.email).where('kind', '=', 'welcome').execute()).toHaveLength(0);
  });

  it('are refused for a learner, a team admin and an organisation admin', async () => {
    const s = await scene();
    const learner = await makeUser({ organisationId: s.team.organisationId, teams: [{ teamId: s.team.teamId }] });
    const teamAdmin = await makeUser({ organisationId: s.team.organisationId, teams: [{ teamId: s.team.teamId, isTeamAdmin: true }] });
    const orgAdmin = await makeUser({ organisationId: s.team.organisationId, isOrganisationAdmin: true });
    for (const who of [learner, teamAdmin, orgAdmin]) {
      const { token } = await signIn(who.userId);
      const calls: [typeof apiGet, string, unknown][] = [
        [apiGet, 'getTeamById', { teamId: s.team.teamId }],
        [apiAdd, 'addUserToTeam', { email: who.email, teamId: s.team.teamId, isAdmin: true }],
        [apiToggle, 'toggleTeamUserAdmin', { teamUserId: s.withPassword.teamUserId }],
        [apiRemove, 'removeTeamUser', { teamUserId: s.withPassword.teamUserId }],
        [apiWelcome, 'sendWelcomeEmails', { emails: [s.noPassword.email] }],
        [apiUpdate, 'updateTeam', { team: { teamId: s.team.teamId, name: 'Hacked' } }],
      ];
      for (const [route, name, body] of calls) expect((await api(route, `/api/admin/${name}`, body, token)).status, name).toBe(403);
    }
    const row = await getDb().selectFrom('teams').select('name').where('id', '=', s.team.teamId).executeTakeFirstOrThrow();
    expect(row.name).toBe('Blue Team');
  });
});
