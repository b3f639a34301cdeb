import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { browserForThisFile, loginAndWait, open, type TestPage } from './support';
import { TINY_PNG } from '../support/images';

/**
 * The team feed in a real browser, JavaScript on and off: the demo team admin schedules a post with
 * two images and a PDF ('Post scheduled'), finds it on the team's Posts page, and posts it now from
 * its page (the files kept); the demo learner likes it and comments on it; the author's bell count
 * and the page title's '(N)' follow.
 */
const { newPage } = browserForThisFile();
const TEAM_ADMIN = 'teamadmin@leda.test';
const LEARNER = 'learner@leda.test';

// A real image: uploads are decoded and re-encoded (decision 243).
const PNG = Buffer.from(TINY_PNG);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function signedIn(email: string, javaScript: boolean) {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, email, /^\/app/);
  return tp;
}

async function leadershipTeam(tp: TestPage) {
  await open(tp, '/app/team');
  const href = await tp.page.locator('a.team-card', { hasText: 'Leadership Team' }).getAttribute('href');
  await open(tp, href!);
  return href!;
}

const bell = (page: Page) => page.locator('a.app-counter[href="/app/notifications"] .app-counter-badge');

async function settled(tp: TestPage) {
  await tp.page.waitForLoadState('load');
  if (tp.javaScript) {
    await tp.page.waitForFunction(() => {
      const r = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
      return r !== undefined && r.state.navigation.state === 'idle' && r.state.revalidation === 'idle';
    });
    // The post editor's code comes after the page's (decision 351): it is ready when its toolbar shows.
    await tp.page.waitForFunction(() => [...document.querySelectorAll('.post-editor-slot')].every((s) => s.querySelector('.post-editor-toolbar')));
  }
}

