import { describe, expect, it } from 'vitest';
import { baseUrl, browserForThisFile, loginAndWait, newestEmail, open, type TestPage } from './support';

/**
 * Peer feedback in a real browser, JavaScript off and on (axe runs on every screen): a demo learner
 * asks a colleague by email and gets a shareable link; colleagues answer anonymously three times
 * (once through the emailed link, twice through the shared one, the first try with too few skills);
 * the results then show. The demo learner's seeded contacts show 'Wait …' and their results show.
 */
const { newPage } = browserForThisFile();
const SKILLS_MESSAGE = 'Sorry, you need to choose 2 skills in both sections before you can send your feedback.';

async function signedIn(email: string, javaScript: boolean) {
  const tp = await newPage({ javaScript });
  await loginAndWait(tp, email, /^\/app/);
  return tp;
}

/** Ticks the named skills in one section ('well' or 'improve') of the anonymous form. */
async function tick(tp: TestPage, section: 'well' | 'improve', names: string[]) {
  const fieldset = tp.page.getByRole('group', { name: section === 'well' ? /do well\?/ : /improve\?/ });
  for (const name of names) await fieldset.getByRole('checkbox', { name: new RegExp(`^${name}`) }).click();
  return fieldset;
}

async function answer(link: string, javaScript: boolean, good: string[], bad: string[], comment?: string) {
  const colleague = await newPage({ javaScript });
  await open(colleague, new URL(link).pathname);
  await colleague.page.getByRole('heading', { name: /^Feedback for / }).waitFor();
  await tick(colleague, 'well', good);
  await tick(colleague, 'improve', bad);
  if (comment) await colleague.page.getByLabel('Anything else you would like to say? (optional)').fill(comment);
  await colleague.page.getByRole('button', { name: 'Send feedback' }).click();
  await colleague.page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
  return colleague;
}

