import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, browserForThisFile, loginAndWait, open, waitForPath, type TestPage } from './support';

/**
 * Profile and profile settings in a real browser, JavaScript on and off, as a fresh member of the
 * demo Leadership Team (so no demo account's password changes): save details (the spec's message on
 * a bad field), upload a photo, change the password (another session ends), see the profile; a
 * colleague sees it too, a stranger gets 'User not found.'. axe checks every screen (support.ts).
 */
const { newPage } = browserForThisFile();
const FIRST_PASSWORD = 'profile-first-pass-1';
const NEW_PASSWORD = 'profile-second-pass-2';

async function freshMember(tag: string) {
  const email = `profile-${tag}-${randomBytes(3).toString('hex')}@leda.test`;
  const res = await fetch(`${baseUrl()}/__test/welcome-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Pat', lastName: 'Profile', purpose: 'none', password: FIRST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return email;
}

async function signedIn(javaScript: boolean, email: string, password = 'leda-demo-2026') {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, email, /^\/app/, password);
  return tp;
}

const saveButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function submitAndWait(tp: TestPage, button: string, path: RegExp) {
  await saveButton(tp.page, button).click();
  await waitForPath(tp.page, path);
  if (tp.javaScript) await tp.page.waitForLoadState('networkidle');
}

describe.each([true, false])('profile settings with JavaScript %s', (javaScript) => {
  it('saves details, uploads a photo, changes the password; colleagues see the profile, strangers do not', async () => {
    const email = await freshMember(javaScript ? 'js' : 'nojs');
    const tp = await signedIn(javaScript, email, FIRST_PASSWORD);
    const other = await signedIn(javaScript, email, FIRST_PASSWORD);
    const { page } = tp;

    // /app/settings goes to the profile settings.
    await open(tp, '/app/settings');
    await waitForPath(page, '/app/settings/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Settings' }).isVisible()).toBe(true);

    // Save is possible only with unsaved changes (with JavaScript); without it the button always submits.
    expect(await saveButton(page, 'Save details').isDisabled()).toBe(javaScript);
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Job title (optional)').fill('Product Designer');
    await page.getByLabel('Mobile phone (optional)').fill('02 9876 5432');
    await saveButton(page, 'Save details').click();
    await expect.poll(() => page.getByText('Enter a first name').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Phone number is not valid').isVisible()).toBe(true);

    await page.getByLabel('First name').fill('Ruby');
    await page.getByLabel('Last name').fill('Rivers');
    await page.getByLabel('Job title (optional)').fill('Product Designer');
    await page.getByLabel('Mobile phone (optional)').fill('0412 345 678');
    await page.getByLabel('Bio (optional)').fill('I design things people enjoy using.');
    await submitAndWait(tp, 'Save details', /saved=details/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your details have been saved.' }).isVisible()).toBe(true);
    // The focus is on what happened, not on <body> (decision 334): autofocus without JavaScript, the shell's hook with it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.includes('Your details have been saved.') ?? false)).toBe(true);
    if (javaScript) expect(await saveButton(page, 'Save details').isDisabled()).toBe(true);
    // The errors of the failed try are gone after the save (decision 330), and the fields show what was saved.
    expect(await page.getByText('Enter a first name').count()).toBe(0);
    expect(await page.getByText('Phone number is not valid').count()).toBe(0);
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ruby');

    // Photo: a large PNG becomes the 256 px avatar.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d946ef' } }).png().toBuffer();
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await submitAndWait(tp, 'Upload photo', /saved=photo/);
    const photo = page.locator('.settings-photo img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    const src = (await photo.getAttribute('src'))!;
    const userId = src.match(/^\/app\/profile\/(\d+)\/photo/)![1]!;
    // The header's profile menu shows the new photo at once.
    const headerPhoto = page.locator('.profile-menu summary img');
    expect(await headerPhoto.getAttribute('src')).toBe(src);
    await expect.poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

    // Password: a wrong current one is refused; then the change ends the other session, not this one.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await saveButton(page, 'Change password').click();
    await expect.poll(() => page.getByText('Your current password is incorrect.').isVisible()).toBe(true);
    await page.getByLabel('Current password').fill(FIRST_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('something-else-3');
    await saveButton(page, 'Change password').click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Current password').fill(FIRST_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await submitAndWait(tp, 'Change password', /saved=password/);
    await expect.poll(() => page.getByText('Your password has been changed.').isVisible()).toBe(true);
    await other.page.goto('/app/profile');
    await waitForPath(other.page, /^\/auth\/login/);

    // The own profile, with the edit shortcut.
    await open(tp, '/app/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Ruby Rivers' }).isVisible()).toBe(true);
    for (const t of ['Product Designer', 'I design things people enjoy using.', '0412 345 678', email]) expect(await page.getByText(t).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await waitForPath(page, '/app/settings/profile');

    // A colleague (same organisation) sees it without the shortcut; a stranger gets 'User not found.'.
    const colleague = await signedIn(javaScript, 'learner@leda.test');
    await open(colleague, `/app/profile/${userId}`);
    await expect.poll(() => colleague.page.getByRole('heading', { level: 1, name: 'Ruby Rivers' }).isVisible()).toBe(true);
    expect(await colleague.page.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
    expect(await colleague.page.locator('.profile-header img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    const stranger = await signedIn(javaScript, 'trial@leda.test');
    await open(stranger, `/app/profile/${userId}`);
    await expect.poll(() => stranger.page.getByText('User not found.').isVisible()).toBe(true);

    // Remove the photo: the initials come back.
    await open(tp, '/app/settings/profile');
    await submitAndWait(tp, 'Remove photo', /saved=photo-removed/);
    await expect.poll(() => page.locator('.settings-photo .profile-avatar-initials').innerText()).toBe('RR');
    expect(await page.locator('.profile-menu summary img').count()).toBe(0);
    expect(await page.locator('.profile-menu summary .avatar').innerText()).toBe('RR');
    // Four sessions and a dozen screens, each scanned by axe: more than the default two minutes on a busy 2-core machine.
  }, 300_000);
});

describe.each([true, false])('notification settings with JavaScript %s', (javaScript) => {
  it('sets the activities reminder days and time, turns on the journey reminder, then resets to the defaults', async () => {
    const email = await freshMember(javaScript ? 'js-rem' : 'nojs-rem');
    const tp = await signedIn(javaScript, email, FIRST_PASSWORD);
    const { page } = tp;
    await open(tp, '/app/settings/notification');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Settings' }).isVisible()).toBe(true);
    // The defaults: an activities reminder on Mondays at 7am.
    const reminders = page.getByRole('group', { name: 'Activities reminder' });
    expect(await reminders.getByLabel('Monday').isChecked()).toBe(true);
    expect(await reminders.getByLabel('At', { exact: true }).inputValue()).toMatch(/^07:00/);

    await reminders.getByLabel('Wednesday').check();
    await reminders.getByLabel('Monday').uncheck();
    await reminders.getByLabel('At', { exact: true }).selectOption({ label: '8:15 am' });
    const journey = page.getByRole('group', { name: 'Journey reminder' });
    if (await journey.count()) await journey.getByLabel('Email me a journey reminder').check();
    await submitAndWait(tp, 'Save', /done=saved/);
    await expect.poll(() => page.getByText('Your notification settings are saved.').isVisible()).toBe(true);
    // What was saved is what the page shows after a fresh load.
    await open(tp, '/app/settings/notification');
    const again = page.getByRole('group', { name: 'Activities reminder' });
    await expect.poll(() => again.getByLabel('Wednesday').isChecked()).toBe(true);
    expect(await again.getByLabel('Monday').isChecked()).toBe(false);
    expect(await again.getByLabel('At', { exact: true }).inputValue()).toMatch(/^08:15/);

    await page.getByRole('link', { name: 'Reset all settings' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset all settings' });
    await expect.poll(() => confirm.getByText('Are you sure you wish to reset all your notification settings to their defaults?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Reset all settings' }).click();
    await waitForPath(page, /done=reset/);
    await expect.poll(() => page.getByText('Your notification settings are back to their defaults.').isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Activities reminder' }).getByLabel('Monday').isChecked()).toBe(true);
  }, 120_000);
});
