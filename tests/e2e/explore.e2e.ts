import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserForThisFile, loginAndWait, open, waitForPath, type TestPage } from './support';

/**
 * Explore in a real browser as the demo learner, with JavaScript on (Remix navigation, the players as
 * modal dialogs, typed speech, the video's ended event) and off (plain pages and POST forms): browse
 * /app/explore, open a skill, watch a story chapter, play a game and a survey to their results.
 * Each mode plays a different game and survey, so the two runs do not share an attempt.
 */
const { newPage } = browserForThisFile();

const LEARNER = 'learner@leda.test';

async function signedIn(javaScript: boolean) {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, LEARNER, /^\/app/);
  return tp;
}

/** With JavaScript on, waits until Remix has finished the navigation or submission a click started. */
async function settle(tp: TestPage) {
  if (!tp.javaScript) return tp.page.waitForLoadState('load');
  await tp.page.waitForFunction(() => {
    const r = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
    return r !== undefined && r.state.navigation.state === 'idle' && r.state.revalidation === 'idle';
  });
}

const player = (page: Page) => page.locator('dialog.player-dialog');

/** A player without JavaScript is the whole page; with it, a modal dialog over the list. */
async function expectPlayerMode(tp: TestPage, listHeading: string) {
  await expect.poll(() => player(tp.page).evaluate((d) => d.matches(':modal'))).toBe(tp.javaScript);
  await expect.poll(() => tp.page.getByRole('heading', { level: 1, name: listHeading }).isVisible()).toBe(tp.javaScript);
}

/** Opens the player from the list, restarting a finished attempt, and starts it. */
async function openPlayer(tp: TestPage, listPath: string, cardName: string, startLabel: string) {
  const { page } = tp;
  await open(tp, listPath);
  await page.getByRole('link', { name: cardName, exact: true }).click();
  const dialog = player(page);
  await dialog.waitFor();
  await settle(tp);
  const restart = dialog.getByRole('button', { name: /^Restart/ });
  if (await restart.isVisible()) {
    await restart.click();
    await settle(tp);
  }
  await dialog.getByRole('button', { name: startLabel, exact: true }).click();
  return dialog;
}

/** Waits for the next stage (or question, or the results) after a click on `marker`'s element. */
async function nextStep(tp: TestPage, dialog: Locator, marker: Locator) {
  await marker.waitFor({ state: 'detached' });
  await settle(tp);
  await dialog.locator('[data-stage-id], [data-question-id]').or(dialog.getByRole('heading', { name: 'Your results' })).first().waitFor();
}

async function playGame(tp: TestPage, name: string) {
  const { page } = tp;
  const dialog = await openPlayer(tp, '/app/explore/games', `${name} Game`, 'Start');
  await expect.poll(() => dialog.getByRole('heading', { name: `${name} Game` }).isVisible()).toBe(true);
  await expectPlayerMode(tp, 'Games');
  const results = dialog.getByRole('heading', { name: 'Your results' });
  const tried = new Set<string>();
  const seen = new Set<string>();
  for (let step = 0; step < 150; step++) {
    const stage = dialog.locator('[data-stage-id]');
    await stage.or(results).first().waitFor();
    if (await results.isVisible()) break;
    const stageId = (await stage.getAttribute('data-stage-id'))!;
    const current = dialog.locator(`[data-stage-id="${stageId}"]`);
    const choices = dialog.locator('.choice-button');
    if ((await choices.count()) > 0) {
      // Try each choice of a stage in turn: a bad one leads to 'Try again' and back here.
      const texts = await choices.allInnerTexts();
      const index = Math.max(0, texts.findIndex((t) => !tried.has(`${stageId}:${t}`)));
      tried.add(`${stageId}:${texts[index]}`);
      await choices.nth(index).click();
    } else {
      const button = dialog.getByRole('button', { name: /^(Continue|Try again|View results)$/ });
      seen.add(await button.innerText());
      if (tp.javaScript && step === 1) {
        // The speech is typed out; a click on it shows it all at once.
        await dialog.locator('.speech [data-typing]').click();
        await expect.poll(() => dialog.locator('.speech [data-typing]').getAttribute('data-typing')).toBe('false');
      }
      await button.click();
    }
    await nextStep(tp, dialog, current);
  }
  await results.waitFor();
  // ('Try again' depends on the shuffled order of the choices; the route tests make sure of it.)
  expect([...seen]).toEqual(expect.arrayContaining(['Continue', 'View results']));
  await expect.poll(() => dialog.locator('.score-row').count()).toBeGreaterThan(0);
  await expect.poll(() => dialog.locator('.feedback-list li').count()).toBeGreaterThan(0);
  await dialog.getByRole('link', { name: 'Finish' }).click();
  await waitForPath(page, '/app/explore/games');
  await expect.poll(() => page.locator('dialog.player-dialog').count()).toBe(0);
  const card = page.locator('.explore-card').filter({ hasText: `${name} Game` });
  await expect.poll(() => card.getByText('Played').isVisible()).toBe(true);
}

