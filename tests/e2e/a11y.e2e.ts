import { describe, expect, it } from 'vitest';
import { browserForThisFile, loginAndWait, open, waitForPath, type TestPage } from './support';

/**
 * Issue 9 in a real browser: keyboard use of the app shell (side navigation, profile menu), the way
 * into /admin for a product admin, team cards, the story chapter tiles at 390 px with a poster and
 * captions on the player, titles and descriptions. Every screen here is also scanned by axe-core
 * (support.ts), JavaScript on and off.
 */
const { newPage } = browserForThisFile();

const NARROW = { width: 390, height: 844 };

async function signedIn(javaScript: boolean, email: string, viewport?: { width: number; height: number }) {
  const tp = await newPage({ javaScript, viewport });
  await loginAndWait(tp, email, /^\/app/);
  return tp;
}

const description = (tp: TestPage) => tp.page.locator('meta[name="description"]').getAttribute('content');

for (const javaScript of [true, false]) {
  const js = javaScript ? 'on' : 'off';

  describe(`accessibility and visible defects with JavaScript ${js}`, () => {
    it('the side navigation and the profile menu work from the keyboard', async () => {
      const tp = await signedIn(javaScript, 'learner@leda.test', NARROW);
      const { page } = tp;
      await open(tp, '/app/team');
      const nav = page.getByRole('navigation', { name: 'App' });
      const toggle = page.locator('#app-nav-toggle');
      expect(await nav.isVisible()).toBe(false);
      await toggle.focus();
      if (javaScript) {
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await page.keyboard.press('Enter');
        await expect.poll(() => nav.isVisible()).toBe(true);
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Space');
        await expect.poll(() => nav.isVisible()).toBe(false);
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      } else {
        await page.keyboard.press('Space');
        await expect.poll(() => nav.isVisible()).toBe(true);
        await page.keyboard.press('Space');
      }

      // The profile menu: a summary named by its visible text; Escape closes it (with JavaScript).
      const summary = page.locator('details.profile-menu > summary');
      await summary.focus();
      await page.keyboard.press('Enter');
      const settings = page.locator('.profile-menu-list').getByRole('link', { name: 'Settings' });
      await settings.waitFor({ state: 'visible' });
      expect(await page.locator('.profile-menu-list').getByRole('link', { name: 'Admin console' }).count()).toBe(0);
      if (javaScript) {
        await page.keyboard.press('Escape');
        await settings.waitFor({ state: 'hidden' });
        expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      // The counters' names start with their visible text.
      expect(await page.getByRole('link', { name: /^My Activities \d+/ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: /^Notifications \d+/ }).count()).toBe(1);
      expect(await description(tp)).toMatch(/Leda/);
    });

    it('the design dialog keeps the focus inside and gives it back to its trigger (decision 334)', async () => {
      const tp = await signedIn(javaScript, 'admin@leda.test');
      const { page } = tp;
      await open(tp, '/admin/design');
      const trigger = page.getByRole('link', { name: 'Open the dialog' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
      await dialog.waitFor();
      if (!javaScript) {
        // Without JavaScript the dialog is a section of its own address; Close leads back.
        expect(new URL(page.url()).searchParams.get('dialog')).toBe('open');
        await dialog.getByRole('link', { name: 'Close Delete this post?' }).click();
        await waitForPath(page, '/admin/design');
        return;
      }
      const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog')?.id ?? null);
      expect(await inDialog()).toBe('design-dialog');
      // Tab and Shift+Tab cycle among the dialog's controls.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await inDialog()).toBe('design-dialog');
      }
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe('design-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it('a product admin reaches /admin from the Help page and from the profile menu', async () => {
      const tp = await signedIn(javaScript, 'admin@leda.test');
      const { page } = tp;
      await open(tp, '/app/help');
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      expect(await page.locator('summary', { hasText: 'Journeys' }).count()).toBe(1);
      await page.getByRole('link', { name: 'Contact us' }).first().waitFor();
      await page.getByRole('link', { name: 'Admin', exact: true }).click();
      await waitForPath(page, '/admin');
      await open(tp, '/app/help');
      await page.locator('details.profile-menu > summary').click();
      await page.getByRole('link', { name: 'Admin console' }).click();
      await waitForPath(page, '/admin');
    });

    it("team cards show the description, member count and journey; an unknown team opens the user's first team", async () => {
      const tp = await signedIn(javaScript, 'learner@leda.test');
      const { page } = tp;
      await open(tp, '/app/team');
      const sales = page.locator('.team-card', { hasText: 'Sales Team' });
      await sales.getByText('Our customer-facing sales team.').waitFor();
      expect(await sales.getByText(/^\d+ members?$/).count()).toBe(1);
      // The demo schedule has a current journey for the Sales Team (past, current and future entries).
      expect(await sales.getByText(/^Current journey: \S/).count()).toBe(1);
      await page.goto('/app/team/999');
      await waitForPath(page, /^\/app\/team\/\d+$/);
      await page.getByRole('heading', { level: 1, name: 'Leadership Team' }).waitFor();
    });

    it('story chapter tiles do not spill at 390 px; the player has a poster and English captions', async () => {
      const tp = await signedIn(javaScript, 'learner@leda.test', NARROW);
      const { page } = tp;
      await open(tp, '/app/explore/story/crossed-wires/chapter/a-small-comment');
      const tiles = page.locator('.chapter-slide');
      await tiles.first().waitFor();
      const spills = await tiles.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent));
      expect(spills).toEqual([]);
      const video = page.locator('.video-player video');
      expect(await video.getAttribute('poster')).toMatch(/^\/videos\/\d+\/poster\.svg$/);
      const track = video.locator('track[kind="captions"]');
      expect(await track.getAttribute('srclang')).toBe('en');
      const poster = await page.request.get((await video.getAttribute('poster'))!);
      expect(poster.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      const vtt = await page.request.get((await track.getAttribute('src'))!);
      expect(await vtt.text()).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> /);
      if (javaScript) {
        // The caption under the player says what the player will show.
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1)).toBe(true);
        const shown = await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration));
        const label = await page.locator('.video-actions p').innerText();
        expect(label).toContain(`0:${String(shown).padStart(2, '0')}`);
      }
    });

    it('headings never skip a level on the public pages', async () => {
      const tp = await newPage({ javaScript });
      for (const path of ['/how', '/courses', '/', '/platform', '/pricing', '/articles', '/contact']) {
        await tp.page.goto(path);
        const levels = await tp.page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
        const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} -> h${level}`] : []));
        expect(skips, path).toEqual([]);
        expect(levels[0], path).toBe(1);
      }
    });

    it('a missing article has a title; sign-in pages have a description', async () => {
      const tp = await newPage({ javaScript });
      const res = await tp.page.goto('/articles/no-such-article');
      expect(res?.status()).toBe(404);
      expect(await tp.page.title()).toBe('Page not found | Leda');
      await open(tp, '/auth/login');
      expect(await description(tp)).toMatch(/Sign in to Leda/);
    });
  });
}
