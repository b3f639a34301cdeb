import { describe, expect, it } from 'vitest';
import { browserForThisFile, loginAndWait, open, waitForPath, type TestPage } from './support';

/**
 * The admin people screens in a real browser as the demo product admin, JavaScript on and off (axe
 * checks every screen): create an organisation through the 'Create New Org' prompt and the creator,
 * add a team, find it in the organisation and team list, quick join it (the app opens in a new
 * window), import a CSV into a new team (preview, progress, result), send the welcome emails and read
 * them, see the user list with its count, edit a user, and read the demo learner's emails in the
 * communication list.
 */
const { newPage } = browserForThisFile();
const ADMIN = 'admin@leda.test';

async function signedIn(javaScript: boolean) {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, ADMIN, /^\/(app|admin)/);
  return tp;
}

/** Clicks a button or link; without JavaScript the next page loads. */
async function press(tp: TestPage, target: ReturnType<TestPage['page']['getByRole']>) {
  if (tp.javaScript) return target.click();
  await Promise.all([tp.page.waitForNavigation(), target.click()]);
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? 'JS on' : 'JS off';
  describe(`admin people screens, ${mode}`, () => {
    it('creates an organisation and a team, lists them, and quick joins in a new window', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      const orgName = `Harbour Co (${mode})`;
      await open(tp, '/admin/team-list');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Organisation and team list' }).isVisible()).toBe(true);
      await page.locator('summary', { hasText: 'Create New Org' }).click();
      await page.getByLabel('Organisation name').fill(orgName);
      await press(tp, page.getByRole('button', { name: 'Continue' }));
      await waitForPath(page, '/admin/organisation-creator');
      expect(await page.getByLabel('Organisation name').inputValue()).toBe(orgName);
      await page.getByLabel('Licence type').selectOption('2');
      await press(tp, page.getByRole('button', { name: 'Create organisation' }));
      await waitForPath(page, /^\/admin\/organisation-editor\/\d+/);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Organisation saved.' }).isVisible()).toBe(true);
      expect(await page.getByText('No records to display.').isVisible()).toBe(true);

      await page.locator('summary', { hasText: 'Create New Team' }).click();
      await page.getByLabel('Team name').fill('Dock Team');
      await press(tp, page.getByRole('button', { name: 'Create Team' }));
      await waitForPath(page, /^\/admin\/team-editor\/\d+/);

      await open(tp, `/admin/team-list?q=${encodeURIComponent('Harbour')}&license=full`);
      const row = page.getByRole('row').filter({ hasText: orgName });
      await expect.poll(() => row.getByRole('link', { name: 'Dock Team' }).isVisible()).toBe(true);

      const [popup] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button', { name: `Quick join team Dock Team` }).click()]);
      await popup.waitForURL(/\/app\/team\/\d+/);
      expect(await popup.getByText('Dock Team').first().isVisible()).toBe(true);
      await popup.close();
    });

    it('imports a CSV into a new team with a preview and progress, sends welcome emails and reads them', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      const tag = javaScript ? 'on' : 'off';
      await open(tp, '/admin/organisation-creator');
      await page.getByLabel('Organisation name').fill(`Import Co (${mode})`);
      await page.getByLabel('Licence type').selectOption('2');
      await press(tp, page.getByRole('button', { name: 'Create organisation' }));
      await waitForPath(page, /^\/admin\/organisation-editor\/\d+/);
      await page.locator('summary', { hasText: 'Create New Team' }).click();
      await page.getByLabel('Team name').fill('Import Team');
      await press(tp, page.getByRole('button', { name: 'Create Team' }));
      await waitForPath(page, /^\/admin\/team-editor\/\d+$/);

      await press(tp, page.getByRole('link', { name: 'Import by CSV' }));
      await waitForPath(page, /\/import$/);
      const csv = [
        '\uFEFFFirst name,Last name,Email,Job title,Is this person the admin?',
        `Iris,Import,iris.${tag}@import.example,"Lead, Platform",yes`,
        `Ivan,Import,ivan.${tag}@import.example,Engineer,no`,
        'Bad,Row,not-an-email,,no',
      ].join('\r\n');
      await page.locator('#import-file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await press(tp, page.getByRole('button', { name: 'Upload and preview' }));
      await waitForPath(page, /\/import\/\d+$/);
      await expect.poll(() => page.getByRole('button', { name: 'Import 2 rows' }).isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: 'Rows by status' }).innerText()).toMatch(/2\s+Will be created/i);
      await press(tp, page.getByRole('button', { name: 'Import 2 rows' }));
      // With JS the bar follows the job; without it the page refreshes itself until the result.
      await expect.poll(() => page.getByText(/^Imported \d+ of 3 rows\.$/).isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await page.locator('.te-counts').last().innerText()).toMatch(/2\s+created/);
      expect(await page.getByRole('link', { name: 'Download the error report (CSV)' }).count()).toBe(1);

      await press(tp, page.getByRole('link', { name: 'Back to the members' }));
      await waitForPath(page, /^\/admin\/team-editor\/\d+$/);
      await expect.poll(() => page.getByRole('heading', { name: 'Members (2)' }).isVisible()).toBe(true);
      await press(tp, page.getByRole('button', { name: 'Send welcome emails' }));
      const confirm = page.getByRole('alertdialog', { name: 'Send welcome emails to 2 people?' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await press(tp, confirm.getByRole('button', { name: 'Send welcome emails' }));
      await expect.poll(() => page.getByText('Welcome emails sent to 2 people.').isVisible(), { timeout: 30_000 }).toBe(true);

      await open(tp, `/admin/communication-list/${encodeURIComponent(`iris.${tag}@import.example`)}`);
      await expect.poll(() => page.getByText('Welcome to Leda', { exact: false }).first().isVisible()).toBe(true);
    });

    it('adds a person with no account by email (grey dot), invites them, and makes and revokes a SCIM token', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      const tag = javaScript ? 'on' : 'off';
      await open(tp, '/admin/organisation-creator');
      await page.getByLabel('Organisation name').fill(`Invite Co (${mode})`);
      await page.getByLabel('Licence type').selectOption('2');
      await press(tp, page.getByRole('button', { name: 'Create organisation' }));
      await waitForPath(page, /^\/admin\/organisation-editor\/\d+/);
      const orgPath = new URL(page.url()).pathname;
      await page.locator('summary', { hasText: 'Create New Team' }).click();
      await page.getByLabel('Team name').fill('Invite Team');
      await press(tp, page.getByRole('button', { name: 'Create Team' }));
      await waitForPath(page, /^\/admin\/team-editor\/\d+$/);

      const email = `new.person.${tag}@invite.example`;
      await page.getByLabel('Email', { exact: true }).fill(email);
      await press(tp, page.getByRole('button', { name: 'Add user', exact: true }));
      await expect.poll(() => page.getByRole('status').filter({ hasText: `${email} was added to the team. They had no account` }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Members (1)' }).isVisible()).toBe(true);
      expect(await page.locator('section[aria-labelledby="members-title"]').innerText()).toContain('New Person');
      expect(await page.locator('.te-dot.none').count()).toBe(1);
      await press(tp, page.getByRole('button', { name: 'Send welcome emails' }));
      const confirm = page.getByRole('alertdialog', { name: 'Send welcome emails to 1 person?' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await press(tp, confirm.getByRole('button', { name: 'Send welcome emails' }));
      await expect.poll(() => page.getByText('Welcome emails sent to 1 person.').isVisible(), { timeout: 30_000 }).toBe(true);

      await open(tp, orgPath);
      await expect.poll(() => page.getByRole('heading', { name: 'Provisioning (SCIM)' }).isVisible()).toBe(true);
      expect(await page.getByText('No SCIM token yet.').isVisible()).toBe(true);
      await press(tp, page.getByRole('button', { name: 'Create SCIM token' }));
      await expect.poll(() => page.getByLabel('Token', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByLabel('Token', { exact: true }).inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const revoke = page.getByRole('button', { name: /^Revoke SCIM token / });
      await expect.poll(() => revoke.count()).toBe(1);
      await press(tp, revoke);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'SCIM token revoked.' }).isVisible()).toBe(true);
      expect(await page.getByText('No SCIM token yet.').isVisible()).toBe(true);
    });

    it('shows the user list with its count, edits a user, and reads the learner’s emails', async () => {
      const tp = await signedIn(javaScript);
      const { page } = tp;
      await open(tp, '/admin/user-list');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'User list' }).isVisible()).toBe(true);
      expect(await page.locator('.admin-count').innerText()).toMatch(/^\d+ users$/);
      await press(tp, page.getByRole('link', { name: 'Trial license' }));
      await expect.poll(() => page.getByRole('cell', { name: 'trial@leda.test', exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('cell', { name: 'learner@leda.test', exact: true }).count()).toBe(0);

      await open(tp, '/admin/user-list?q=lee');
      const learnerRow = page.getByRole('row').filter({ hasText: 'learner@leda.test' });
      await press(tp, learnerRow.getByRole('link', { name: 'Edit user Lee Learner' }));
      if (javaScript) {
        const dialog = page.getByRole('dialog', { name: 'Edit user' });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        await dialog.getByLabel('Job title (optional)').fill(`Principal Consultant (${mode})`);
        await dialog.getByRole('button', { name: 'Save user' }).click();
      } else {
        await waitForPath(page, /^\/admin\/user-editor\/\d+/);
        await page.getByLabel('Job title (optional)').fill(`Principal Consultant (${mode})`);
        await press(tp, page.getByRole('button', { name: 'Save user' }));
      }
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'User saved.' }).isVisible()).toBe(true);

      await press(tp, page.getByRole('row').filter({ hasText: 'learner@leda.test' }).getByRole('link', { name: 'View emails of learner@leda.test' }));
      await waitForPath(page, /^\/admin\/communication-list\//);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Communications to learner@leda.test' }).isVisible()).toBe(true);
      expect(await page.getByText('Welcome to Leda, Lee').isVisible()).toBe(true);
      await page.getByLabel("Search the emails' content").fill('password');
      await press(tp, page.getByRole('button', { name: 'Apply' }));
      await expect.poll(() => page.getByText('Reset your password', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Welcome to Leda, Lee').count()).toBe(0);

      await open(tp, '/admin/audit-log?entity=user');
      await expect.poll(() => page.getByRole('cell', { name: 'user.update' }).first().isVisible()).toBe(true);
    });
  });
}
