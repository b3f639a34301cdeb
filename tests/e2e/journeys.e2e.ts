import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { browserForThisFile, loginAndWait, open, waitForPath, type TestPage } from './support';

/**
 * Journeys in a real browser as the demo learner, JavaScript on and off: start a journey, mark the
 * reading read and the video watched, play the step's survey and game in the Explore players and come
 * back to the step (decision 174), add each step's activity and complete
 * it in My Activities, see the steps 'Finished' and 'Congratulations!', download the summary PDF
 * (it parses and holds the learner's name). The team journeys page shows the timeline.
 */
const { newPage } = browserForThisFile();
const LEARNER = 'learner@leda.test';

async function settle(tp: TestPage) {
  if (!tp.javaScript) return tp.page.waitForLoadState('load');
  await tp.page.waitForFunction(() => {
    const r = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
    return r !== undefined && r.state.navigation.state === 'idle' && r.state.revalidation === 'idle';
  });
}

/**
 * Completes every task of the activity open in My Activities (answers left empty: 'No response provided.').
 * It ends on Completed Activities, or for a journey's last activity on the journey's end (decision 270).
 */
const DONE_PATH = /^\/app\/(activities\/completed-activities|journey\/[a-z0-9-]+\/step\/end)(\?|$)/;
async function completeOpenActivity(tp: TestPage) {
  const { page } = tp;
  for (let i = 0; i < 10; i++) {
    if (DONE_PATH.test(new URL(page.url()).pathname)) break;
    const form = page.locator('form.task-form').first();
    await form.waitFor();
    const taskId = await form.locator('input[name=myActivityTaskId]').inputValue();
    await form.getByRole('button', { name: 'Complete' }).click();
    await page.waitForFunction(
      (id) => !document.querySelector(`form.task-form input[name=myActivityTaskId][value="${id}"]`) || /completed-activities$|\/step\/end$/.test(location.pathname),
      taskId,
    );
    await settle(tp);
  }
  await waitForPath(page, DONE_PATH);
}

/**
 * Plays a step's survey or game in the Explore player it links to (a modal over the list with
 * JavaScript, the whole page without), to its results, then 'Back to the journey step' returns to the
 * step, where the item shows 'Completed'.
 */
async function playFromStep(tp: TestPage, href: string, stepPath: string) {
  const { page } = tp;
  await page.locator(`a[href="${href}"]`).click();
  await waitForPath(page, href);
  await settle(tp);
  const dialog = page.locator('dialog.player-dialog');
  await dialog.waitFor();
  const results = dialog.getByRole('heading', { name: 'Your results' });
  const startScreen = dialog.locator('.game-start, .survey-start');
  await startScreen.or(dialog.locator('[data-stage-id], [data-question-id]')).or(results).first().waitFor();
  if (await startScreen.isVisible()) {
    // (With JavaScript a game's Start reads 'Loading…' until its images have loaded; the click waits.)
    await startScreen.getByRole('button', { name: /^Start( survey)?$/ }).click();
    await startScreen.waitFor({ state: 'detached' });
    await settle(tp);
  }
  const tried = new Set<string>();
  for (let step = 0; step < 200; step++) {
    const marker = dialog.locator('[data-stage-id], [data-question-id]');
    await marker.or(results).first().waitFor();
    if (await results.isVisible()) break;
    const stageId = await marker.getAttribute('data-stage-id');
    const questionId = await marker.getAttribute('data-question-id');
    const current = dialog.locator(stageId ? `[data-stage-id="${stageId}"]` : `[data-question-id="${questionId}"]`);
    const choices = dialog.locator('.choice-button');
    if (questionId) await dialog.locator('.option-button').last().click();
    else if ((await choices.count()) > 0) {
      // Each choice of a stage in turn: a bad one leads to 'Try again' and back here.
      const texts = await choices.allInnerTexts();
      const index = Math.max(0, texts.findIndex((t) => !tried.has(`${stageId}:${t}`)));
      tried.add(`${stageId}:${texts[index]}`);
      await choices.nth(index).click();
    } else await dialog.getByRole('button', { name: /^(Continue|Try again|View results)$/ }).click();
    await current.waitFor({ state: 'detached' });
    await settle(tp);
  }
  await results.waitFor();
  expect(await dialog.getByRole('link', { name: 'Finish' }).count()).toBe(0);
  await dialog.getByRole('link', { name: 'Back to the journey step' }).click();
  await waitForPath(page, stepPath);
  await settle(tp);
  await expect.poll(() => page.locator('.journey-item', { has: page.locator(`a[href="${href}"]`) }).getByText('Completed').isVisible()).toBe(true);
}

