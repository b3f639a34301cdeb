import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForThisFile, loginAndWait, newestEmail, open, waitForPath } from './support';
import { unzip } from '../support/zip';

/**
 * "Download my data" (issue 27 s.2) in a real browser, JavaScript on and off, at 390 px: a fresh
 * member of the demo Leadership Team opens Settings > Your data (three tabs, no sideways scroll), asks
 * for a copy, follows its progress (polling with JS, the page reloading itself without), downloads the
 * ZIP and finds their profile in it; the ready email links to the download. A product admin asks for
 * the same person's data from the admin user page. axe checks every screen (support.ts).
 */
const { newPage } = browserForThisFile();
const PASSWORD = 'export-first-pass-1';
const NARROW = { width: 390, height: 844 };

async function freshMember(tag: string) {
  const email = `export-${tag}-${randomBytes(3).toString('hex')}@leda.test`;
  const res = await fetch(`${baseUrl()}/__test/welcome-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Dana', lastName: 'Export', purpose: 'none', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { userId: number; email: string };
}

describe.each([true, false])('download my data with JavaScript %s', (javaScript) => {
  it('asks for a copy, follows its progress, downloads the ZIP; a product admin can ask too', async () => {
    const member = await freshMember(javaScript ? 'js' : 'nojs');
    const tp = await newPage({ javaScript, viewport: NARROW });
    await loginAndWait(tp, member.email, /^\/app/, PASSWORD);
    const { page } = tp;

    await open(tp, '/app/settings/profile');
    const tabs = page.getByRole('navigation', { name: 'Settings' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Profile', 'Notifications', 'Your data']);
    await page.getByRole('link', { name: 'Your data' }).click();
    await waitForPath(page, '/app/settings/data');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Download my data' }).isVisible()).toBe(true);
    // Nothing scrolls sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.getByRole('link', { name: 'Erase my data' }).getAttribute('href')).toBe('/app/settings/erase');

    await page.getByRole('button', { name: 'Download my data' }).click();
    // The job runs in the server's process: with JS the page polls, without it the page reloads itself.
    const ready = page.getByText('Your data is ready');
    await expect.poll(() => ready.isVisible(), { timeout: 30_000 }).toBe(true);

    const link = page.getByRole('link', { name: 'Download the ZIP file' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/app\/settings\/data\/\d+\/download$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^leda-data-\d+-\d{4}-\d\d-\d\d\.zip$/);
    const files = await unzip(fs.readFileSync((await download.path())!));
    expect(JSON.parse(files.get('profile.json')!.toString()).email).toBe(member.email);
    expect(files.get('README.txt')!.toString()).toContain('Your data from Leda');

    const mail = await newestEmail(member.email);
    expect(mail.subject).toBe('Your Leda data is ready to download');
    expect(mail.links.some((l) => l.endsWith(href))).toBe(true);
    // Without the session the link leads to the login.
    const anonymous = await fetch(`${baseUrl()}${href}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);

    // A product admin asks for the same person's data from the user page.
    const admin = await newPage({ javaScript });
    await loginAndWait(admin, 'admin@leda.test', /^\/(app|admin)/);
    await open(admin, `/admin/user-editor/${member.userId}`);
    await admin.page.getByRole('button', { name: 'Request a data export' }).click();
    await waitForPath(admin.page, `/admin/user-editor/${member.userId}`);
    await expect.poll(() => admin.page.getByText('(by you)').isVisible()).toBe(true);
  }, 120_000);
});
