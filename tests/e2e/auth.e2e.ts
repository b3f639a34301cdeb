import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  login,
  loginAndWait,
  open,
  openNewestEmail,
  pathOf,
  screenshot,
  browserForThisFile,
  waitForHydration,
  waitForPath,
  type TestPage,
} from './support';

/**
 * Sign-in flows in a real browser, each with JavaScript on (conform + Remix navigation) and off
 * (plain HTML forms), against the built server and the seeded demo accounts (issue 2, section 10).
 * Accounts are spread over the scenarios so that no email meets the 10-a-minute login limit.
 */
const { newPage } = browserForThisFile();

const LINK_EXPIRED = 'This link has expired or has already been used. Please ask for a new one.';

/** Where each demo account lands after logging in, and what its side navigation holds. */
interface DemoHome {
  email: string;
  home: string;
  organisation?: string | null;
  teams?: string[];
  insights?: boolean;
  posts?: boolean;
  trial?: boolean;
}
const DEMO_HOMES: DemoHome[] = [
  { email: 'admin@leda.test', home: '/app/home', organisation: null, teams: [] },
  // The navigation lists the user's own teams (decision 020); the demo organisation admin is a member of both.
  { email: 'orgadmin@leda.test', home: '/app/home', organisation: 'Demo Organisation', teams: ['Leadership Team', 'Sales Team'], insights: true, posts: true },
  { email: 'teamadmin@leda.test', home: '/app/home', organisation: 'Demo Organisation', teams: ['Leadership Team'], posts: true },
  { email: 'learner@leda.test', home: '/app/home', organisation: 'Demo Organisation', teams: ['Leadership Team', 'Sales Team'] },
  { email: 'trial@leda.test', home: '/app/home', organisation: 'Trial Company', teams: ['Trial Team'], trial: true },
  { email: 'student@leda.test', home: '/app/explore/story', organisation: 'Student Academy', teams: [] },
  { email: 'expired@leda.test', home: '/license-expired' },
];

/** The side navigation follows the role rules of learner-app section 2. */
async function expectNavigation(page: Page, want: DemoHome) {
  const nav = page.getByRole('navigation', { name: 'App' });
  await nav.waitFor();
  const text = await nav.innerText();
  for (const always of ['Activities', 'Explore', 'Skills', 'Stories', 'Games', 'Assessments']) expect(text).toContain(always);
  if (want.organisation) expect(text.toUpperCase()).toContain(want.organisation.toUpperCase());
  const teamLinks = nav.locator('a[href^="/app/team/"]');
  const teamNames = (await teamLinks.allInnerTexts()).map((t) => t.trim()).filter((t) => !['Journeys', 'Members', 'Insights', 'Posts'].includes(t));
  expect(teamNames.sort(), `${want.email}: teams in the navigation`).toEqual([...(want.teams ?? [])].sort());
  expect(await nav.getByRole('link', { name: 'Insights', exact: true }).count() > 0, `${want.email}: Insights`).toBe(!!want.insights);
  expect(await nav.getByRole('link', { name: 'Posts', exact: true }).count() > 0, `${want.email}: Posts`).toBe(!!want.posts);
  expect(await page.getByText(/Your trial expires on/).count() > 0, `${want.email}: trial banner`).toBe(!!want.trial);
}

/** Log out from the profile menu (or, failing that, the footer): a link or a form button. */
async function logOut(page: Page) {
  const menu = page.locator('details.profile-menu > summary');
  if (await menu.count()) await menu.first().click();
  const control = page
    .getByRole('button', { name: 'Log out', exact: true })
    .or(page.getByRole('link', { name: 'Log out', exact: true }))
    .or(page.getByRole('menuitem', { name: 'Log out', exact: true }))
    .filter({ visible: true })
    .first();
  await control.click();
}

