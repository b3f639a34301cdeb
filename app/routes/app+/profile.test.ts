import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRemixStub } from '@remix-run/testing';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { validateSessionId } from '@modules/identity/index.server';
import { args, formRequest, getRequest, ORIGIN, run, runData } from '../../../tests/support/remix';
import { renderRoute, visibleText } from '../../../tests/support/render-route';
import { makeOrganisation, makeTeam, makeUser, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { avatarColour, AVATAR_COLOURS } from '~/components/profile/avatar';
import * as myProfile from './profile._index';
import * as profile from './profile.$userId';
import * as settings from './settings.profile';
import * as settingsIndex from './settings._index';

/** The profile pages and profile settings as a user sees and uses them (loaders, actions, server render; JS off). */
const uid = () => randomBytes(3).toString('hex');
const SETTINGS = '/app/settings/profile';

let s: { orgId: number; owner: { userId: number; cookie: string; email: string }; colleague: { userId: number; cookie: string }; stranger: { userId: number; cookie: string }; journeyName: string };

beforeAll(async () => {
  const orgId = await makeOrganisation();
  const { teamId } = await makeTeam({ organisationId: orgId });
  const owner = await makeUser({ organisationId: orgId, firstName: 'Priya', lastName: 'Patel', teams: [{ teamId }] });
  const colleague = await makeUser({ organisationId: orgId, teams: [{ teamId }] });
  const stranger = await makeUser({});
  await getDb().updateTable('users').set({ job_title: 'Head of People', bio: 'I coach teams.\nAnd I run.', phone: '0412 345 678' }).where('id', '=', owner.userId).execute();
  const journeyName = `Leading Through Change ${uid()}`;
  const j = await getDb().insertInto('journeys').values({ url_id: `profile-page-${uid()}`, name: journeyName }).returning('id').executeTakeFirstOrThrow();
  await getDb().insertInto('user_journeys').values({ user_id: owner.userId, journey_id: j.id, completed_at: new Date('2026-10-01T10:00:00Z') }).execute();
  s = {
    orgId,
    owner: { userId: owner.userId, email: owner.email, ...(await signIn(owner.userId)) },
    colleague: { userId: colleague.userId, ...(await signIn(colleague.userId)) },
    stranger: { userId: stranger.userId, ...(await signIn(stranger.userId)) },
    journeyName,
  };
});

const post = (fields: Record<string, string>, cookie: string) => runData(() => settings.action(args(formRequest(SETTINGS, fields, { cookie })) as never));
const renderSettings = (cookie: string, url = SETTINGS, actionData?: unknown) => renderRoute(url, { route: settings as never, cookie, actionData });

/** A page whose loader answered 404 with data: render it as the server would. */
function renderWithData(route: { default: () => unknown }, data: unknown) {
  const Stub = createRemixStub([{ id: 'page', path: '/p', Component: route.default as never, loader: (() => data) as never }]);
  const error = console.error;
  console.error = () => undefined; // the router's useLayoutEffect warning on the server, nothing else renders here
  try {
    return visibleText(renderToString(createElement(Stub, { initialEntries: ['/p'], hydrationData: { loaderData: { page: data } } })));
  } finally {
    console.error = error;
  }
}

describe('profile pages', () => {
  it('the owner sees avatar, name, job title, bio, email, phone, journey badges and the edit shortcut', async () => {
    const page = await renderRoute('/app/profile', { route: myProfile as never, cookie: s.owner.cookie });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1[^>]*>Priya Patel<\/h1>/);
    for (const t of ['Head of People', 'I coach teams.', 'And I run.', s.owner.email, '0412 345 678', 'Journey badges', s.journeyName, 'Completed 1 October 2026', 'Edit profile']) expect(page.text).toContain(t);
    expect(page.html).toContain('href="/app/settings/profile"');
    expect(page.html).toContain('>PP<');
    expect(page.html).toContain(`data-avatar-colour="${avatarColour('Priya Patel')}"`);
    expect(page.html).toContain('src="data:image/svg+xml');
  });

  it('a colleague sees the same profile without the edit shortcut; a stranger and unknown or malformed ids get User not found.', async () => {
    const params = { userId: String(s.owner.userId) };
    const seen = await renderRoute(`/app/profile/${s.owner.userId}`, { route: profile as never, cookie: s.colleague.cookie, params });
    expect(seen.text).toContain('Priya Patel');
    expect(seen.text).toContain(s.journeyName);
    expect(seen.text).not.toContain('Edit profile');
    for (const [cookie, userId] of [
      [s.stranger.cookie, String(s.owner.userId)],
      [s.owner.cookie, String(s.stranger.userId)],
      [s.owner.cookie, '2000000000'],
      [s.owner.cookie, 'abc'],
      [s.owner.cookie, '99999999999'],
    ] as const) {
      const out = await runData(() => profile.loader(args(getRequest(`/app/profile/${userId}`, { cookie }), { userId }) as never));
      expect(out.status).toBe(404);
      expect(out.data).toEqual({ notFound: true });
      const text = renderWithData(profile, out.data);
      expect(text).toContain('User not found.');
      expect(text).not.toContain('Priya');
    }
  });

  it('border colours: nine fixed colours chosen by the length of the name', () => {
    expect(new Set(AVATAR_COLOURS).size).toBe(9);
    expect(avatarColour('Al Bo')).toBe(AVATAR_COLOURS[5]);
    expect(avatarColour('Ann Lee Smithson')).toBe(AVATAR_COLOURS[16 % 9]);
  });

  it('/app/settings goes to the profile settings; anonymous visitors go to sign in', async () => {
    expect((await run(() => settingsIndex.loader(args(getRequest('/app/settings', { cookie: s.owner.cookie })) as never))).location).toBe(SETTINGS);
    expect((await run(() => settings.loader(args(getRequest(SETTINGS)) as never))).location).toBe(`/auth/login?thenTo=${encodeURIComponent(SETTINGS)}`);
    expect((await run(() => myProfile.loader(args(getRequest('/app/profile')) as never))).location).toMatch(/^\/auth\/login/);
  });
});

