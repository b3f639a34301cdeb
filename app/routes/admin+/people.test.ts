import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, LINK_REMOVED } from '@modules/shared/index.server';
import { args, formRequest, getRequest, run, runData } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import * as userList from './user-list';
import * as userEditor from './user-editor.($userId)';
import * as teamList from './team-list';
import * as orgCreator from './organisation-creator';
import * as orgEditor from './organisation-editor.($organisationId)';
import * as commList from './communication-list.$recipient';
import * as auditLog from './audit-log';
import * as auditCsv from './audit-log[.]csv';
import * as testPage from './[test]';

/** The admin people screens as a product admin sees them (and a learner is sent home). */
let cookie: string;
let adminId: number;
let learnerCookie: string;

beforeAll(async () => {
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null, firstName: 'Ada', lastName: 'Admin', email: 'ada.admin@example.com' });
  adminId = admin.userId;
  cookie = (await signIn(admin.userId)).cookie;
  learnerCookie = (await signIn((await makeUser()).userId)).cookie;
});

const act = (route: { action: (a: never) => unknown }, path: string, fields: Record<string, string>, params: Record<string, string> = {}, c = cookie) =>
  runData(() => route.action(args(formRequest(path, fields, { cookie: c }), params) as never));

describe('admin people screens', () => {
  it('sends a learner home from every screen', async () => {
    for (const [url, route, params] of [
      ['/admin/user-list', userList, {}],
      ['/admin/team-list', teamList, {}],
      ['/admin/organisation-creator', orgCreator, {}],
      ['/admin/audit-log', auditLog, {}],
      ['/admin/test', testPage, {}],
      ['/admin/communication-list/x@example.com', commList, { recipient: 'x@example.com' }],
    ] as const) {
      const page = await renderRoute(url, { route, cookie: learnerCookie, params });
      expect(page, url).toMatchObject({ status: 302, location: '/' });
    }
    expect((await act(userList, '/admin/user-list', { intent: 'orgAdmin', userId: String(adminId), value: 'true' }, {}, learnerCookie)).location).toBe('/');
  });

  it('creates an organisation from the prompt name, a team, and lists them with filters and search', async () => {
    const creator = await renderRoute('/admin/organisation-creator?name=Zephyr%20Labs', { route: orgCreator, cookie });
    expect(creator.text).toContain('Create organisation');
    expect(creator.html).toContain('value="Zephyr Labs"');

    const empty = await act(orgCreator, '/admin/organisation-creator', { name: '' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain('Enter an organisation name');
    expect(JSON.stringify(empty.data)).not.toContain('Enter a team name');
    const shown = await renderRoute('/admin/organisation-creator', { route: orgCreator, cookie, actionData: empty.data });
    expect(shown.text).toContain('Enter an organisation name');

    const saved = await act(orgCreator, '/admin/organisation-creator', { name: 'Zephyr Labs', licenseType: '2', licenseExpiredAt: '2031-06-30', licenseNotes: '' });
    expect(saved.status).toBe(303);
    const organisationId = Number(saved.location!.match(/organisation-editor\/(\d+)/)![1]);
    const team = await act(orgEditor, `/admin/organisation-editor/${organisationId}`, { intent: 'createTeam', organisationId: String(organisationId), teamName: 'Wind Team', presetId: '1', startDate: '2031-01-06' }, { organisationId: String(organisationId) });
    expect(team.status).toBe(303);
    expect(team.location).toMatch(/^\/admin\/team-editor\/\d+$/);

    const editor = await renderRoute(`/admin/organisation-editor/${organisationId}?saved=organisation`, { route: orgEditor, cookie, params: { organisationId: String(organisationId) } });
    expect(editor.text).toContain('Organisation saved.');
    expect(editor.text).toContain('Wind Team');
    expect(editor.html).toContain('value="2031-06-30"');

    const list = await renderRoute('/admin/team-list?license=full&q=zephyr', { route: teamList, cookie });
    expect(list.text).toContain('Zephyr Labs');
    expect(list.text).toContain('Wind Team');
    const byTeam = await renderRoute('/admin/team-list?q=wind%20team', { route: teamList, cookie });
    expect(byTeam.text).toContain('Zephyr Labs');
    const none = await renderRoute('/admin/team-list?license=student&q=zephyr', { route: teamList, cookie });
    expect(none.text).toContain('No matching records to display.');

    const join = await act(teamList, '/admin/team-list', { intent: 'quickJoinOrganisation', organisationId: String(organisationId) });
    expect(join.status).toBe(303);
    expect(join.location).toMatch(/^\/app\/team\/\d+$/);
    const bad = await act(teamList, '/admin/team-list', { intent: 'createTeam', organisationId: String(organisationId), teamName: '', presetId: '1', startDate: '2031-01-06' });
    expect(bad).toMatchObject({ status: 400, data: { errorMsg: 'Enter a team name' } });
    expect((await renderRoute('/admin/organisation-editor/999999999', { route: orgEditor, cookie, params: { organisationId: '999999999' } })).status).toBe(404);
  });

  it('lists users with the count, columns, filters and sorts; edits a user; grants org admin after confirming', async () => {
    const orgId = await makeOrganisation({ name: 'Trial Org', licenseType: 1 });
    const u = await makeUser({ organisationId: orgId, firstName: 'Tina', lastName: 'Trial', email: 'tina.trial@example.com' });
    await makeUser({ organisationId: null, firstName: 'Olly', lastName: 'Orphan', email: 'olly@example.com', isLocked: true });

    const all = await renderRoute('/admin/user-list', { route: userList, cookie });
    expect(all.text).toMatch(/\d+ users/);
    for (const label of ['View All', 'Full License', 'Trial license', 'Student license', 'No License', 'Date created (newest)', 'Name Z-A', 'Last activity']) {
      expect(all.text).toContain(label);
    }
    expect(all.text).toContain('No organisation');
    expect(all.text).toContain('Locked');
    expect(all.text).toContain('Never');

    const trial = await renderRoute('/admin/user-list?license=trial&q=tina', { route: userList, cookie });
    expect(trial.text).toContain('tina.trial@example.com');
    expect(trial.text).toContain('Trial Org');
    expect(trial.text).toContain('Grant org admin');
    expect(trial.html).toContain(`/admin/communication-list/tina.trial%40example.com`);
    const nobody = await renderRoute('/admin/user-list?q=zzzz-nobody', { route: userList, cookie });
    expect(nobody.text).toContain('No matching records to display.');

    const editPage = await renderRoute(`/admin/user-editor/${u.userId}`, { route: userEditor, cookie, params: { userId: String(u.userId) } });
    expect(editPage.text).toContain('Edit user');
    expect(editPage.html).toContain('value="tina.trial@example.com"');
    const createPage = await renderRoute('/admin/user-editor', { route: userEditor, cookie });
    expect(createPage.text).toContain('Create new user');

    const clash = await act(userEditor, `/admin/user-editor/${u.userId}`, { email: 'olly@example.com', firstName: 'Tina', lastName: 'Trial' }, { userId: String(u.userId) });
    expect(clash.status).toBe(409);
    expect(JSON.stringify(clash.data)).toContain('Email address already in use by another user.');
    const ok = await act(userEditor, `/admin/user-editor/${u.userId}`, { email: 'tina.trial@example.com', firstName: 'Tina', lastName: 'Tested', jobTitle: 'Lead', returnTo: '/admin/user-list?q=tina' }, { userId: String(u.userId) });
    expect(ok).toMatchObject({ status: 303, location: '/admin/user-list?q=tina&saved=user' });
    const offsite = await act(userEditor, `/admin/user-editor/${u.userId}`, { email: 'tina.trial@example.com', firstName: 'Tina', lastName: 'Tested', returnTo: '//evil.example' }, { userId: String(u.userId) });
    expect(offsite.location).toBe('/admin/user-list?saved=user');

    const created = await act(userEditor, '/admin/user-editor', { email: 'new.person@example.com', firstName: 'New', lastName: 'Person', organisationName: 'Fresh Co', organisationLicenseType: '3', isAdmin: 'on' });
    expect(created.status).toBe(303);
    const student = await renderRoute('/admin/user-list?license=student&q=new.person', { route: userList, cookie });
    expect(student.text).toContain('Fresh Co (org admin)');

    const grant = await act(userList, '/admin/user-list', { intent: 'orgAdmin', userId: String(u.userId), value: 'true', returnTo: '/admin/user-list?q=tina' });
    expect(grant).toMatchObject({ status: 303, location: '/admin/user-list?q=tina&saved=orgAdmin' });
    const after = await renderRoute(grant.location!, { route: userList, cookie });
    expect(after.text).toContain('Organisation admin updated.');
    expect(after.text).toContain('Revoke org admin');
  });

  it('shows a recipient’s emails as sanitised HTML, searchable', async () => {
    await getDb()
      .insertInto('communications')
      .values([
        { message_key: 'rt-1', recipient: 'mail.reader@example.com', subject: 'Welcome aboard', html: '<p>Hi <em>there</em></p><script>bad()</script>', kind: 'test', status: 'sent' },
        {
          message_key: 'rt-2',
          recipient: 'mail.reader@example.com',
          subject: 'Password reset',
          html: `<p>Reset link</p><p><a href="http://localhost:3000/auth/password-reset/${LINK_REMOVED}" style="background:#2f6fae">Choose a password</a> or <a href="http://localhost:3000/help">get help</a></p>`,
          kind: 'test',
          status: 'sent',
        },
      ])
      .execute();
    const params = { recipient: 'mail.reader@example.com' };
    const page = await renderRoute('/admin/communication-list/mail.reader@example.com', { route: commList, cookie, params });
    expect(page.text).toContain('Communications to mail.reader@example.com');
    expect(page.html).toContain('<em>there</em>');
    expect(page.html).not.toContain('bad()');
    const searched = await renderRoute('/admin/communication-list/mail.reader@example.com?q=reset', { route: commList, cookie, params });
    expect(searched.text).toContain('Password reset');
    // The one-time link the stored copy lost is text, not a dead link; other links stay links.
    expect(searched.html).toContain('<span class="link-removed" title="Link removed: a one-time link is not kept">Choose a password</span>');
    expect(searched.html).not.toContain('link%20removed');
    expect(searched.html).not.toMatch(/href="[^"]*link removed/);
    expect(searched.html).toContain('<a href="http://localhost:3000/help">get help</a>');
    expect(searched.text).not.toContain('Welcome aboard');
    const nobody = await renderRoute('/admin/communication-list/nobody@example.com', { route: commList, cookie, params: { recipient: 'nobody@example.com' } });
    expect(nobody.text).toContain('No records to display.');
  });

  it('shows the audit log of these changes, filtered, and exports it as CSV', async () => {
    const page = await renderRoute('/admin/audit-log?entity=user', { route: auditLog, cookie });
    expect(page.text).toContain('Audit log');
    expect(page.text).toContain('user.update');
    expect(page.text).toContain('ada.admin@example.com');
    // The change as a readable list of fields, not JSON blobs.
    expect(page.text).toMatch(/lastName ?: changed from \S+ → to Tested/);
    expect(page.text).toMatch(/jobTitle ?: changed from \S+ → to Lead|jobTitle ?: set to Lead/);
    expect(page.html).not.toContain('{&quot;');
    expect(page.html).not.toContain('audit-state');
    const table = page.text.slice(page.text.indexOf('Admin changes, newest first'));
    expect(table).not.toContain('organisation.create');
    const csv = await run<string>(() => auditCsv.loader(args(getRequest('/admin/audit-log.csv?entity=organisation', { cookie }))));
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.data).toContain('"organisation.create"');
    expect(csv.data).not.toContain('"user.update"');
    expect((await run(() => auditCsv.loader(args(getRequest('/admin/audit-log.csv', { cookie: learnerCookie }))))).location).toBe('/');
  });

  it('echoes the test page’s date, time and datetime inputs', async () => {
    const page = await renderRoute('/admin/test?date=2026-11-23&time=09:30&datetime=2026-11-23T09:30', { route: testPage, cookie });
    expect(page.text).toContain('Test page');
    expect(page.text).toContain('2026-11-23T09:30');
    expect(page.text).toContain('PWA and notifications');
  });

  it('opens an unknown team for quick join as 400/404 with a message, not a 500', async () => {
    const { teamId } = await makeTeam();
    const ok = await act(teamList, '/admin/team-list', { intent: 'quickJoinTeam', teamId: String(teamId) });
    expect(ok.location).toBe(`/app/team/${teamId}`);
    const missing = await act(teamList, '/admin/team-list', { intent: 'quickJoinTeam', teamId: '999999999' });
    expect(missing).toMatchObject({ status: 404, data: { errorMsg: 'Team not found.' } });
    const nonsense = await act(teamList, '/admin/team-list', { intent: 'dance' });
    expect(nonsense.status).toBe(400);
  });
});
