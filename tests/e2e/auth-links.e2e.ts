import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  browserForThisFile,
  login,
  loginAndWait,
  newestEmail,
  open,
  openNewestEmail,
  screenshot,
  waitForHydration,
  waitForPath,
  type TestPage,
} from './support';

/**
 * The emailed links and the login limit in a real browser, each with JavaScript on and off:
 * creating a password from the welcome email, verifying an account, and the 11th sign-in of a
 * minute for one email refused. Each scenario makes its own Demo Organisation member through the
 * dev-only /__test/welcome-user hook (the server's database is in another process), so the demo
 * accounts are never touched (docs/decisions/090-e2e-auth-links.md).
 */
const { newPage } = browserForThisFile();

const LINK_EXPIRED = 'This link has expired or has already been used. Please ask for a new one.';
const RATE_LIMITED = 'Too many sign-in attempts. Please wait a minute and try again.';
const LOGIN_FAILED = 'Incorrect email or password.';

const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@leda.test`;

/** Creates a Leadership Team member of the demo organisation; 'welcome' and 'verify' also email them. */
async function createMember(email: string, purpose: 'welcome' | 'verify' | 'none', password?: string) {
  const res = await fetch(`${baseUrl()}/__test/welcome-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, purpose, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Waits for the newest email to `to` (the welcome batch runs in the worker, so it comes a little later). */
async function waitForEmail(to: string, subject: RegExp) {
  await expect
    .poll(async () => (await newestEmail(to).catch(() => ({ subject: '' }))).subject, { timeout: 20_000, interval: 200 })
    .toMatch(subject);
}

/** Opens the email in the page and follows its button to our site; returns the link. */
async function followEmailLink(tp: TestPage, to: string, label: string, path: RegExp) {
  await openNewestEmail(tp.page, to);
  const link = tp.page.getByRole('link', { name: label });
  const href = (await link.getAttribute('href'))!;
  expect(new URL(href).pathname).toMatch(path);
  expect(new URL(href).origin).toBe(baseUrl());
  await link.click();
  await waitForPath(tp.page, new URL(href).pathname);
  if (tp.javaScript) await waitForHydration(tp.page);
  return new URL(href).pathname;
}

/** Log out from the profile menu (or, failing that, a visible control), as auth.e2e.ts does. */
async function logOut(page: Page) {
  const menu = page.locator('details.profile-menu > summary');
  if (await menu.count()) await menu.first().click();
  await page
    .getByRole('button', { name: 'Log out', exact: true })
    .or(page.getByRole('link', { name: 'Log out', exact: true }))
    .or(page.getByRole('menuitem', { name: 'Log out', exact: true }))
    .filter({ visible: true })
    .first()
    .click();
}

async function fillNewPassword(page: Page, password: string, confirm: string) {
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
  await page.getByRole('button', { name: 'Create password' }).click();
}

/** One login attempt, waiting for the server's answer to it (the page stays on /auth/login when refused). */
async function attempt(tp: TestPage, email: string, password: string) {
  const answered = tp.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/auth/login'));
  await login(tp, email, password);
  await answered;
  if (tp.javaScript) await tp.page.waitForFunction(() => (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter.state.navigation.state === 'idle');
  else await tp.page.waitForLoadState('load');
}

for (const javaScript of [true, false]) {
  const js = javaScript ? 'on' : 'off';

  describe(`emailed links and the login limit with JavaScript ${js}`, () => {
    it('creates a password from the welcome email; the link then works only once', async () => {
      const email = uniqueEmail(`welcome-js-${js}`);
      const password = `my-first-password-${js}`;
      await createMember(email, 'welcome');
      await waitForEmail(email, /^Welcome to Leda/);

      const tp = await newPage({ javaScript });
      const { page } = tp;
      const linkPath = await followEmailLink(tp, email, 'Create a password', /^\/auth\/password-create\/[\w-]{20,}$/);
      await page.getByRole('heading', { level: 1, name: 'Create a password' }).waitFor();
      expect(await page.title()).toMatch(/^Create a password/);

      await fillNewPassword(page, 'matching-not-1', 'matching-not-2');
      await page.getByText('Passwords do not match').waitFor();
      expect(await page.getByLabel('Confirm password').getAttribute('aria-invalid')).toBe('true');
      await fillNewPassword(page, 'short', 'short');
      await page.getByText('Enter a password (between 8 - 64 characters)').waitFor();
      expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe(linkPath);
      await screenshot(page, `password-create-errors-js-${js}`);

      await fillNewPassword(page, password, password);
      await waitForPath(page, '/app/home');
      await page.getByText('Leadership Team').first().waitFor();
      await logOut(page);
      await waitForPath(page, '/');
      await loginAndWait(tp, email, '/app/home', password);

      const again = await newPage({ javaScript });
      await open(again, linkPath);
      await again.page.getByText(LINK_EXPIRED).waitFor();
      await again.page.getByRole('heading', { level: 1, name: 'Create a password' }).waitFor();
      expect(await again.page.getByLabel('New password').count()).toBe(0);
    });

    it('verifies an account from its email and signs in; the link then fails', async () => {
      const email = uniqueEmail(`verify-js-${js}`);
      await createMember(email, 'verify');
      await waitForEmail(email, /^Verify your Leda account/);

      const tp = await newPage({ javaScript });
      const linkPath = await followEmailLink(tp, email, 'Verify my account', /^\/auth\/verify-account\/[\w-]{20,}$/);
      // With JavaScript the page posts itself; without it the person presses the button.
      if (!javaScript) await tp.page.getByRole('button', { name: 'Verify my account' }).click();
      await waitForPath(tp.page, '/app/home');
      await tp.page.getByRole('navigation', { name: 'App' }).getByText('Leadership Team').first().waitFor();

      const again = await newPage({ javaScript });
      await open(again, linkPath);
      if (!javaScript) await again.page.getByRole('button', { name: 'Verify my account' }).click();
      await again.page.getByText('Sorry, something went wrong.').waitFor();
      expect(new URL(again.page.url()).pathname).toBe(linkPath);
      await again.page.getByRole('link', { name: 'Go to log in' }).waitFor();
      await screenshot(again.page, `verify-failed-js-${js}`);
    });

    it('refuses the 11th sign-in of a minute for one email, even with the right password', async () => {
      const email = uniqueEmail(`limit-js-${js}`);
      const password = `the-right-password-${js}`;
      await createMember(email, 'none', password);

      const tp = await newPage({ javaScript });
      for (let i = 1; i <= 10; i++) {
        await attempt(tp, email, `wrong-password-${i}`);
        await tp.page.getByText(LOGIN_FAILED).waitFor();
        expect(await tp.page.getByText(RATE_LIMITED).count(), `attempt ${i}`).toBe(0);
      }
      // From another client address, so it is the email's own count that refuses it.
      const other = await newPage({ javaScript });
      await attempt(other, email, password);
      await other.page.getByText(RATE_LIMITED).waitFor();
      await screenshot(other.page, `login-rate-limited-js-${js}`);
      expect(new URL(other.page.url()).pathname).toBe('/auth/login');
      expect(await other.page.getByText(LOGIN_FAILED).count()).toBe(0);
      // The first address has used its 10 too: another account is refused from there as well.
      await attempt(tp, uniqueEmail('someone-else'), 'any-password-1');
      await tp.page.getByText(RATE_LIMITED).waitFor();
    });
  });
}