describe('profile settings (JavaScript off)', () => {
  it('shows the three forms filled in; saving details redirects with a message, and the profile shows them', async () => {
    const u = await makeUser({ organisationId: s.orgId, firstName: 'Sam', lastName: 'Stone' });
    const { cookie } = await signIn(u.userId);
    const page = await renderSettings(cookie);
    for (const t of ['Settings', 'Photo', 'Details', 'Password', 'First name', 'Bio (optional)', 'Current password', 'Save details', 'Change password', 'Upload photo']) expect(page.text).toContain(t);
    expect(page.html).toContain('value="Sam"');
    expect(page.html).toMatch(/enctype="multipart\/form-data"/i);
    expect(page.html).toContain('accept=".png,.jpg,.jpeg,image/png,image/jpeg"');
    expect(page.text).not.toContain('Remove photo');
    // Without JavaScript every save button can be pressed.
    expect(page.html).not.toMatch(/<button[^>]*disabled[^>]*>Save details/);

    const saved = await post({ intent: 'details', firstName: 'Samira', lastName: 'Stone', jobTitle: 'Analyst', phone: '0412 345 678', bio: 'Hello' }, cookie);
    expect(saved.location).toBe(`${SETTINGS}?saved=details`);
    expect((await renderSettings(cookie, saved.location!)).text).toContain('Your details have been saved.');
    const mine = await renderRoute('/app/profile', { route: myProfile as never, cookie });
    expect(mine.text).toContain('Samira Stone');
    expect(mine.text).toContain('Analyst');
  });

  it('details errors show the spec’s messages on their fields, and nothing is saved', async () => {
    const u = await makeUser({ organisationId: s.orgId, firstName: 'Kim', lastName: 'Kay' });
    const { cookie } = await signIn(u.userId);
    const bad = await post({ intent: 'details', firstName: '', lastName: ' ', jobTitle: 'x'.repeat(251), phone: '02 9876 5432', bio: 'x'.repeat(10_001) }, cookie);
    expect(bad.status).toBe(400);
    const page = await renderSettings(cookie, SETTINGS, bad.data);
    for (const m of ['Enter a first name', 'Enter a last name', 'Job title too long (max 250 characters)', 'Phone number is not valid', 'Bio is too long (max 10,000 characters)']) expect(page.text).toContain(m);
    expect(page.html).toContain('aria-invalid="true"');
    expect(await getDb().selectFrom('users').select(['first_name', 'job_title']).where('id', '=', u.userId).executeTakeFirstOrThrow()).toEqual({ first_name: 'Kim', job_title: null });
    const joke = await post({ intent: 'details', firstName: 'Leda', lastName: 'Swan' }, cookie);
    expect((await renderSettings(cookie, SETTINGS, joke.data)).text).toContain('we need your real name');
  });

  it('password: the spec’s messages, a wrong current password refused; success ends other sessions and keeps this one', async () => {
    const u = await makeUser({ organisationId: s.orgId });
    const here = await signIn(u.userId);
    const other = await signIn(u.userId);
    const empty = await post({ intent: 'password' }, here.cookie);
    const emptyPage = await renderSettings(here.cookie, SETTINGS, empty.data);
    for (const m of ['Enter your current password (8 - 64 characters)', 'Enter a new password (8 - 64 characters)', 'Re-enter your new password (8 - 64 characters)']) expect(emptyPage.text).toContain(m);
    const mismatch = await post({ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-2' }, here.cookie);
    expect((await renderSettings(here.cookie, SETTINGS, mismatch.data)).text).toContain('Passwords do not match');
    const wrong = await post({ intent: 'password', currentPassword: 'wrong-password', newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' }, here.cookie);
    expect(wrong.status).toBe(400);
    const wrongPage = await renderSettings(here.cookie, SETTINGS, wrong.data);
    expect(wrongPage.text).toContain('Your current password is incorrect.');
    // Passwords are never sent back into the page.
    expect(wrongPage.html).not.toContain('brand-new-pass-1');
    expect(await validateSessionId(other.token)).not.toBeNull();

    const ok = await post({ intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' }, here.cookie);
    expect(ok.location).toMatch(/^\/app\/settings\/profile\?saved=password&at=/);
    expect(await validateSessionId(here.token)).not.toBeNull();
    expect(await validateSessionId(other.token)).toBeNull();
    expect((await renderSettings(here.cookie, ok.location!)).text).toContain('Your password has been changed.');
  });

  it('photo: upload as a plain multipart form, shown from the photo route; a wrong type is refused on the field; remove', async () => {
    const u = await makeUser({ organisationId: s.orgId, firstName: 'Pho', lastName: 'To' });
    const { cookie } = await signIn(u.userId);
    const send = (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('files', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      return runData(() => settings.action(args(new Request(`${ORIGIN}${SETTINGS}`, { method: 'POST', headers: { cookie }, body: form })) as never));
    };
    const bad = await send(new TextEncoder().encode('GIF89a not really'), 'cat.png');
    expect(bad.status).toBe(400);
    const badPage = await renderSettings(cookie, SETTINGS, bad.data);
    expect(badPage.text).toContain('Choose a .png, .jpg or .jpeg image.');
    expect(badPage.html).toMatch(/aria-describedby="profile-photo-hint profile-photo-error"/);
    const none = await send(new Uint8Array(), '');
    expect((await renderSettings(cookie, SETTINGS, none.data)).text).toContain('Choose a photo to upload.');

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#22aa66' } }).png().toBuffer();
    const ok = await send(png, 'me.png');
    expect(ok.location).toBe(`${SETTINGS}?saved=photo`);
    const page = await renderSettings(cookie, ok.location!);
    expect(page.text).toContain('Your photo has been updated.');
    expect(page.html).toMatch(new RegExp(`src="/app/profile/${u.userId}/photo\\?v=[A-Za-z0-9_-]+"`));
    expect(page.text).toContain('Remove photo');

    const removed = await post({ intent: 'remove-photo' }, cookie);
    expect(removed.location).toBe(`${SETTINGS}?saved=photo-removed`);
    const after = await renderSettings(cookie, removed.location!);
    expect(after.text).toContain('Your photo has been removed.');
    expect(after.html).not.toContain('/photo?v=');
    expect((await post({ intent: 'something-else' }, cookie)).status).toBe(400);
  });
});
