import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createUnsubscribeToken, getUserSettings, saveUserSettings } from '@modules/identity/index.server';
import { args, formRequest, getRequest, jsonRequest, run, runData } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import * as page from './settings.notification';
import * as getSettings from '../api+/user+/getUserSettings';
import * as saveSettings from '../api+/user+/saveUserSettings';
import * as resetSettings from '../api+/user+/resetUserSettings';
import * as unsubscribe from '../unsubscribe_.$token';
import { documentStatus } from '../../../tests/support/document-status';

/** Notification settings: the page (JS off: plain posts), the three /api paths and the one-click unsubscribe link. */
const PATH = '/app/settings/notification';

async function learner(opts: { teamAdmin?: boolean } = {}) {
  const { teamId } = await makeTeam();
  const u = await makeUser({ teams: [{ teamId, isTeamAdmin: opts.teamAdmin }] });
  return { ...u, ...(await signIn(u.userId)) };
}

const formFields = (over: Record<string, string | string[]> = {}) => ({
  intent: 'save',
  activitiesEnabled: 'on',
  activitiesDays: ['1', '3'],
  activitiesTime: '08:30',
  journeyEnabled: 'on',
  journeyTime: '18:00',
  timeZone: 'America/New_York',
  ...over,
});

const asMap = (settings: { key: string; value: string }[]) => Object.fromEntries(settings.map((s) => [s.key, s.value]));

