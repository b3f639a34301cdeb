import { beforeAll, describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb, processJob } from '@modules/shared/index.server';
import { runJobsInProcess } from '../../../tests/support/jobs-in-process';
import { listRecent } from '@modules/social/index.server';
import { args, formRequest, runData } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import * as list from './notification-list';
import * as editor from './notification.editor.$notificationId';

/** The admin notification list and editor (decision 128) as a product admin uses them without JavaScript. */
let cookie: string;
let learnerCookie: string;

beforeAll(async () => {
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  cookie = (await signIn(admin.userId)).cookie;
  learnerCookie = (await signIn((await makeUser()).userId)).cookie;
});

const post = (route: { action: (a: never) => unknown }, path: string, fields: Record<string, string>, params: Record<string, string> = {}, c = cookie) =>
  runData(() => route.action(args(formRequest(path, fields, { cookie: c }), params) as never));

// Posts and announcements reach their audience through the notification-fan-out job: run it here.
runJobsInProcess();

describe('admin notification list and editor', () => {
  it('sends an announcement to one team: its members get it, others do not; the list shows its reach', async () => {
    const team = await makeTeam();
    const member = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    const outsider = await makeUser();
    const sent = await post(list, '/admin/notification-list', { title: 'New journey this month', message: 'Delegating well opens on Monday.', link: '/app/team', audience: 'team', audienceId: String(team.teamId) });
    expect(sent).toMatchObject({ status: 303, location: '/admin/notification-list?sent=1' });
    await drainInProcessJobs(); // the fan-out job (decision 258)
    const [got] = await listRecent(getDb(), member.userId);
    expect(got?.notification).toMatchObject({ title: 'New journey this month', message: 'Delegating well opens on Monday.', link: '/app/team' });
    expect((await listRecent(getDb(), outsider.userId)).map((n) => n.notification.title)).not.toContain('New journey this month');

    const page = await renderRoute('/admin/notification-list?sent=1&q=new+journey', { route: list, cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Notification sent to 1 person.');
    expect(page.text).toContain('New journey this month');
    expect(page.text).toContain('Announcement');
    expect((await renderRoute('/admin/notification-list?q=nothing-like-this', { route: list, cookie })).text).toContain('No matching records to display.');
  });

  it('refuses bad input with the field messages and a 4xx: no title, a javascript: link, a missing or empty audience', async () => {
    const bad = await post(list, '/admin/notification-list', { title: '', link: 'javascript:alert(1)', audience: 'team' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('This field is required');
    expect(JSON.stringify(bad.data)).toContain('Enter a link on this site (starting with /) or an https:// address');
    const noAudienceId = await post(list, '/admin/notification-list', { title: 'Hello', audience: 'team' });
    expect(noAudienceId.status).toBe(400);
    expect(JSON.stringify(noAudienceId.data)).toContain('Enter the organisation or team id');
    const protocolRelative = await post(list, '/admin/notification-list', { title: 'x', link: '//evil.example/x', audience: 'everyone' });
    expect(protocolRelative.status).toBe(400);
    const nobody = await post(list, '/admin/notification-list', { title: 'Hello', audience: 'team', audienceId: '2147483647' });
    expect(nobody.status).toBe(400);
    expect(JSON.stringify(nobody.data)).toContain('Nobody would receive this notification');
    expect((await post(list, '/admin/notification-list', { title: 'Hello', audience: 'team', audienceId: '2147483648' })).status).toBe(400);
  });

  it('corrects a sent notification: recipients see the new wording, the change is audited; unknown ids are a 404', async () => {
    const team = await makeTeam();
    const member = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    await post(list, '/admin/notification-list', { title: 'Tpyo', audience: 'organisation', audienceId: String(team.organisationId) });
    const id = String((await getDb().selectFrom('notifications').select('id').where('title', '=', 'Tpyo').executeTakeFirstOrThrow()).id);
    // The fan-out job's processor, as the worker runs it (idempotent: a run already done delivers nothing more).
    await drainInProcessJobs();
    await processJob('notification-fan-out', { notificationId: Number(id) });
    const got = (await listRecent(getDb(), member.userId)).find((n) => n.notification.title === 'Tpyo');
    const page = await renderRoute(`/admin/notification/editor/${id}`, { route: editor, cookie, params: { notificationId: id } });
    expect(page.text).toContain(`Notification ${id}`);
    expect(page.text).toContain('Received by');
    const saved = await post(editor, `/admin/notification/editor/${id}`, { title: 'Typo fixed', message: 'Now right.' }, { notificationId: id });
    expect(saved).toMatchObject({ status: 303, location: `/admin/notification/editor/${id}?saved=1` });
    expect((await listRecent(getDb(), member.userId)).find((n) => n.userNotificationId === got?.userNotificationId)?.notification.title).toBe('Typo fixed');
    expect(got?.userNotificationId).toBeGreaterThan(0);
    const audit = await getDb().selectFrom('audit_log').select(['action']).where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['notification.send', 'notification.edit']));
    expect((await renderRoute('/admin/notification/editor/2147483647', { route: editor, cookie, params: { notificationId: '2147483647' } })).status).toBe(404);
    expect((await renderRoute('/admin/notification/editor/abc', { route: editor, cookie, params: { notificationId: 'abc' } })).status).toBe(404);
  });

  it('sends a learner home from both screens and refuses their posts', async () => {
    expect(await renderRoute('/admin/notification-list', { route: list, cookie: learnerCookie })).toMatchObject({ status: 302, location: '/' });
    expect(await renderRoute('/admin/notification/editor/1', { route: editor, cookie: learnerCookie, params: { notificationId: '1' } })).toMatchObject({ status: 302, location: '/' });
    const refused = await post(list, '/admin/notification-list', { title: 'Spam', audience: 'everyone' }, {}, learnerCookie);
    expect(refused.location).toBe('/');
    expect(await getDb().selectFrom('notifications').select('id').where('title', '=', 'Spam').execute()).toEqual([]);
  });
});
