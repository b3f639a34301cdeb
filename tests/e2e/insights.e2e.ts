import { describe, expect, it } from 'vitest';
import { browserForThisFile, loginAndWait, open, pathOf, screenshot, waitForHydration, waitForPath } from './support';

/**
 * Team insights in a real browser, JavaScript on and off (axe checks every screen, support.ts):
 * the demo organisation admin opens Insights from the side navigation, sees both charts and their
 * tables, opens the drill-down from a bar segment (a modal with JS, the same list as a linked page
 * without) and closes it; a plain member is sent back to the team home; the product admin sees the
 * same charts on the team editor's STATS tab.
 */
const { newPage } = browserForThisFile();

describe.each([true, false])('team insights with JavaScript %s', (javaScript) => {
  it('an organisation admin opens insights and the drill-down of a bar segment', async () => {
    const tp = await newPage({ javaScript });
    const { page } = tp;
    await loginAndWait(tp, 'orgadmin@leda.test', /^\/app/);
    await open(tp, '/app/team');
    const leadership = page.getByRole('link', { name: 'Insights' }).first();
    const href = (await leadership.getAttribute('href'))!;
    expect(href).toMatch(/^\/app\/team\/\d+\/insights$/);
    await open(tp, href);
    const atPage = new RegExp(`^${href}$`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Insights for /);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().getAttribute('href')).toBe(href.replace(/\/insights$/, ''));
    expect(await page.getByRole('heading', { name: 'Retention' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Journey progress' }).isVisible()).toBe(true);
    // The charts' data as tables (native <details>, no JavaScript needed).
    await page.getByText('Retention as a table').click();
    expect(await page.getByRole('columnheader', { name: 'Active members' }).isVisible()).toBe(true);
    await screenshot(page, `insights-js-${javaScript}`);

    // Summary figures, the per-learner table and its CSV export (issue 25 s.4).
    expect(await page.locator('.insights-summary dt').allInnerTexts()).toEqual(['Members', 'Active this week', 'Completion rate']);
    expect(await page.getByRole('heading', { name: 'Learners' }).isVisible()).toBe(true);
    expect(await page.locator('.learner-table').getByRole('rowheader', { name: /Theo Teamadmin/ }).count()).toBe(1);
    const csvHref = (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!;
    expect(csvHref).toBe(href.replace(/\/insights$/, '/insights.csv'));
    const csv = await page.request.get(csvHref);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe('Name,Job title,Journeys completed,Journeys in progress,Journeys scheduled,Progress %');

    // A completed segment of the first journey: the demo team admin and organisation admin finished it.
    const segment = page.locator('a.insights-segment[aria-label*="completed"]').first();
    const label = (await segment.getAttribute('aria-label'))!;
    const journey = label.split(':')[0]!;
    await segment.click();
    await waitForPath(page, /\?segment=\d+:completed$/);
    const dialog = page.getByRole('dialog', { name: `Completed: ${journey}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Theo Teamadmin').isVisible()).toBe(true);
    await screenshot(page, `insights-drill-down-js-${javaScript}`);
    if (javaScript) {
      // A real modal: focus is inside, Escape closes it and the address loses ?segment.
      expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);
      await page.keyboard.press('Escape');
      await waitForPath(page, atPage);
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await segment.click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
    }
    await dialog.getByRole('link', { name: 'Close' }).click();
    await waitForPath(page, atPage);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The period picker (a GET form).
    await page.getByLabel('Period').selectOption('26');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await waitForPath(page, `${href}?weeks=26`);
    expect(pathOf(page)).toBe(`${href}?weeks=26`);
  });

  it('sends a plain member back to the team home; shows the product admin the STATS tab', async () => {
    const member = await newPage({ javaScript });
    await loginAndWait(member, 'learner@leda.test', /^\/app/);
    await open(member, '/app/team');
    const teamHref = (await member.page.getByRole('link', { name: 'Leadership Team' }).first().getAttribute('href'))!;
    const teamId = /\/app\/team\/(\d+)/.exec(teamHref)![1]!;
    await open(member, `/app/team/${teamId}/insights`);
    await waitForPath(member.page, `/app/team/${teamId}`);
    expect(await member.page.getByRole('link', { name: 'Insights' }).count()).toBe(0);

    const admin = await newPage({ javaScript });
    await loginAndWait(admin, 'admin@leda.test', /^\/(app|admin)/);
    await open(admin, `/admin/team-editor/${teamId}/stats`);
    if (javaScript) await waitForHydration(admin.page);
    expect(await admin.page.getByRole('heading', { name: 'Journey progress' }).isVisible()).toBe(true);
    await admin.page.getByText('Journey progress as a table').click();
    await admin.page.getByRole('link', { name: /not started in .*: show them/ }).first().click();
    await waitForPath(admin.page, /\/stats\?segment=\d+:notStarted$/);
    await expect.poll(() => admin.page.getByRole('dialog').isVisible()).toBe(true);
    expect(await admin.page.getByRole('dialog').getByText(/members?\b/).first().isVisible()).toBe(true);
  });
});