describe('/app/settings/notification', () => {
  it('shows the defaults (activities reminder on Mondays at 7am), saves a change and shows it saved', async () => {
    const u = await learner();
    const first = await renderRoute(PATH, { route: page, cookie: u.cookie });
    expect(first.status).toBe(200);
    expect(first.text).toContain('Notification settings');
    expect(first.text).toContain('Email me an activities reminder');
    expect(first.text).toContain('Journey reminder');
    expect(first.html).toMatch(/<input(?=[^>]*name="activitiesDays")(?=[^>]*value="1")(?=[^>]*checked)/);
    expect(first.html).not.toMatch(/<input(?=[^>]*name="activitiesDays")(?=[^>]*value="3")(?=[^>]*checked)/);
    expect(first.html).toMatch(/<option value="07:00" selected="">7:00 am<\/option>/);
    expect(first.html).toMatch(/<option value="Europe\/London" selected="">/);
    // Only team admins are offered the weekly digest.
    expect(first.text).not.toContain('weekly digest');

    const saved = await run(() => page.action(args(formRequest(PATH, formFields(), { cookie: u.cookie }))));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${PATH}?done=saved`);
    const s = await getUserSettings(getDb(), u.userId);
    expect(s).toMatchObject({
      EMAIL_ACTIVITIES_REMINDER_ENABLED: 'true',
      EMAIL_ACTIVITIES_REMINDER_DAYS: '13',
      EMAIL_ACTIVITIES_REMINDER_TIME: '08:30',
      EMAIL_JOURNEY_REMINDER_TIME: '18:00',
      EMAIL_LEDA_UPDATES_ENABLED: 'false',
      TIME_ZONE: 'America/New_York',
    });
    const after = await renderRoute(`${PATH}?done=saved`, { route: page, cookie: u.cookie });
    expect(after.text).toContain('Your notification settings are saved.');
    expect(after.html).toMatch(/<option value="08:30" selected="">8:30 am<\/option>/);
  });

  it('refuses bad input with a clear message and a 400', async () => {
    const u = await learner({ teamAdmin: true });
    const noDays = await runData(() => page.action(args(formRequest(PATH, formFields({ activitiesDays: [] }), { cookie: u.cookie }))));
    expect(noDays.status).toBe(400);
    expect(noDays.data.result.error?.activitiesDays).toEqual(['Choose at least one day for the activities reminder']);
    const badZone = await runData(() => page.action(args(formRequest(PATH, formFields({ timeZone: 'Mars/Olympus' }), { cookie: u.cookie }))));
    expect(badZone.status).toBe(400);
    expect(badZone.data.result.error?.timeZone).toEqual(['Choose a time zone from the list']);
    const badTime = await runData(() => page.action(args(formRequest(PATH, formFields({ activitiesTime: '07:10' }), { cookie: u.cookie }))));
    expect(badTime.status).toBe(400);
    expect(await getUserSettings(getDb(), u.userId)).toMatchObject({ EMAIL_ACTIVITIES_REMINDER_TIME: '07:00', TIME_ZONE: 'Europe/London' });
    // A team admin sees (and can turn off) the digest.
    expect((await renderRoute(PATH, { route: page, cookie: u.cookie })).text).toContain("weekly digest of my team's progress");
  });

  it('resets only after the confirm step, which works without JavaScript', async () => {
    const u = await learner();
    await saveUserSettings(getDb(), u.userId, { EMAIL_ACTIVITIES_REMINDER_DAYS: '246', EMAIL_LEDA_UPDATES_ENABLED: 'false', TIME_ZONE: 'Asia/Tokyo' });
    const ask = await renderRoute(`${PATH}?confirm=reset`, { route: page, cookie: u.cookie });
    expect(ask.text).toContain('Are you sure you wish to reset all your notification settings to their defaults?');
    expect(ask.html).toMatch(/<button type="submit" name="intent" value="reset"[^>]*>Reset all settings<\/button>/);
    expect(ask.html).toMatch(/<a[^>]*href="\/app\/settings\/notification"[^>]*>Cancel<\/a>/);

    const done = await run(() => page.action(args(formRequest(PATH, { intent: 'reset' }, { cookie: u.cookie }))));
    expect(done.location).toBe(`${PATH}?done=reset`);
    expect(await getUserSettings(getDb(), u.userId)).toMatchObject({ EMAIL_ACTIVITIES_REMINDER_DAYS: '1', EMAIL_LEDA_UPDATES_ENABLED: 'true', TIME_ZONE: 'Asia/Tokyo' });
    expect((await renderRoute(`${PATH}?done=reset`, { route: page, cookie: u.cookie })).text).toContain('Your notification settings are back to their defaults.');
  });

  it('asks a visitor to log in first', async () => {
    const res = await run(() => page.loader(args(getRequest(PATH))));
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/auth\/login/);
    const post = await run(() => page.action(args(formRequest(PATH, formFields()))));
    expect(post.status).toBe(302);
  });
});

describe('/api/user/getUserSettings, saveUserSettings, resetUserSettings', () => {
  const call = (route: typeof getSettings, path: string, body: unknown, token?: string) => run<{ settings: { key: string; value: string }[]; errorMsg?: string }>(() => route.action(args(jsonRequest(path, body, { token }))));

  it('reads, saves and resets the caller’s own settings', async () => {
    const u = await learner();
    const other = await learner();
    const got = await call(getSettings, '/api/user/getUserSettings', {}, u.token);
    expect(got.status).toBe(200);
    expect(asMap(got.data.settings)).toMatchObject({ EMAIL_ACTIVITIES_REMINDER_ENABLED: 'true', EMAIL_ACTIVITIES_REMINDER_DAYS: '1', EMAIL_ACTIVITIES_REMINDER_TIME: '07:00' });

    const saved = await call(saveSettings, '/api/user/saveUserSettings', { userSettings: [{ key: 'EMAIL_ACTIVITIES_REMINDER_DAYS', value: '51' }, { key: 'EMAIL_JOURNEY_REMINDER_ENABLED', value: 'false' }] }, u.token);
    expect(saved.status).toBe(200);
    expect(asMap(saved.data.settings)).toMatchObject({ EMAIL_ACTIVITIES_REMINDER_DAYS: '15', EMAIL_JOURNEY_REMINDER_ENABLED: 'false' });
    expect((await getUserSettings(getDb(), other.userId)).EMAIL_ACTIVITIES_REMINDER_DAYS).toBe('1');

    const reset = await call(resetSettings, '/api/user/resetUserSettings', {}, u.token);
    expect(asMap(reset.data.settings)).toMatchObject({ EMAIL_ACTIVITIES_REMINDER_DAYS: '1', EMAIL_JOURNEY_REMINDER_ENABLED: 'true' });
  });

  it('refuses unknown keys, bad values, another user’s id and a missing token', async () => {
    const u = await learner();
    const other = await learner();
    const cases: [unknown, RegExp][] = [
      [{ userSettings: [{ key: 'IS_LEDA_ADMIN', value: 'true' }] }, /Unknown setting/],
      [{ userSettings: [{ key: 'EMAIL_ACTIVITIES_REMINDER_TIME', value: '25:00' }] }, /EMAIL_ACTIVITIES_REMINDER_TIME: Enter a time/],
      [{ userSettings: [{ key: 'EMAIL_ACTIVITIES_REMINDER_DAYS', value: '17' }] }, /Weekdays are digits 0/],
      [{ userSettings: [{ key: 'TIME_ZONE', value: 'Nowhere/Land' }] }, /Choose a time zone/],
      [{ userSettings: [{ key: 'EMAIL_LEDA_UPDATES_ENABLED', value: 'yes' }] }, /true or false/],
      [{ userSettings: [] }, /./],
      [{ userId: other.userId, userSettings: [{ key: 'EMAIL_LEDA_UPDATES_ENABLED', value: 'false' }] }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await call(saveSettings, '/api/user/saveUserSettings', body, u.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.data.errorMsg).toMatch(message);
    }
    expect((await getUserSettings(getDb(), other.userId)).EMAIL_LEDA_UPDATES_ENABLED).toBe('true');
    expect((await call(getSettings, '/api/user/getUserSettings', { userId: other.userId }, u.token)).status).toBe(400);
    for (const [route, path] of [
      [getSettings, '/api/user/getUserSettings'],
      [saveSettings, '/api/user/saveUserSettings'],
      [resetSettings, '/api/user/resetUserSettings'],
    ] as const) {
      expect((await call(route, path, {})).status).toBe(403);
    }
  });
});

describe('/unsubscribe/{token}', () => {
  it('opening the link changes nothing; one click (or a one-click POST) turns that email off without signing in', async () => {
    const u = await learner();
    const token = await createUnsubscribeToken(getDb(), u.userId, 'reminder-activities');
    const url = `/unsubscribe/${token}`;
    const opened = await renderRoute(url, { route: unsubscribe, params: { token } });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('Stop sending me activity reminder emails.');
    expect((await getUserSettings(getDb(), u.userId)).EMAIL_ACTIVITIES_REMINDER_ENABLED).toBe('true');

    const done = await runData(() => unsubscribe.action(args(formRequest(url, { 'List-Unsubscribe': 'One-Click' }), { token })));
    expect(done.status).toBe(200);
    expect(done.data.label).toBe('activity reminder emails');
    expect(await getUserSettings(getDb(), u.userId)).toMatchObject({ EMAIL_ACTIVITIES_REMINDER_ENABLED: 'false', EMAIL_JOURNEY_REMINDER_ENABLED: 'true' });
    const thanks = await renderRoute(url, { route: unsubscribe, params: { token }, actionData: done.data });
    expect(thanks.text).toContain('You have been unsubscribed');
    expect(thanks.text).toContain('Email us the reason');
    // With JavaScript off the browser gets the page of the POST: a success, not the loader's "expired".
    expect(await documentStatus(unsubscribe, formRequest(url, {}), '/unsubscribe/:token')).toBe(200);

    for (const bad of ['x'.repeat(43), 'short', '']) {
      expect((await run(() => unsubscribe.loader(args(getRequest(`/unsubscribe/${bad}`), { token: bad })))).status).toBe(410);
      expect((await run(() => unsubscribe.action(args(formRequest(`/unsubscribe/${bad}`, {}), { token: bad })))).status).toBe(410);
    }
  });
});