describe('team feed', () => {
  for (const javaScript of [false, true]) {
    const mode = javaScript ? 'JS on' : 'JS off';
    it(`${mode}: schedule a post with two images and a PDF, post it now, like, comment, notifications`, async () => {
      const admin = await signedIn(TEAM_ADMIN, javaScript);
      const teamPath = await leadershipTeam(admin);
      const before = Number(await bell(admin.page).innerText());

      // A scheduled post with two images and a PDF: 'Post scheduled' with the date, not in the feed.
      const tomorrow = new Date(Date.now() + 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:00`;
      await admin.page.locator('#post-text').fill(`Team update ${mode} with **news**`);
      await admin.page.locator('#post-schedule').fill(local);
      await admin.page.locator('#post-files').setInputFiles([
        { name: 'one.png', mimeType: 'image/png', buffer: PNG },
        { name: 'two.png', mimeType: 'image/png', buffer: PNG },
        { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
      ]);
      const postButton = admin.page.getByRole('button', { name: 'Post', exact: true });
      // With JavaScript, Post is disabled while the form and its files are on their way (held 1 s here).
      const hold = async (route: Route) => {
        if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1000));
        await route.continue();
      };
      if (javaScript) await admin.page.route((url) => url.pathname.startsWith('/app/team/'), hold);
      await postButton.click();
      if (javaScript) {
        await expect.poll(() => postButton.isDisabled(), { timeout: 900 }).toBe(true);
        await admin.page.unroute((url) => url.pathname.startsWith('/app/team/'), hold);
      }
      await admin.page.getByText('Post scheduled for').waitFor();
      await settled(admin);
      expect(await admin.page.locator('article.post-card', { hasText: `Team update ${mode}` }).count()).toBe(0);

      // On the team's Posts page it is Scheduled; its page shows the two images and the PDF, and the
      // editor lists the three attachments, each with Remove, and keeps the scheduled time.
      await open(admin, `${teamPath}/posts`);
      const row = admin.page.locator('tr', { hasText: `Team update ${mode}` });
      expect(await row.innerText()).toContain('Scheduled');
      await row.getByRole('link', { name: /^Edit post/ }).click();
      await admin.page.waitForURL(/\/app\/post\/\d+$/);
      await settled(admin);
      const scheduledCard = admin.page.locator('article.post-card', { hasText: `Team update ${mode}` });
      await scheduledCard.getByText('Scheduled for').waitFor();
      // The post's own page shows its photos in the carousel (decision 282).
      expect(await scheduledCard.locator('.photo-carousel img').count()).toBe(2);
      expect(await scheduledCard.getByRole('link', { name: 'plan.pdf' }).count()).toBe(1);
      const attachments = admin.page.locator('fieldset.post-editor-files');
      expect(await attachments.getByRole('checkbox', { name: /^Remove / }).count()).toBe(3);
      expect(await admin.page.locator('#post-schedule').inputValue()).not.toBe('');

      // Posting it now (the schedule emptied) keeps its files; it is in the feed.
      await admin.page.locator('#post-schedule').fill('');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      // Saved: the status says so (and takes focus); the card no longer says Scheduled.
      await admin.page.getByText('Your changes to the post are saved.').waitFor();
      await expect.poll(() => admin.page.locator('article.post-card', { hasText: `Team update ${mode}` }).getByText('Scheduled for').count()).toBe(0);
      await open(admin, teamPath);
      const card = admin.page.locator('article.post-card', { hasText: `Team update ${mode}` });
      await card.waitFor();
      expect(await card.locator('.post-collage img').count()).toBe(2);
      expect(await card.getByRole('link', { name: 'plan.pdf' }).count()).toBe(1);
      expect(await card.locator('strong', { hasText: 'news' }).count()).toBe(1);

      // The learner likes it and comments on it.
      const learner = await signedIn(LEARNER, javaScript);
      await open(learner, teamPath);
      const theirCard = learner.page.locator('article.post-card', { hasText: `Team update ${mode}` });
      await theirCard.getByRole('button', { name: 'Like', exact: true }).click();
      await theirCard.getByRole('button', { name: 'Unlike' }).waitFor();
      await settled(learner);
      await theirCard.getByText('1 like').waitFor();
      await theirCard.getByRole('link', { name: /comments?$/ }).click();
      await learner.page.waitForURL(/\/app\/post\/\d+$/);
      await settled(learner);
      await learner.page.getByLabel('Write a comment').fill(`Great ${mode}!`);
      await learner.page.getByRole('button', { name: 'Comment' }).click();
      await learner.page.getByText(`Great ${mode}!`).waitFor();

      // The author: two more unseen notifications (a like and a comment), in the bell and the title.
      await open(admin, teamPath);
      const after = Number(await bell(admin.page).innerText());
      expect(after).toBe(before + 2);
      expect(await admin.page.title()).toMatch(new RegExp(`^\\(${after}\\)`));
      await open(admin, '/app/notifications');
      await admin.page.getByText('Lee Learner liked your post').first().waitFor();
      await admin.page.getByText('Lee Learner commented on your post').first().waitFor();
    });
  }

  it('narrow screens: without JS the bell is the notifications page; with JS a modal dialog (focus kept inside, Escape closes)', async () => {
    const viewport = { width: 420, height: 800 };
    const plain = await newPage({ javaScript: false, viewport });
    await loginAndWait(plain, LEARNER, /^\/app/);
    await plain.page.locator('a.app-counter[href="/app/notifications"]').click();
    await plain.page.waitForURL(/\/app\/notifications$/);

    const tp = await newPage({ javaScript: true, viewport });
    await loginAndWait(tp, LEARNER, /^\/app/);
    await settled(tp);
    const where = tp.page.url();
    await tp.page.locator('a.app-counter[href="/app/notifications"]').click();
    const dialog = tp.page.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    expect(tp.page.url()).toBe(where);
    expect(await tp.page.locator('dialog.notification-modal').evaluate((d) => (d as HTMLDialogElement).open && d.matches(':modal'))).toBe(true);
    const focusInside = () => tp.page.evaluate(() => document.querySelector('dialog.notification-modal')?.contains(document.activeElement) ?? false);
    expect(await focusInside()).toBe(true);
    const focused = () => tp.page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('Close');
    // From the first control Shift+Tab wraps to the last, and Tab from there back to the first.
    await tp.page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('See all notifications');
    await tp.page.keyboard.press('Tab');
    expect(await focused()).toBe('Close');
    expect(await focusInside()).toBe(true);
    await tp.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(tp.page.url()).toBe(where);
  });

  for (const javaScript of [false, true]) {
    const mode = javaScript ? 'JS on' : 'JS off';
    it(`${mode}: a past schedule time is refused; deleting a comment asks first and can be undone; relative dates; the photo carousel`, async () => {
      const admin = await signedIn(TEAM_ADMIN, javaScript);
      const teamPath = await leadershipTeam(admin);
      await settled(admin);
      // The toolbar is there with JavaScript only; the hint always.
      expect(await admin.page.getByRole('toolbar', { name: 'Formatting' }).count()).toBe(javaScript ? 1 : 0);
      await admin.page.getByText('Formatting: **bold**').waitFor();
      const text = `Undo check ${mode}`;
      await admin.page.locator('#post-text').fill(text);
      if (javaScript) {
        // Bold around a new selection at the end.
        await admin.page.locator('#post-text').evaluate((el) => (el as HTMLTextAreaElement).setSelectionRange(0, 0));
        await admin.page.getByRole('button', { name: 'Bold' }).click();
        expect(await admin.page.locator('#post-text').inputValue()).toBe(`**bold text**${text}`);
        await admin.page.locator('#post-text').fill(text);
      }
      await admin.page.locator('#post-schedule').fill('2020-01-01T09:00');
      await admin.page.locator('#post-files').setInputFiles([
        { name: 'one.png', mimeType: 'image/png', buffer: PNG },
        { name: 'two.png', mimeType: 'image/png', buffer: PNG },
      ]);
      if (javaScript) {
        // Previews before posting; the past time is said at once and Post waits for a good time.
        expect(await admin.page.locator('.post-editor-previews img').count()).toBe(2);
        await admin.page.getByText('The schedule time is in the past. Choose a time from now on.').waitFor();
        expect(await admin.page.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(true);
      } else {
        await admin.page.getByRole('button', { name: 'Post', exact: true }).click();
        await admin.page.getByText('The schedule time is in the past. Choose a time from now on.').waitFor();
        await admin.page.locator('#post-text').fill(text);
        await admin.page.locator('#post-files').setInputFiles([
          { name: 'one.png', mimeType: 'image/png', buffer: PNG },
          { name: 'two.png', mimeType: 'image/png', buffer: PNG },
        ]);
      }
      await admin.page.locator('#post-schedule').fill('');
      await admin.page.getByRole('button', { name: 'Post', exact: true }).click();
      const status = admin.page.getByText('Your post is posted.');
      await status.waitFor();
      await settled(admin);
      if (javaScript) expect(await admin.page.evaluate(() => document.activeElement?.textContent)).toBe('Your post is posted.');
      const card = admin.page.locator('article.post-card', { hasText: text });
      expect(await card.locator('.post-time time').innerText()).toMatch(/^(just now|\d+ minutes? ago)$/);

      // The learner comments, deletes (asked first), and undoes.
      const learner = await signedIn(LEARNER, javaScript);
      await open(learner, teamPath);
      await learner.page.locator('article.post-card', { hasText: text }).getByRole('link', { name: /comments?$/ }).click();
      await learner.page.waitForURL(/\/app\/post\/\d+$/);
      await settled(learner);
      // The carousel: both photos; with JS "1 of 2" and Next.
      expect(await learner.page.locator('.photo-carousel img').count()).toBe(2);
      if (javaScript) {
        await learner.page.getByText('1 of 2').waitFor();
        await learner.page.getByRole('button', { name: 'Next photo' }).click();
        await learner.page.getByText('2 of 2').waitFor();
      }
      await learner.page.getByLabel('Write a comment').fill(`Oops ${mode}`);
      await learner.page.getByRole('button', { name: 'Comment' }).click();
      await learner.page.getByText(`Oops ${mode}`).waitFor();
      await settled(learner);
      await learner.page.getByRole('link', { name: 'Delete comment' }).click();
      await learner.page.getByText('Delete this comment? You can undo it for 10 minutes.').waitFor();
      await settled(learner);
      if (javaScript) expect(await learner.page.evaluate(() => document.activeElement?.className)).toBe('comment-confirm');
      await learner.page.locator('.comment-confirm').getByRole('button', { name: 'Delete' }).click();
      await learner.page.getByText('Comment deleted.').waitFor();
      await settled(learner);
      expect(await learner.page.getByText(`Oops ${mode}`).count()).toBe(0);
      if (javaScript) expect(await learner.page.evaluate(() => document.activeElement?.id)).toBe('deleted-comment');
      // The author's notification went with the comment.
      await open(admin, '/app/notifications');
      expect(await admin.page.locator('li', { hasText: `Oops ${mode}` }).count()).toBe(0);
      await learner.page.getByRole('button', { name: 'Undo' }).click();
      await learner.page.getByText(`Oops ${mode}`).waitFor();
      await open(admin, '/app/notifications');
      await admin.page.getByText(`Oops ${mode}`).first().waitFor();
    });
  }
});
