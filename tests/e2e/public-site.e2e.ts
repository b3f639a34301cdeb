import { describe, expect, it } from 'vitest';
import { browserForThisFile, open, openNewestEmail, pathOf, screenshot, waitForHydration, waitForPath, type TestPage } from './support';

/**
 * The public site in a real browser (issue 3): every form with JavaScript on and off, the
 * validation messages and thank-you states, titles, status codes, legacy redirects, the
 * articles pagination and the mobile menu (a checkbox, so it opens without JS).
 */
const { newPage } = browserForThisFile();

/** Waits for an exact path + query (support's waitForPath compares only the pathname for strings). */
async function waitForUrl(page: TestPage['page'], pathAndQuery: string) {
  await page.waitForURL((url) => url.pathname + url.search === pathAndQuery);
}

async function submit(tp: TestPage, buttonName: string | RegExp) {
  await tp.page.getByRole('button', { name: buttonName }).click();
}

/** Opens the newest email to `to`, follows its confirmation link and presses the page's button (decision 113). */
async function followNewsletterLink(tp: TestPage, to: string, label: string) {
  await openNewestEmail(tp.page, to);
  await tp.page.getByRole('link', { name: label }).click();
  await tp.page.waitForURL((url) => url.pathname.startsWith('/newsletter/confirm/'));
  if (tp.javaScript) await waitForHydration(tp.page);
  await submit(tp, label);
}

