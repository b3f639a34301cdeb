import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForThisFile, loginAndWait, open, type TestPage } from './support';

/**
 * The shared form setup (app/components/forms.tsx, docs/decisions/141): after a failed submit,
 * focus is on the form's first error, with JavaScript off (the server's render marks it with
 * autofocus) and on (conform, or autofocus when the form error appears); and the page ships no
 * zod: the browser validates with the constraints only, the server with the schema.
 */
const { newPage } = browserForThisFile();

/** The label of the focused element, or its role and text for a focused alert. */
function focused(tp: TestPage) {
  return tp.page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    if (el.getAttribute('role') === 'alert') return `alert: ${el.textContent?.trim()}`;
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent?.trim() : undefined;
    return `${label ?? el.tagName} (aria-invalid=${el.getAttribute('aria-invalid')})`;
  });
}

for (const javaScript of [false, true]) {
  describe(`after a failed submit with JavaScript ${javaScript ? 'on' : 'off'}`, () => {
    it('the log-in form focuses the first field in error, then the wrong-password message', async () => {
      const tp = await newPage({ javaScript });
      await open(tp, '/auth/login');
      await tp.page.getByRole('button', { name: 'Log in' }).click();
      await tp.page.locator('input[name="email"][aria-invalid="true"]').waitFor();
      await expect.poll(() => focused(tp)).toBe('Email (aria-invalid=true)');

      await tp.page.getByLabel('Email').fill('nobody-here@leda.test');
      await tp.page.getByLabel('Password').fill('not-the-password');
      await tp.page.getByRole('button', { name: 'Log in' }).click();
      await tp.page.getByRole('alert').filter({ hasText: /password/i }).waitFor();
      await expect.poll(() => focused(tp)).toMatch(/^alert: .*password/i);
    });

    it('the contact form focuses its first field in error and keeps what was typed', async () => {
      const tp = await newPage({ javaScript });
      await open(tp, '/contact');
      await tp.page.getByLabel('Job title (optional)').fill('Team lead');
      await tp.page.getByRole('button', { name: 'Send message' }).click();
      await tp.page.locator('input[name="firstName"][aria-invalid="true"]').waitFor();
      await expect.poll(() => focused(tp)).toBe('First name (aria-invalid=true)');
      await expect.poll(() => tp.page.getByLabel('Job title (optional)').inputValue()).toBe('Team lead');
    });
  });
}

describe('browser JavaScript per page (issue 16: at most 150 KB gzipped, no zod, no libphonenumber)', () => {
  const PUBLIC_PAGES = ['/', '/articles', '/pricing', '/contact', '/try-for-free', '/unsubscribe', '/auth/login', '/auth/password-forgot'];
  const JOURNEY = '/app/journey/giving-feedback-that-lands';
  const MAX_GZIP_BYTES = 150 * 1024;
  const seen = new Map<string, string>();

  /** Sums the gzipped size of every script the page's HTML loads (module scripts and preloads). */
  async function measure(paths: string[], get: (path: string) => Promise<string>) {
    const sizes: Record<string, number> = {};
    for (const path of paths) {
      const html = await get(path);
      const files = [...new Set(html.match(/\/build\/[^"'\s)]+\.js/g) ?? [])];
      expect(files.length, path).toBeGreaterThan(2);
      let total = 0;
      for (const file of files) {
        if (!seen.has(file)) seen.set(file, await fetch(new URL(file, baseUrl())).then((r) => r.text()));
        total += gzipSync(seen.get(file)!).length;
      }
      sizes[path] = total;
    }
    for (const [path, bytes] of Object.entries(sizes)) expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KB gzipped`).toBeLessThan(MAX_GZIP_BYTES);
    for (const [file, source] of seen) {
      expect(source.includes('ZodError') || source.includes('$ZodType'), `${file} contains zod`).toBe(false);
      expect(/isValidPhoneNumber|libphonenumber/.test(source), `${file} contains libphonenumber`).toBe(false);
    }
    return sizes;
  }

  it('every public page with a form loads under the budget and ships neither zod nor the phone metadata', async () => {
    await measure(PUBLIC_PAGES, (path) => fetch(new URL(path, baseUrl())).then((r) => r.text()));
  });

  it('every learner page (team list, a team, My Activities, Explore skills, a journey and its step) does too', async () => {
    const tp = await newPage({ javaScript: false });
    await loginAndWait(tp, 'learner@leda.test', /^\/app/);
    const get = async (path: string) => {
      const res = await tp.page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(new URL(res.url()).pathname, `${path} was redirected`).toMatch(/^\/app\//);
      return res.text();
    };
    const teamHref = (await get('/app/team')).match(/href="(\/app\/team\/\d+)"/)?.[1];
    expect(teamHref, 'a team card links to its team').toBeDefined();
    await tp.page.goto(JOURNEY);
    const stepHref = await tp.page.getByRole('navigation', { name: 'Journey steps' }).getByRole('link').first().getAttribute('href');
    expect(stepHref, 'the journey links to its first step').toMatch(/\/step\//);
    const sizes = await measure(['/app/team', teamHref!, '/app/activities', '/app/activities/completed-activities', '/app/explore/skill', JOURNEY, stepHref!], get);
    expect(Object.keys(sizes)).toHaveLength(7);
  });
});