describe('peer feedback', () => {
  for (const [javaScript, account] of [
    [false, 'orgadmin@leda.test'],
    [true, 'teamadmin@leda.test'],
  ] as const) {
    const mode = javaScript ? 'JS on' : 'JS off';
    it(`${mode}: request by email, share a link, three anonymous answers, results`, async () => {
      const me = await signedIn(account, javaScript);
      if (javaScript) await me.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await me.page.getByRole('link', { name: 'Feedback', exact: true }).first().click();
      await me.page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
      if (javaScript) await open(me, '/app/feedback');

      // A bad address: the message on the field.
      const email = me.page.getByLabel('Email address');
      await email.fill('not an email');
      await me.page.getByRole('button', { name: 'Request feedback' }).click();
      await me.page.getByText('Enter a valid email address.').waitFor();

      const colleagueEmail = `colleague-${javaScript ? 'on' : 'off'}-${Date.now()}@example.test`;
      await me.page.getByLabel('Email address').fill(colleagueEmail);
      await me.page.getByRole('button', { name: 'Request feedback' }).click();
      await me.page.getByText(`Feedback request sent to ${colleagueEmail}.`).waitFor();
      const row = me.page.locator('tr', { hasText: colleagueEmail });
      await row.waitFor();
      expect(await row.getByRole('button', { name: /Wait 14 days/ }).isDisabled()).toBe(true);

      // The shareable link: copied (JS on, 'Link copied' for 2 s) or shown as text (JS off).
      await me.page.getByRole('button', { name: 'Copy link' }).click();
      const linkBox = me.page.locator('#public-feedback-link');
      await linkBox.waitFor();
      const shared = await linkBox.inputValue();
      expect(shared).toMatch(/\/user-feedback\/[A-Za-z0-9_-]{43}$/);
      if (javaScript) {
        await me.page.getByText('Link copied').waitFor();
        expect(await me.page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
        await me.page.getByText('Link copied').waitFor({ state: 'detached', timeout: 5000 });
      }

      // Answer 1, through the emailed link; the first try has too few skills.
      const mail = await newestEmail(colleagueEmail);
      const emailed = mail.links.find((l) => l.includes('/user-feedback/'))!;
      expect(emailed).toBeTruthy();
      const first = await newPage({ javaScript });
      await open(first, new URL(emailed).pathname);
      const well = await tick(first, 'well', ['Empathy']);
      await first.page.getByRole('button', { name: 'Send feedback' }).click();
      await first.page.getByText(SKILLS_MESSAGE).waitFor();
      if (javaScript) {
        // A third choice drops the oldest; clicking a chosen skill removes it.
        await tick(first, 'well', ['Growth Mindset', 'Motivating Others']);
        expect(await well.getByRole('checkbox', { name: /^Empathy/ }).isChecked()).toBe(false);
        expect(await well.getByText('2 of 2 chosen').count()).toBe(1);
        await tick(first, 'well', ['Motivating Others']);
        expect(await well.getByText('1 of 2 chosen').count()).toBe(1);
        await tick(first, 'well', ['Empathy']);
      } else {
        await tick(first, 'well', ['Growth Mindset']);
      }
      await tick(first, 'improve', ['Emotional Self-Control', 'Motivating Others']);
      await first.page.getByRole('button', { name: 'Send feedback' }).click();
      await first.page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();

      // The emailed link works once.
      const reused = await newPage({ javaScript });
      await open(reused, new URL(emailed).pathname);
      await reused.page.getByRole('heading', { name: 'Sorry, this feedback link has expired.' }).waitFor();

      // Results are hidden until the third answer.
      await open(me, '/app/feedback?tab=results');
      await me.page.getByText('You need 2 more answers.').waitFor();
      await answer(shared, javaScript, ['Empathy', 'Communication and Collaboration'], ['Motivating Others', 'Growth Mindset'], `Clear and kind (${mode})`);
      await answer(shared, javaScript, ['Empathy', 'Emotional Self-Awareness'], ['Motivating Others', 'Emotional Self-Control']);

      await open(me, '/app/feedback?tab=results');
      await me.page.getByRole('heading', { name: 'What 3 people said' }).waitFor();
      expect(await me.page.getByText('Empathy chosen by 3 people').count()).toBe(1);
      expect(await me.page.getByText('Motivating Others chosen by 3 people').count()).toBe(1);
      expect(await me.page.getByText(`Clear and kind (${mode})`).count()).toBe(1);
      await me.page.getByText('Learn about feedback').waitFor();
      await me.page.locator('summary', { hasText: 'Is it anonymous?' }).click();
      await me.page.getByText('Answers carry no name or email address').waitFor();
    }, 300_000);
  }

  for (const javaScript of [true, false]) {
    it(`JS ${javaScript ? 'on' : 'off'}: deleting a contact asks first, and Undo brings it back with its wait (decision 331)`, async () => {
      const account = `contacts-${javaScript ? 'on' : 'off'}-${Date.now()}@leda.test`;
      const made = await fetch(`${baseUrl()}/__test/welcome-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account, firstName: 'Cory', lastName: 'Contacts', purpose: 'none', password: 'contacts-pass-1' }),
      });
      expect(made.status).toBe(200);
      const me = await newPage({ javaScript });
      await loginAndWait(me, account, /^\/app/, 'contacts-pass-1');
      await open(me, '/app/feedback');
      const colleagueEmail = `asked-${javaScript ? 'on' : 'off'}-${Date.now()}@example.test`;
      await me.page.getByLabel('Email address').fill(colleagueEmail);
      await me.page.getByRole('button', { name: 'Request feedback' }).click();
      await me.page.getByText(`Feedback request sent to ${colleagueEmail}.`).waitFor();
      const row = me.page.locator('tr', { hasText: colleagueEmail });

      // Delete asks; Cancel keeps the contact.
      await row.getByRole('link', { name: `Delete ${colleagueEmail}` }).click();
      const question = me.page.getByRole('group', { name: `Delete ${colleagueEmail} from your contacts?` });
      await question.waitFor();
      if (javaScript) await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
      await question.getByRole('link', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await row.count()).toBe(1);

      // Delete, confirmed: the status with Undo has the focus.
      await row.getByRole('link', { name: `Delete ${colleagueEmail}` }).click();
      await question.getByRole('button', { name: 'Delete' }).click();
      const deleted = me.page.getByRole('status').filter({ hasText: `${colleagueEmail} was deleted from your contacts.` });
      await deleted.waitFor();
      await expect.poll(() => row.count()).toBe(0);
      await expect.poll(() => me.page.evaluate(() => document.activeElement?.closest('.contact-status') !== null)).toBe(true);

      // Undo: back, still waiting 14 days.
      await me.page.getByRole('button', { name: 'Undo' }).click();
      await me.page.getByText(`${colleagueEmail} is back in your contacts.`).waitFor();
      expect(await row.getByRole('button', { name: /Wait 14 days/ }).isDisabled()).toBe(true);
    }, 120_000);
  }

  it('the demo learner sees seeded contacts waiting and results with recommendations', async () => {
    const learner = await signedIn('learner@leda.test', true);
    await open(learner, '/app/feedback');
    const recent = learner.page.locator('tr', { hasText: 'priya.manager@example.com' });
    expect(await recent.getByRole('button', { name: /Wait 11 days/ }).isDisabled()).toBe(true);
    await open(learner, '/app/feedback?tab=results');
    // Four seeded answers: the first batch of three shows, the fourth waits (decision 240).
    await learner.page.getByRole('heading', { name: 'What 3 people said' }).waitFor();
    await learner.page.getByText('1 answer newer than these will show once 2 more people answer.', { exact: false }).waitFor();
    await learner.page.getByRole('heading', { name: 'Build the skills to work on' }).waitFor();
  });
});