for (const javaScript of [true, false]) {
  const js = javaScript ? 'on' : 'off';

  describe(`public site with JavaScript ${js}`, () => {
    it('every public page renders with its title', async () => {
      const tp = await newPage({ javaScript });
      const titles: [string, RegExp][] = [
        ['/', /^Leda \| Leadership and soft skills/],
        ['/how', /^How it works \| Leda$/],
        ['/platform', /^Platform tour \| Leda$/],
        ['/pricing', /^Pricing \| Leda$/],
        ['/articles', /^Articles \| Leda$/],
        ['/articles/tag/training', /^Training articles \| Leda$/],
        ['/articles/feedback-that-lands', /^Feedback that lands/],
        ['/contact', /^Contact us \| Leda$/],
        ['/try-for-free', /^Try for free \| Leda$/],
        ['/privacy-policy', /^Privacy policy \| Leda$/],
        ['/terms-conditions', /^Terms and conditions \| Leda$/],
        ['/unsubscribe', /^Unsubscribe \| Leda$/],
        ['/license-expired', /^Licence expired \| Leda$/],
      ];
      for (const [path, title] of titles) {
        const res = await tp.page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect.poll(() => tp.page.title(), { message: path }).toMatch(title);
      }
    });

    it('unknown paths and /404 answer 404 with Back to home', async () => {
      const tp = await newPage({ javaScript });
      for (const path of ['/no/such/page', '/404?redirectedFrom=%2Fold', '/articles/no-such-article', '/articles?page=99']) {
        const res = await tp.page.goto(path);
        expect(res?.status(), path).toBe(404);
        await tp.page.getByText("Sorry, we couldn't find what you were looking for.").waitFor();
      }
      await tp.page.getByRole('link', { name: 'Back to home' }).click();
      await waitForPath(tp.page, '/');
    });

    it('an unknown or expired feedback link says so, with a 404 and a title', async () => {
      const tp = await newPage({ javaScript });
      const res = await tp.page.goto('/user-feedback/no-such-token');
      expect(res?.status()).toBe(404);
      await tp.page.getByRole('heading', { level: 1, name: 'Sorry, this feedback link has expired.' }).waitFor();
      expect(await tp.page.title()).toBe('Feedback link expired | Leda');
    });

    it('legacy /site/signup keeps the query and prefills the contact form', async () => {
      const tp = await newPage({ javaScript });
      await tp.page.goto('/site/signup?email=lee%40example.test');
      await waitForUrl(tp.page, '/contact?email=lee%40example.test');
      await expect.poll(() => tp.page.getByLabel('Work email').inputValue()).toBe('lee@example.test');
    });

    it('contact: the spec messages, then the thank-you replaces the form', async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await open(tp, '/contact');
      await submit(tp, 'Send message');
      await page.getByText('Enter a first name').waitFor();
      for (const message of ['Enter a last name', 'Enter an organisation', 'This field is required']) {
        expect(await page.getByText(message).count(), message).toBe(1);
      }
      // Spec 5: the consent box is required (decision 255).
      expect(await page.getByText('Tick the box to agree to receive news from Leda').count()).toBe(1);
      await page.getByLabel('First name').fill('Jo');
      await page.getByLabel('Last name').fill('Citizen');
      await page.getByLabel('Work email').fill('not-an-email');
      await page.getByLabel('Organisation').fill('Acme');
      await page.getByLabel(/I agree to receive news/).check();
      await submit(tp, 'Send message');
      await page.getByText('Enter a valid email address').waitFor();
      if (!javaScript) await page.getByLabel(/I agree to receive news/).check();
      await page.getByLabel('Work email').fill(`jo-${js}@example.test`);
      await page.getByLabel('Message (optional)').fill('We would like a walkthrough.');
      await submit(tp, 'Send message');
      await page.getByRole('heading', { name: 'Thank you, Jo!' }).waitFor();
      expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
      await screenshot(page, `contact-thanks-js-${js}`);
    });

    it('try for free: email prefilled, phone validated, thank-you', async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await open(tp, '/try-for-free?email=sam%40example.test');
      expect(await page.getByLabel('Work email').inputValue()).toBe('sam@example.test');
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Last name').fill('Tester');
      await page.getByLabel('Organisation').fill('Acme');
      await page.getByLabel('Mobile number (optional)').fill('123');
      await page.getByLabel(/I agree to receive news/).check();
      await submit(tp, 'Start my free trial');
      await page.getByText('Enter a valid phone number').waitFor();
      await page.getByLabel('Mobile number (optional)').fill('0412 345 678');
      if (!javaScript) await page.getByLabel(/I agree to receive news/).check();
      await submit(tp, 'Start my free trial');
      await page.getByRole('heading', { name: 'Thank you, Sam!' }).waitFor();
    });

    it('pricing: plan button preselects the team size; the Get enquiry validates and thanks', async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await open(tp, '/pricing');
      for (const text of ['$200', '$600', '$1,200', 'Price varies', 'Starter', 'Teams PLUS', 'Enterprise']) {
        await page.getByText(text, { exact: true }).first().waitFor();
      }
      await page.getByRole('link', { name: 'Get Teams PLUS' }).click();
      await waitForUrl(page, '/pricing?teamSize=21-50');
      if (javaScript) await waitForHydration(page);
      await expect.poll(() => page.getByLabel('Team size').inputValue()).toBe('21-50');
      await page.getByLabel('First name').fill('Pat');
      await page.getByLabel('Last name').fill('Buyer');
      await page.getByLabel('Work email').fill(`pat-${js}@example.test`);
      await page.getByLabel('Mobile number').fill('03 9123 4567');
      await submit(tp, 'Get a quote');
      await page.getByText('Enter a valid phone number').waitFor();
      await page.getByLabel('Mobile number').fill('+61 412 345 678');
      await submit(tp, 'Get a quote');
      await page.getByRole('heading', { name: 'Thank you for your enquiry!' }).waitFor();
    });

    it('home newsletter: "Enter a valid email", then check your email; the emailed link confirms it', async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await open(tp, '/');
      const box = page.locator('#newsletter');
      await box.getByLabel('Email address').fill('nope');
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await box.getByText('Enter a valid email', { exact: true }).waitFor();
      await box.getByLabel('Email address').fill(`news-${js}@example.test`);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByRole('heading', { name: 'Please check your email' }).waitFor();
      await followNewsletterLink(tp, `news-${js}@example.test`, 'Yes, send me Leda news');
      await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
    });

    it('unsubscribe shows the confirmation with a link to email the reason', async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await open(tp, '/site/unsubscribe?email=leaver%40example.test');
      await waitForUrl(page, '/unsubscribe?email=leaver%40example.test');
      if (javaScript) await waitForHydration(page);
      expect(await page.getByLabel('Email address').inputValue()).toBe('leaver@example.test');
      await submit(tp, 'Unsubscribe');
      // One step (decision 254): the thank-you right after submit.
      await page.getByRole('heading', { name: 'You have been unsubscribed' }).waitFor();
      expect(await page.getByRole('link', { name: 'Email us the reason' }).getAttribute('href')).toMatch(/^mailto:/);
    });

    it('articles: featured plus 9, a page-2 link, tag filters and an article with its reading time', async () => {
      const tp = await newPage({ javaScript });
      const { page } = tp;
      await open(tp, '/articles');
      expect(await page.locator('.article-featured').count()).toBe(1);
      expect(await page.locator('.article-grid .article-card').count()).toBe(9);
      await page.getByRole('link', { name: 'Page 2' }).click();
      await waitForUrl(page, '/articles?page=2');
      await expect.poll(() => page.locator('.article-grid .article-card').count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Others' }).click();
      await waitForPath(page, '/articles/tag/others');
      await page.getByRole('heading', { name: 'Others', level: 1 }).waitFor();
      await page.locator('.article-featured a').click();
      await waitForPath(page, /^\/articles\/[a-z-]+$/);
      await page.getByText(/\d+ min read/).waitFor();
      expect(await page.locator('.related .article-card').count()).toBe(3);
      expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    });

    it('the mobile menu opens and closes', async () => {
      const tp = await newPage({ javaScript, viewport: { width: 390, height: 800 } });
      const { page } = tp;
      await open(tp, '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.isVisible()).toBe(false);
      await page.locator('label.nav-toggle-label').click();
      await nav.getByRole('link', { name: 'Pricing' }).waitFor({ state: 'visible' });
      await nav.getByRole('link', { name: 'Pricing' }).click();
      await waitForPath(page, '/pricing');
      await expect.poll(() => nav.isVisible()).toBe(false);
    });

    it('the mobile menu opens from the keyboard (Space; with JavaScript also Enter, with aria-expanded)', async () => {
      const tp = await newPage({ javaScript, viewport: { width: 390, height: 800 } });
      const { page } = tp;
      await open(tp, '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const toggle = page.locator('#site-nav-toggle');
      await toggle.focus();
      if (javaScript) {
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await page.keyboard.press('Enter');
        await nav.getByRole('link', { name: 'Pricing' }).waitFor({ state: 'visible' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Space');
        await expect.poll(() => nav.isVisible()).toBe(false);
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      } else {
        await page.keyboard.press('Space');
        await nav.getByRole('link', { name: 'Pricing' }).waitFor({ state: 'visible' });
      }
    });

    if (javaScript) {
      it('sends one page view per navigation to /api/public/p', async () => {
        const tp = await newPage({ javaScript });
        const { page } = tp;
        const views: number[] = [];
        page.on('response', (r) => {
          if (r.url().endsWith('/api/public/p') && r.request().method() === 'POST') views.push(r.status());
        });
        await open(tp, '/');
        await expect.poll(() => views.length).toBe(1);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
        await waitForPath(page, '/articles');
        await expect.poll(() => views.length).toBe(2);
        expect(views).toEqual([200, 200]);
        expect(pathOf(page)).toBe('/articles');
      });
    }
  });
}
