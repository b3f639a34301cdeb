import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, browserForThisFile, loginAndWait, open, waitForPath, type TestPage } from './support';
import { TINY_PNG } from '../support/images';

/**
 * My Activities in a real browser as the demo learner (auto-save) and fresh team members, JavaScript on and off: add an activity from
 * Explore, fill every field of every task (between the two modes all 11 field types), complete the
 * tasks in order, find the activity under Completed Activities; the header counter follows. With
 * JavaScript on, an edit saves itself after 2 seconds and survives a reload.
 */
const { newPage } = browserForThisFile();
const LEARNER = 'learner@leda.test';

async function signedIn(javaScript: boolean) {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, LEARNER, /^\/app/);
  return tp;
}

/**
 * A fresh member of the demo Leadership Team, for the tests that add activities from Explore: the demo
 * learner's own list depends on what other browser tests did first (the journeys test adds and
 * completes step activities, and a completed activity offers 'Open', not 'Add').
 */
async function signedInFresh(javaScript: boolean) {
  const email = `activities-${javaScript ? 'js' : 'nojs'}-${randomBytes(3).toString('hex')}@leda.test`;
  const password = 'activities-pass-1';
  const res = await fetch(`${baseUrl()}/__test/welcome-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Ari', lastName: 'Activities', purpose: 'none', password }),
  });
  expect(res.status).toBe(200);
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, email, /^\/app/, password);
  return tp;
}

async function settle(tp: TestPage) {
  if (!tp.javaScript) return tp.page.waitForLoadState('load');
  await tp.page.waitForFunction(() => {
    const r = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
    return r !== undefined && r.state.navigation.state === 'idle' && r.state.revalidation === 'idle';
  });
}

const counter = (page: Page) => page.locator('a.app-counter[href="/app/activities"] .app-counter-badge');
const counterValue = async (page: Page) => Number(await counter(page).innerText());

// A real image: uploads are decoded and re-encoded (decision 243).
const PNG = Buffer.from(TINY_PNG);

/** Fills one task field by its type (the field renderer's task-field-N class). */
async function fill(tp: TestPage, field: Locator, n: number) {
  const type = Number((await field.getAttribute('class'))!.match(/task-field-(\d+)/)![1]);
  switch (type) {
    case 1:
      return field.locator('input[type=text]').fill(`Answer ${n}`);
    case 2:
      return field.locator('textarea').fill(`A longer answer ${n}\nover two lines`);
    case 3:
    case 4:
      return field.locator('input').first().check();
    case 5:
      return field.locator('input[type=date]').fill('2026-12-07');
    case 6:
      return field.locator('select').selectOption({ index: 1 });
    case 7:
      return field.locator('input[type=checkbox]').check();
    case 8:
      return field.locator('select').selectOption('09:15');
    case 9:
      await field.locator('input[type=date]').fill('2026-12-08');
      return field.locator('select').selectOption('14:30');
    case 10:
      if (tp.javaScript) {
        const editor = field.locator('[contenteditable]');
        await editor.click();
        return tp.page.keyboard.type(`Rich answer ${n}`);
      }
      return field.locator('textarea').fill(`<p>Rich answer ${n}</p>`);
    case 11:
      return field.locator('input[type=file]').setInputFiles({ name: `notes-${n}.png`, mimeType: 'image/png', buffer: PNG });
    default:
      throw new Error(`unknown field type ${type}`);
  }
}

/** Adds the activity from Explore (the counter goes up) and lands on it in My Activities. */
async function addFromExplore(tp: TestPage, name: string) {
  const { page } = tp;
  await open(tp, '/app/explore/activities');
  const before = await counterValue(page);
  const card = page.locator('li.activity-card', { has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: 'Add to My Activities' }).click();
  await waitForPath(page, /^\/app\/activities\?myActivityId=\d+$/);
  await settle(tp);
  await expect.poll(() => page.getByRole('heading', { level: 2, name }).isVisible()).toBe(true);
  expect(await counterValue(page)).toBe(before + 1);
  return before + 1;
}

/** Fills and completes each task in turn, until the completed view shows the activity. */
async function completeAll(tp: TestPage, name: string, types: Set<number>) {
  const { page } = tp;
  for (let step = 0; step < 10; step++) {
    if (new URL(page.url()).pathname === '/app/activities/completed-activities') break;
    const form = page.locator('form.task-form').first();
    await form.waitFor();
    const fields = form.locator('.task-field');
    for (let i = 0; i < (await fields.count()); i++) {
      const f = fields.nth(i);
      types.add(Number((await f.getAttribute('class'))!.match(/task-field-(\d+)/)![1]));
      await fill(tp, f, step * 10 + i);
    }
    const taskId = await form.locator('input[name=myActivityTaskId]').inputValue();
    await form.getByRole('button', { name: 'Complete' }).click();
    await page.waitForFunction((id) => !document.querySelector(`form.task-form input[name=myActivityTaskId][value="${id}"]`) || location.pathname.endsWith('completed-activities'), taskId);
    await settle(tp);
  }
  await waitForPath(page, '/app/activities/completed-activities');
  await expect.poll(() => page.getByRole('heading', { level: 2, name }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Well done: you completed this activity.').isVisible()).toBe(true);
}

async function run(javaScript: boolean, names: string[]) {
  const tp = await signedInFresh(javaScript);
  const { page } = tp;
  const types = new Set<number>();
  for (const name of names) {
    const count = await addFromExplore(tp, name);
    await completeAll(tp, name, types);
    expect(await counterValue(page)).toBe(count - 1);
    // The answers show read-only under Completed Activities, and Explore shows the date.
    expect(await page.locator('.task-answers').count()).toBeGreaterThan(0);
    await open(tp, '/app/activities/completed-activities');
    await expect.poll(() => page.getByRole('link', { name: new RegExp(name) }).isVisible()).toBe(true);
    await open(tp, '/app/explore/activities');
    const card = page.locator('li.activity-card', { has: page.getByRole('heading', { name, exact: true }) });
    await expect.poll(() => card.getByText(/^Completed \d\d\/\d\d\/\d\d$/).isVisible()).toBe(true);
  }
  return { tp, types };
}

describe('My Activities', () => {
  it('with JavaScript: an edit saves itself after 2 seconds and survives a reload', async () => {
    const tp = await signedIn(true);
    const { page } = tp;
    // Auto-save: type into the first field of the in-progress demo activity, wait, reload.
    await open(tp, '/app/activities');
    const form = page.locator('form.task-form').first();
    const text = form.locator('textarea').first();
    await text.fill('Saved without pressing Save');
    await expect.poll(() => form.locator('.task-status').innerText(), { timeout: 8000 }).toBe('Saved.');
    await open(tp, '/app/activities');
    expect(await page.locator('form.task-form textarea').first().inputValue()).toBe('Saved without pressing Save');
  });

  it('with JavaScript: adds from Explore, fills and completes every task, finds it under Completed; the counter follows', async () => {
    const { types } = await run(true, ['Plan a difficult conversation', 'Write a team purpose statement']);
    expect([...types].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 9, 10, 11]);
  });

  it('without JavaScript: adds from Explore, fills and completes every task with plain form posts, finds it under Completed', async () => {
    const { types } = await run(false, ['Three-day emotion check-in', 'Map your stakeholders']);
    expect([...types].sort((a, b) => a - b)).toEqual([2, 4, 5, 6, 7, 8, 11]);
  });

  it('without JavaScript: Save keeps the answer, Edit Task and Cancel, Delete after its confirmation', async () => {
    const tp = await signedInFresh(false);
    const { page } = tp;
    // Save without completing, then Edit Task on a completed task and Cancel.
    await addFromExplore(tp, 'Reframe a fixed-mindset thought');
    const form = page.locator('form.task-form').first();
    await form.locator('input[type=text]').first().fill('I am just not a presenter');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, /saved=\d+/);
    expect(await page.locator('form.task-form input[type=text]').first().inputValue()).toBe('I am just not a presenter');
    expect(await page.getByRole('status').first().innerText()).toBe('Saved.');
    await page.locator('form.task-form').first().getByRole('button', { name: 'Complete' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: 'Edit Task' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByText('I am just not a presenter').isVisible()).toBe(true);
    // Delete after the confirmation.
    await page.getByRole('link', { name: 'Delete activity' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByText('Are you sure you wish to delete this activity?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/app/activities');
    expect(await page.getByRole('link', { name: /Reframe a fixed-mindset thought/ }).count()).toBe(0);
  });
});