async function playSurvey(tp: TestPage, name: string) {
  const { page } = tp;
  const dialog = await openPlayer(tp, '/app/explore/assessments', name, 'Start survey');
  await expectPlayerMode(tp, 'Assessments');
  const results = dialog.getByRole('heading', { name: 'Your results' });
  let backTried = false;
  for (let step = 0; step < 40; step++) {
    const question = dialog.locator('[data-question-id]');
    await question.or(results).first().waitFor();
    if (await results.isVisible()) break;
    const id = (await question.getAttribute('data-question-id'))!;
    const current = dialog.locator(`[data-question-id="${id}"]`);
    if (step === 1 && !backTried) {
      // Back shows the answered first question with Next.
      backTried = true;
      await dialog.getByRole('button', { name: 'Back' }).click();
      await nextStep(tp, dialog, current);
      const first = dialog.locator('[data-question-id]');
      await expect.poll(() => dialog.getByText('Question 1 of').isVisible()).toBe(true);
      const firstId = (await first.getAttribute('data-question-id'))!;
      await dialog.getByRole('button', { name: 'Next' }).click();
      await nextStep(tp, dialog, dialog.locator(`[data-question-id="${firstId}"]`));
      continue;
    }
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await dialog.locator('.option-button').last().click();
    await nextStep(tp, dialog, current);
  }
  await results.waitFor();
  await expect.poll(() => dialog.locator('.feedback-list li').count()).toBeGreaterThan(0);
  await expect.poll(() => dialog.getByRole('button', { name: 'Restart survey' }).isVisible()).toBe(true);
  await dialog.getByRole('link', { name: 'Finish' }).click();
  await waitForPath(page, '/app/explore/assessments');
  await expect.poll(() => page.locator('.explore-card').filter({ hasText: name }).getByText('Completed').isVisible()).toBe(true);
}

