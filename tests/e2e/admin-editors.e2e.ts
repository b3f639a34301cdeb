import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForThisFile, loginAndWait, open, waitForHydration, waitForPath, type TestPage } from './support';

/**
 * The admin editors in a real browser as the demo product admin, JavaScript on and off (axe checks
 * every screen): build an activity with the editor's buttons and see it in the preview, Test it into
 * My Activities, edit it and see that only a NEW copy changes; create an article with the content
 * editor and find it on /articles with the admin's Edit button.
 */
const { newPage } = browserForThisFile();
const ADMIN = 'admin@leda.test';

async function signedIn(javaScript: boolean) {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, ADMIN, /^\/(app|admin)/);
  return tp;
}

/** Waits until Remix is idle (JavaScript on) or the page has loaded (off). */
async function settle(tp: TestPage) {
  if (!tp.javaScript) return tp.page.waitForLoadState('load');
  await tp.page.waitForFunction(() => {
    const r = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
    return r !== undefined && r.state.navigation.state === 'idle' && r.state.revalidation === 'idle';
  });
}

/** Clicks a button; without JavaScript that posts the form and the next page loads. */
async function press(tp: TestPage, name: string) {
  const button = tp.page.getByRole('button', { name, exact: true });
  if (tp.javaScript) return button.click();
  await Promise.all([tp.page.waitForNavigation(), button.click()]);
}

const taskHeadingsInMyActivities = (page: Page) => page.locator('.my-activities').innerText();

for (const javaScript of [true, false]) {
  const mode = javaScript ? 'JS on' : 'JS off';
  describe(`admin editors, ${mode}`, () => {
    it('builds an activity, tests it in My Activities, and an edit changes only a new copy', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      const name = `Listening walk (${mode})`;
      await open(tp, '/admin/activity-editor');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Create activity' }).isVisible()).toBe(true);
      const form = page.getByRole('form', { name: 'Activity' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Task 1 name').fill('Notice');
      await form.getByLabel('Global (in Explore for every learner)').check();
      await press(tp, 'Add field to task 1');
      await form.getByLabel('Label', { exact: true }).fill('What did you notice?');
      await form.getByLabel('Field type').selectOption({ label: 'Radio buttons' });
      if (!javaScript) await press(tp, 'Update preview');
      await press(tp, 'Add option to field 1 of task 1');
      await form.getByLabel('Option 1', { exact: true }).fill('Sounds');
      await press(tp, 'Add task');
      await form.getByLabel('Task 2 name').fill('Reflect');
      if (!javaScript) await press(tp, 'Update preview');
      const preview = page.getByRole('complementary', { name: 'Preview' });
      await expect.poll(() => preview.innerText()).toMatch(/1\. Notice[\s\S]*What did you notice\?[\s\S]*Sounds[\s\S]*2\. Reflect/);
      await expect.poll(() => preview.getByRole('radio', { name: 'Sounds' }).count()).toBe(1);
      // Move the second task up and back: the buttons reorder the draft.
      await press(tp, 'Move task up (task 2)');
      await expect.poll(() => form.getByLabel('Task 1 name').inputValue()).toBe('Reflect');
      await press(tp, 'Move task down (task 1)');
      await expect.poll(() => form.getByLabel('Task 1 name').inputValue()).toBe('Notice');

      await page.getByRole('button', { name: 'Save activity' }).click();
      await waitForPath(page, /^\/admin\/activity-editor\/\d+\?saved=1$/);
      await settle(tp);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Activity saved.' }).isVisible()).toBe(true);
      const editorPath = new URL(page.url()).pathname;

      // Test: the activity joins the admin's own My Activities, as it is now.
      await open(tp, `/admin/activity-list?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Test ${name} in My Activities` }).click();
      await waitForPath(page, /^\/app\/activities\?myActivityId=\d+$/);
      await settle(tp);
      const firstCopy = new URL(page.url()).search;
      await expect.poll(() => taskHeadingsInMyActivities(page)).toContain('Notice');

      // Edit the first task's name and save.
      await open(tp, editorPath);
      await page.getByRole('form', { name: 'Activity' }).getByLabel('Task 1 name').fill('Notice more');
      await page.getByRole('button', { name: 'Save activity' }).click();
      await waitForPath(page, /^\/admin\/activity-editor\/\d+\?saved=1$/);
      await settle(tp);

      // The copy made before keeps its task; a new copy has the edited one.
      await open(tp, `/app/activities${firstCopy}`);
      await expect.poll(() => taskHeadingsInMyActivities(page)).toContain('Notice');
      expect(await taskHeadingsInMyActivities(page)).not.toContain('Notice more');
      await open(tp, `/admin/activity-list?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Test ${name} in My Activities` }).click();
      await waitForPath(page, /^\/app\/activities\?myActivityId=\d+$/);
      await settle(tp);
      expect(new URL(page.url()).search).not.toBe(firstCopy);
      await expect.poll(() => taskHeadingsInMyActivities(page)).toContain('Notice more');
    });

    it('creates an article with the content editor and finds it on /articles', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      const urlId = javaScript ? 'editor-article-js-on' : 'editor-article-js-off';
      const title = `Listening in meetings (${mode})`;
      await open(tp, '/admin/content-editor');
      await page.getByLabel('URL ID').fill('Not Valid');
      await page.getByLabel('Name', { exact: true }).fill(title);
      await page.getByLabel('Overview').fill('Three habits that make people feel heard.');
      if (javaScript) {
        const editor = page.getByRole('textbox', { name: 'Content', exact: true });
        await editor.click();
        await page.keyboard.type('Pause before you answer.');
      } else {
        await page.getByLabel('Content', { exact: true }).fill('<p>Pause before you answer.</p><script>alert(1)</script>');
      }
      await page.getByLabel('Public (shown on /articles)').check();
      await page.getByRole('button', { name: 'Save content' }).click();
      await settle(tp);
      await expect.poll(() => page.getByText('URL ID can only container lowercase letters and hyphens (looks-like-this)').isVisible()).toBe(true);
      await page.getByLabel('URL ID').fill(urlId);
      await page.getByRole('button', { name: 'Save content' }).click();
      await waitForPath(page, `/admin/content-editor/${urlId}?saved=1`);
      await settle(tp);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Content saved.' }).isVisible()).toBe(true);

      await open(tp, '/articles');
      await expect.poll(() => page.getByRole('link', { name: new RegExp(title.replace(/[()]/g, '.')) }).first().isVisible()).toBe(true);
      await open(tp, `/articles/${urlId}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
      expect(await page.locator('.article-body').innerText()).toContain('Pause before you answer.');
      expect(await page.locator('.article-body script').count()).toBe(0);
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await waitForPath(page, `/admin/content-editor/${urlId}`);
      if (javaScript) await waitForHydration(page);
      expect(await page.getByLabel('URL ID').getAttribute('readonly')).not.toBeNull();
    });
  });
}
