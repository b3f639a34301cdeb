import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForThisFile, login, loginAndWait, open, waitForPath, type TestPage } from './support';

/**
 * Erasing a person (issue 27 s.3) in a real browser, JavaScript on and off: an organisation admin from
 * the profile page, a product admin from the user page, and a person's own request with its withdrawal.
 * Every screen is scanned by axe (support.ts) and checked for horizontal overflow at 390 px.
 */
const { newPage } = browserForThisFile();
const NARROW = { width: 390, height: 844 };
const PASSWORD = 'erase-me-2026!';

async function makePerson(first: string) {
  const email = `erase-${randomBytes(4).toString('hex')}@example.test`;
  const res = await fetch(`${baseUrl()}/__test/welcome-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ email, firstName: first, lastName: 'Erasable', purpose: 'none', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { userId } = (await res.json()) as { userId: number };
  return { userId, email, name: `${first} Erasable` };
}

async function noOverflow(tp: TestPage) {
  const wide = await tp.page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide, `${tp.page.url()} overflows at 390 px`).toBeLessThanOrEqual(390);
}

async function cannotLogIn(javaScript: boolean, email: string) {
  const tp = await newPage({ javaScript });
  await login(tp, email, PASSWORD);
  await tp.page.getByText(/incorrect|not valid|invalid/i).first().waitFor();
  expect(new URL(tp.page.url()).pathname).toBe('/auth/login');
}

for (const javaScript of [true, false]) {
  const js = javaScript ? 'on' : 'off';
  describe(`erasing a person with JavaScript ${js}`, () => {
    it('an organisation admin erases one of their people from the profile page, after a confirmation naming what happens', async () => {
      const p = await makePerson(`Orla${js}`);
      const tp = await newPage({ javaScript, viewport: NARROW });
      await loginAndWait(tp, 'orgadmin@leda.test', /^\/app/);
      await open(tp, `/app/profile/${p.userId}`);
      await tp.page.getByRole('link', { name: 'Erase this person' }).click();
      await waitForPath(tp.page, `/app/profile/${p.userId}/erase`);
      await tp.page.getByRole('heading', { name: `Erase ${p.name}` }).waitFor();
      expect(await tp.page.getByText('can never sign in again').count()).toBe(1);
      await noOverflow(tp);
      await tp.page.getByLabel('Delete them').check();
      await tp.page.getByRole('button', { name: `Erase ${p.name}` }).click();
      await waitForPath(tp.page, `/app/profile/${p.userId}/erase?done=1`);
      await tp.page.getByRole('heading', { name: 'Account erased' }).waitFor();
      await noOverflow(tp);
      await cannotLogIn(javaScript, p.email);
    }, 120_000);

    it('a product admin erases a person from the user page', async () => {
      const p = await makePerson(`Pia${js}`);
      const tp = await newPage({ javaScript, viewport: NARROW });
      await loginAndWait(tp, 'admin@leda.test', /^\/(app|admin)/);
      await open(tp, `/admin/user-editor/${p.userId}`);
      await tp.page.getByRole('link', { name: `Erase ${p.name}` }).click();
      await waitForPath(tp.page, `/admin/user-erase/${p.userId}`);
      await tp.page.getByRole('heading', { name: `Erase ${p.name}` }).waitFor();
      await noOverflow(tp);
      await tp.page.getByRole('button', { name: `Erase ${p.name}` }).click();
      await waitForPath(tp.page, '/admin/user-list?saved=erased');
      await tp.page.getByText('The account was erased.').waitFor();
      await cannotLogIn(javaScript, p.email);
    }, 120_000);

    it('a person asks for their own erasure in settings and withdraws it', async () => {
      const p = await makePerson(`Sol${js}`);
      const tp = await newPage({ javaScript, viewport: NARROW });
      await loginAndWait(tp, p.email, /^\/app/, PASSWORD);
      await open(tp, '/app/settings/erase');
      await tp.page.getByRole('heading', { name: 'Erase my account' }).waitFor();
      await noOverflow(tp);
      await tp.page.getByLabel(/I understand that my account will be erased/).check();
      await tp.page.getByRole('button', { name: 'Erase my account' }).click();
      await waitForPath(tp.page, '/app/settings/erase?done=requested');
      await tp.page.getByText(/will be erased in 14 days/).waitFor();
      await tp.page.getByRole('button', { name: 'Withdraw my request' }).click();
      await waitForPath(tp.page, '/app/settings/erase?done=withdrawn');
      await tp.page.getByText('Your request is withdrawn. Nothing will be erased.').waitFor();
      await noOverflow(tp);
    }, 120_000);
  });
}
