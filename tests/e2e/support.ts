import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

/**
 * Browser-test helpers: one Debian chromium per test file (never a downloaded browser), pages
 * with JavaScript on or off, sign-in, and the newest email for a recipient (read through the
 * dev-only /__test/last-email hook, since the server's database is in another process).
 */
export const DEMO_PASSWORD = 'leda-demo-2026';
export const baseUrl = () => inject('e2eBaseUrl');

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface PageOptions {
  javaScript: boolean;
  viewport?: { width: number; height: number };
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  javaScript: boolean;
}

interface Tracked {
  context: BrowserContext;
  problems: string[];
}

/**
 * Call once at the top of a test file: launches chromium before the file's tests, closes each
 * test's pages after it (failing the test on an uncaught page error or a CSP violation), and
 * closes the browser at the end.
 */
export function browserForThisFile() {
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];
  // Each page gets its own client IP (the dev server trusts X-Forwarded-For from loopback), so
  // the per-IP login limit of one address does not throttle a whole file of sign-ins.
  const ipBlock = randomInt(1, 250);
  let ipSeq = 0;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH_ARGS });
  });

  afterEach(async () => {
    const done = tracked;
    tracked = [];
    await Promise.all(done.map((t) => t.context.close().catch(() => undefined)));
    const problems = done.flatMap((t) => t.problems);
    expect(problems, 'uncaught page errors or Content-Security-Policy violations').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(opts: PageOptions): Promise<TestPage> {
    if (!browser) throw new Error('browserForThisFile(): the browser is not launched yet (call newPage inside a test).');
    ipSeq++;
    const context = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: opts.javaScript,
      viewport: opts.viewport ?? { width: 1280, height: 800 },
      locale: 'en-AU',
      extraHTTPHeaders: { 'X-Forwarded-For': `10.${ipBlock}.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}` },
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(20_000);
    const problems: string[] = [];
    tracked.push({ context, problems });
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`${page.url()}: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) problems.push(`${page.url()}: ${msg.text()}`);
    });
    return { page, context, javaScript: opts.javaScript };
  }

  return { newPage };
}

/** Waits until React has hydrated the document (JavaScript on), so clicks go through Remix. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const w = window as unknown as { __remixRouter?: unknown };
    const el = document.querySelector('form') ?? document.body;
    return w.__remixRouter !== undefined && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  });
}

/** Opens a path; with JavaScript on, also waits for hydration. */
export async function open(tp: TestPage, path: string) {
  await tp.page.goto(path);
  if (tp.javaScript) await waitForHydration(tp.page);
}

/** The path and query of the page's URL, e.g. '/auth/login?thenTo=%2Fapp'. */
export function pathOf(page: Page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/**
 * Waits until the page is at this place: a string without '?' must equal the pathname, a string
 * with '?' must equal pathname + query, and a RegExp is tested against pathname + query.
 */
export async function waitForPath(page: Page, expected: string | RegExp) {
  await page.waitForURL((url) => {
    const here = url.pathname + url.search;
    if (expected instanceof RegExp) return expected.test(here);
    return expected.includes('?') ? here === expected : url.pathname === expected;
  });
}

/** Fills the login form (opening /auth/login unless already there) and submits it. */
export async function login(tp: TestPage, email: string, password = DEMO_PASSWORD) {
  const { page } = tp;
  if (new URL(page.url()).pathname !== '/auth/login') await open(tp, '/auth/login');
  else if (tp.javaScript) await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in and waits until the app (or wherever the login leads) has loaded. */
export async function loginAndWait(tp: TestPage, email: string, expectedPath: string | RegExp, password = DEMO_PASSWORD) {
  await login(tp, email, password);
  await waitForPath(tp.page, expectedPath);
}

/** Opens the newest email sent to `to` in the page, as the recipient would read it. */
export async function openNewestEmail(page: Page, to: string) {
  const res = await page.goto(`/__test/last-email?to=${encodeURIComponent(to)}`);
  if (!res || res.status() !== 200) throw new Error(`No email found for ${to} (status ${res?.status()})`);
  return decodeURIComponent((await res.headerValue('x-email-subject')) ?? '');
}

/** The newest email for a recipient, read without a browser: subject, html and its links. */
export async function newestEmail(to: string) {
  const res = await fetch(`${baseUrl()}/__test/last-email?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`No email found for ${to} (status ${res.status})`);
  const html = await res.text();
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return { subject: decodeURIComponent(res.headers.get('x-email-subject') ?? ''), html, links };
}

/** Saves a full-page screenshot when E2E_SCREENSHOTS names a folder (for a human to look at). */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