/** Requests a reset email, follows its link, sets `newPassword`; ends in the app. Returns the link. */
async function resetPasswordThroughEmail(tp: TestPage, email: string, newPassword: string, home: string) {
  const { page } = tp;
  await open(tp, '/auth/password-forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await page.getByText('Please check your email for further instructions.').waitFor();

  const subject = await openNewestEmail(page, email);
  expect(subject).toMatch(/password/i);
  const link = page.getByRole('link', { name: 'Change password' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/auth\/password-reset\/[\w-]{20,}$/);
  await link.click();
  await waitForPath(page, new URL(href!).pathname);
  if (tp.javaScript) await waitForHydration(page);
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await waitForPath(page, home);
  return href!;
}

for (const javaScript of [true, false]) {
  const js = javaScript ? 'on' : 'off';

  describe(`sign-in flows with JavaScript ${js}`, () => {
    it('logs the learner in and lands on the team list', async () => {
      const tp = await newPage({ javaScript });
      await open(tp, '/auth/login');
      await tp.page.getByRole('heading', { name: 'Log in' }).waitFor();
      await screenshot(tp.page, `login-js-${js}`);
      if (process.env.E2E_SCREENSHOTS && javaScript) {
        await tp.page.setViewportSize({ width: 375, height: 740 });
        await screenshot(tp.page, 'login-narrow');
        await tp.page.setViewportSize({ width: 1280, height: 800 });
      }
      await loginAndWait(tp, 'learner@leda.test', '/app/home');
      await tp.page.getByText('Leadership Team').first().waitFor();
      await tp.page.getByText('Sales Team').first().waitFor();
      await screenshot(tp.page, `app-home-js-${js}`);
      if (process.env.E2E_SCREENSHOTS && javaScript) {
        const narrow = await newPage({ javaScript, viewport: { width: 375, height: 740 } });
        await loginAndWait(narrow, 'learner@leda.test', '/app/home');
        await screenshot(narrow.page, 'app-home-narrow');
      }
    });

    it('refuses a wrong password and an unknown email with the same message', async () => {
      const tp = await newPage({ javaScript });
      await login(tp, 'trial@leda.test', 'not-the-password-1');
      await tp.page.getByText('Incorrect email or password.').waitFor();
      expect(new URL(tp.page.url()).pathname).toBe('/auth/login');
      await open(tp, '/auth/login');
      expect(await tp.page.getByText('Incorrect email or password.').count()).toBe(0);
      await login(tp, 'nobody-here@leda.test', 'whatever-password-1');
      await tp.page.getByText('Incorrect email or password.').waitFor();
      expect(new URL(tp.page.url()).pathname).toBe('/auth/login');
    });

    it('explains a malformed email next to the field', async () => {
      const tp = await newPage({ javaScript });
      await login(tp, 'not-an-email', 'whatever-password-1');
      await tp.page.getByText('Enter a valid email address').waitFor();
      expect(await tp.page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(tp.page.url()).pathname).toBe('/auth/login');
    });

    it('sends an account whose licence expired to /license-expired', async () => {
      const tp = await newPage({ javaScript });
      await loginAndWait(tp, 'expired@leda.test', '/license-expired');
      await tp.page.getByRole('heading', { name: /licen[cs]e has expired/i }).waitFor();
      // the app stays closed to them
      await open(tp, '/app/team');
      expect(pathOf(tp.page)).not.toMatch(/^\/app/);
    });

    it('continues to the page asked for (thenTo) after logging in', async () => {
      const tp = await newPage({ javaScript });
      await tp.page.goto('/app/explore');
      await waitForPath(tp.page, /^\/auth\/login\?thenTo=%2Fapp%2Fexplore$/);
      await loginAndWait(tp, 'orgadmin@leda.test', '/app/explore');
    });

    it('logs out to the home page, ends the session, and the app then asks to log in', async () => {
      const tp = await newPage({ javaScript });
      await loginAndWait(tp, 'teamadmin@leda.test', '/app/home');
      if (javaScript) await tp.page.waitForLoadState('load');
      const sessionCookies = await tp.context.cookies();
      expect(sessionCookies.length).toBeGreaterThan(0);
      await logOut(tp.page);
      await waitForPath(tp.page, '/');
      await tp.page.goto('/app');
      await waitForPath(tp.page, /^\/auth\/login\?thenTo=%2Fapp(%2Fteam)?$/);
      // the old session cookie no longer opens the app: the session ended on the server
      await tp.context.addCookies(sessionCookies);
      await tp.page.goto('/app/team');
      await waitForPath(tp.page, /^\/auth\/login\?thenTo=%2Fapp%2Fteam$/);
    });

    it('resets a password through the emailed link, which then works only once', async () => {
      const email = javaScript ? 'trial@leda.test' : 'orgadmin@leda.test';
      const newPassword = `fresh-password-${js}-2026`;
      const tp = await newPage({ javaScript });
      const link = await resetPasswordThroughEmail(tp, email, newPassword, '/app/home');

      const again = await newPage({ javaScript });
      await open(again, new URL(link).pathname);
      await again.page.getByText(LINK_EXPIRED).waitFor();
      expect(await again.page.getByLabel('New password').count()).toBe(0);
      // the new password signs in; the old one no longer does
      await login(again, email, DEMO_PASSWORD);
      await again.page.getByText('Incorrect email or password.').waitFor();
      await loginAndWait(again, email, '/app/home', newPassword);

      // put the demo password back for the other scenarios (same flow, different link)
      const restore = await newPage({ javaScript: false });
      await resetPasswordThroughEmail(restore, email, DEMO_PASSWORD, '/app/home');
    });

    it('lands each demo account on its home; only the product admin opens /admin', async () => {
      for (const demo of DEMO_HOMES) {
        const { email, home } = demo;
        const tp = await newPage({ javaScript });
        await loginAndWait(tp, email, home);
        if (home.startsWith('/app')) await expectNavigation(tp.page, demo);
        if (email === 'admin@leda.test') {
          await open(tp, '/admin');
          await waitForPath(tp.page, '/admin');
          await tp.page.getByText('Leda Admin').first().waitFor();
        }
        if (email === 'learner@leda.test') {
          await tp.page.goto('/admin');
          await waitForPath(tp.page, '/');
        }
        await tp.context.close();
      }
    });
  });
}