async function journey(javaScript: boolean, urlId: string, name: string) {
  const tp = await newPage({ javaScript });
  const { page } = tp;
  await loginAndWait(tp, LEARNER, /^\/app/);
  await open(tp, `/app/journey/${urlId}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Start' }).click();
  await waitForPath(page, new RegExp(`^/app/journey/${urlId}/step/`));
  await settle(tp);
  const stepLinks = page.getByRole('navigation', { name: 'Journey steps' }).getByRole('link');
  const hrefs = (await stepLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))).slice(0, -1);
  const steps = hrefs.length;
  expect(steps).toBeGreaterThanOrEqual(4);
  await expect.poll(() => page.getByText('Ready to start').first().isVisible()).toBe(true);

  let played = 0;
  for (let n = 1; n <= steps; n++) {
    await open(tp, hrefs[n - 1]!);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: new RegExp(`^STEP ${n}:`) }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Step navigation (top)' }).getByRole('link', { name: n < steps ? `Next: STEP ${n + 1}` : 'Next: Journey end' }).count()).toBe(1);
    const read = page.getByRole('button', { name: 'Mark as read' });
    if (await read.count()) {
      await read.first().click();
      await settle(tp);
      await expect.poll(() => page.locator('.badge.done', { hasText: 'Read' }).first().isVisible()).toBe(true);
    }
    const watched = page.getByRole('button', { name: 'Mark as watched' });
    if (await watched.count()) {
      await watched.first().click();
      await settle(tp);
      await expect.poll(() => page.locator('.badge.done', { hasText: 'Watched' }).first().isVisible()).toBe(true);
    }
    const stepPath = new URL(page.url()).pathname;
    const players = page.locator('a[href^="/app/explore/assessments/"], a[href^="/app/explore/games/"]');
    for (let i = 0, count = await players.count(); i < count; i++) {
      const href = (await players.nth(i).getAttribute('href'))!;
      const target = new URL(href, 'http://leda.invalid');
      expect(target.pathname).toMatch(/^\/app\/explore\/(assessments|games)\/[a-z0-9-]+$/);
      expect(target.searchParams.get('returnTo')).toBe(stepPath);
      await playFromStep(tp, href, stepPath);
      played++;
    }
    await page.getByRole('button', { name: 'Add to My Activities' }).first().click();
    await waitForPath(page, /^\/app\/activities\?myActivityId=\d+$/);
    await settle(tp);
    await completeOpenActivity(tp);
  }
  expect(played).toBe(2); // each demo journey here has one game step and one survey step
  // The last activity ends on the journey's end with its "journey complete" moment (decision 270).
  await waitForPath(page, /^\/app\/journey\/[a-z0-9-]+\/step\/end\?completed=1$/);
  await expect.poll(() => page.locator('.journey-complete').isVisible()).toBe(true);
  expect(await page.locator('.journey-complete').innerText()).toContain('Journey complete!');
  expect(await page.getByText(`Over ${steps} steps you worked through:`).count()).toBe(1);
  await open(tp, `/app/journey/${urlId}`);
  await waitForPath(page, `/app/journey/${urlId}/step/end`);
  await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Congratulations!' }).isVisible()).toBe(true);
  expect(await page.getByText('Finished', { exact: true }).count()).toBe(steps);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download your summary (PDF)' }).click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe(`${name}: summary for Lee Learner`);
  return tp;
}

describe('journeys', () => {
  it('JavaScript on: start, work through every step type, complete, Congratulations!, download the PDF', async () => {
    await journey(true, 'giving-feedback-that-lands', 'Giving feedback that lands');
  }, 240_000);

  it('JavaScript off: the same with plain forms; the team journeys page shows the timeline and filters', async () => {
    const tp = await journey(false, 'leading-through-change', 'Leading through change');
    const { page } = tp;
    await open(tp, '/app/team');
    const sales = page.getByRole('link', { name: 'Sales Team' }).first();
    const href = await sales.getAttribute('href');
    await open(tp, `${href}/journeys`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Journeys' }).isVisible()).toBe(true);
    expect(await page.getByText('Quarter-end break').count()).toBe(1);
    await page.getByRole('link', { name: 'Completed Journeys' }).click();
    await waitForPath(page, /filter=completed$/);
    expect(await page.getByRole('heading', { level: 3, name: 'Leading through change' }).count()).toBe(1);
    // A completed journey says Review, not Continue (decision 270).
    expect(await page.getByRole('link', { name: 'Review Leading through change' }).count()).toBe(1);
  }, 240_000);
});

/**
 * The learner home after sign-in, My journeys and search, JavaScript on and off (issue 25, decisions
 * 271-272): the home shows each team's journey with its progress; the navigation leads to My journeys,
 * Search and Help; a search finds a journey, a skill and an article, and a result opens.
 */
describe('learner home, My journeys and search', () => {
  for (const javaScript of [true, false]) {
    it(`JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await loginAndWait(tp, LEARNER, '/app/home');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Welcome back, Lee' }).isVisible()).toBe(true);
      for (const h of ['Your journeys', 'Activities in progress', 'Newest from your teams', 'Your badges']) {
        expect(await page.getByRole('heading', { level: 2, name: h }).count(), h).toBe(1);
      }
      await expect.poll(() => page.locator('.journey-cards .journey-card').first().getByText(/\d+ of \d+ steps/).isVisible()).toBe(true);
      const nav = page.getByRole('navigation', { name: 'App' });
      expect(await nav.getByRole('link', { name: 'Help' }).count()).toBe(1);
      await nav.getByRole('link', { name: 'My journeys' }).click({ force: true });
      await waitForPath(page, '/app/journeys');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'My journeys' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 2, name: 'Not started' }).count()).toBe(1);

      await open(tp, '/app/search');
      await page.getByLabel('Search skills, stories, journeys, activities and articles').fill('feedback');
      await page.getByRole('button', { name: 'Search' }).click();
      await waitForPath(page, '/app/search?q=feedback');
      await expect.poll(() => page.getByRole('heading', { level: 2, name: /results? for "feedback"/ }).isVisible()).toBe(true);
      const results = page.locator('.search-results li');
      expect(await results.count()).toBeGreaterThan(2);
      expect(await results.filter({ hasText: 'Journey' }).filter({ hasText: 'Giving feedback that lands' }).count()).toBe(1);
      await page.locator('.search-results').getByRole('link', { name: 'Giving feedback that lands' }).click();
      await waitForPath(page, /^\/app\/journey\/giving-feedback-that-lands/);

      await open(tp, '/app/search?q=zzzqqqxx');
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'No results for "zzzqqqxx"' }).isVisible()).toBe(true);
    }, 120_000);
  }
});