for (const javaScript of [true, false]) {
  describe(`explore with JavaScript ${javaScript ? 'on' : 'off'}`, () => {
    it('browses explore, opens a skill and gives thumbs, and marks a story chapter watched', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      await open(tp, '/app/explore');
      await page.getByRole('heading', { level: 1, name: 'Explore' }).waitFor();
      expect(await page.getByRole('list', { name: 'Skills' }).locator('.explore-card').count()).toBe(5);
      expect(await page.getByRole('list', { name: 'Stories' }).locator('.explore-card').count()).toBe(5);
      // Generated cover art on each card (decision 282): the same picture for the same title, different for others.
      const covers = page.getByRole('list', { name: 'Skills' }).locator('svg.card-cover');
      expect(await covers.count()).toBe(5);
      const fills = await covers.evaluateAll((els) => els.map((e) => e.querySelector('rect')?.getAttribute('fill')));
      expect(new Set(fills).size).toBeGreaterThan(1);
      // The landing's cards may come in another order after a reload: the same title keeps its picture.
      const coverByTitle = () =>
        page
          .getByRole('list', { name: 'Skills' })
          .locator('.explore-card')
          .evaluateAll((els) => els.map((e) => [e.textContent?.trim() ?? '', e.querySelector('svg.card-cover rect')?.getAttribute('fill') ?? ''] as const));
      const before = new Map(await coverByTitle());
      await page.reload();
      for (const [title, fill] of await coverByTitle()) if (before.has(title)) expect(fill, title).toBe(before.get(title));

      await page.getByRole('link', { name: 'All skills' }).click();
      await waitForPath(page, '/app/explore/skill');
      await settle(tp);
      await page.getByRole('link', { name: 'Empathy', exact: true }).first().click();
      await waitForPath(page, '/app/explore/skill/empathy');
      await page.getByRole('heading', { level: 1, name: 'Empathy' }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await crumbs.innerText()).toMatch(/Explore\s*›?\s*Skills\s*›?\s*Empathy/);
      await page.getByRole('navigation', { name: 'Skill groups' }).getByRole('link', { name: 'Social Awareness' }).waitFor();
      await settle(tp);
      await page.getByRole('button', { name: javaScript ? 'Thumbs up' : 'Thumbs down' }).click();
      await page.getByText('Thank you for your feedback!').waitFor();

      await open(tp, '/app/explore/skill/values-and-purpose');
      await page.getByRole('heading', { name: 'This skill is locked' }).waitFor();
      await page.getByRole('button', { name: "I'm interested" }).click();
      await page.getByText('Thank you for your feedback!').waitFor();

      const missing = await page.goto('/app/explore/skill/no-such-skill');
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();

      // Each mode watches a story of its own, from its first chapter.
      const story = javaScript
        ? { name: 'Crossed Wires', path: '/app/explore/story/crossed-wires/chapter/a-small-comment' }
        : { name: 'Feedback That Lands', path: '/app/explore/story/feedback-that-lands/chapter/the-review-thread' };
      await open(tp, '/app/explore/story');
      const storyCard = page.locator('.explore-card').filter({ hasText: story.name });
      expect(await storyCard.getByText('Start Story').isVisible()).toBe(true);
      await storyCard.getByRole('link').click();
      await waitForPath(page, story.path);
      await settle(tp);
      const video = page.locator('.video-player video');
      expect(await video.getAttribute('src')).toMatch(/^\/media\/videos\/.+\.webm$/);
      if (javaScript) {
        // Played to the end for real (Debian chromium plays the VP9 webm clips): the completion is
        // posted and the next-chapter overlay shows.
        await page.getByRole('button', { name: 'Mark as watched' }).waitFor();
        const completion = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith(story.path), {
          timeout: 30_000,
        });
        await video.evaluate((v: HTMLVideoElement) => {
          v.muted = true;
          return v.play();
        });
        await page.getByText('Up next: Taking Sides').waitFor({ timeout: 30_000 });
        expect((await completion).status()).toBe(200);
        const played = await video.evaluate((v: HTMLVideoElement) => ({ ended: v.ended, at: v.currentTime, duration: v.duration }));
        expect(played.ended).toBe(true);
        expect(played.at).toBeGreaterThan(4);
        expect(played.at).toBeCloseTo(played.duration, 0);
        await page.locator('.video-actions').getByText('Watched').waitFor();
        // A video that cannot load shows the errored state.
        await video.evaluate((v: HTMLVideoElement) => {
          v.src = '/media/videos/no-such-clip.webm';
          v.load();
        });
        await page.getByText('This video could not be played.').waitFor();
        // The server recorded it: the chapter opened again says Watched without a click.
        await open(tp, story.path);
        await page.locator('.video-actions').getByText('Watched').waitFor();
        expect(await page.getByRole('button', { name: 'Mark as watched' }).count()).toBe(0);
      } else {
        await page.getByRole('button', { name: 'Mark as watched' }).click();
      }
      await page.locator('.video-actions').getByText('Watched').waitFor();
      await open(tp, '/app/explore/story');
      await expect.poll(() => page.locator('.explore-card').filter({ hasText: story.name }).getByText('View Story').isVisible()).toBe(true);
    });

    it('plays a dialogue game and a survey to their results', async () => {
      const tp = await signedIn(javaScript);
      await playGame(tp, javaScript ? 'The Missed Deadline' : 'The Heated Meeting');
      await playSurvey(tp, javaScript ? 'Team Communication Survey' : 'Self-Awareness Check');
    });
  });
}
