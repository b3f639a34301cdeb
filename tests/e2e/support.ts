import { createHash, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
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

const AXE_TAG = '\u0000axe ';

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
  audits: Set<Promise<void>>;
  pages: Page[];
}

/** The impacts that fail a test: the goal is no serious or critical axe violation on any screen. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations, one line
 * each ("url: rule (impact) - help: target, target"). Scans of one page run one at a time, and a
 * screen already scanned in this file (same path and markup skeleton, see screenKey) is not scanned again. Never throws for
 * a page that navigates away or closes mid-scan (the next screen is scanned when it loads).
 */
export function axeViolations(page: Page): Promise<string[]> {
  const previous = scanQueues.get(page) ?? Promise.resolve([]);
  const run = previous.catch(() => []).then(() => scan(page));
  scanQueues.set(page, run);
  return run;
}

const scanQueues = new WeakMap<Page, Promise<string[]>>();
const scannedScreens = new Set<string>();
/**
 * What makes two screens the same for axe: the path (numbers as ':n') and the markup's skeleton
 * (tags, classes and roles, without text, ids, links or values). Each stage of a game or question of
 * a survey is one screen; a new element, state or layout is a new one.
 */
const KEPT_ATTRIBUTES = new Set(['class', 'role', 'type', 'aria-expanded', 'aria-invalid', 'aria-current', 'aria-hidden', 'aria-modal', 'open', 'disabled', 'hidden']);

function screenKey(url: string, html: string) {
  const u = new URL(url);
  const path = u.pathname.replace(/\/\d+(?=\/|$)/g, '/:n');
  const skeleton = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>[^<]*</g, '><')
    .replace(/\s([\w:-]+)(?:="[^"]*")?/g, (attr, name: string) => (KEPT_ATTRIBUTES.has(name) ? attr : ''));
  return `${path}\n${createHash('sha1').update(skeleton).digest('hex')}`;
}

const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');

async function scan(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  const url = page.url();
  try {
    const html = withoutScripts(await page.content());
    const key = screenKey(url, html);
    if (scannedScreens.has(key)) return [];
    scannedScreens.add(key);
    const results = noScriptPages.has(page) ? await analyzeCopy(page, url, html) : await axeFor(page).analyze();
    return results.violations
      .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
      .map((v) => `${url}: ${v.id} (${v.impact}) - ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // The test moved on mid-scan (a new document has no axe in it): that screen is gone, the next one gets its own scan.
    if (page.isClosed() || page.url() !== url || /closed|destroyed|navigat|detached|Target|reading 'run'|axe is not defined/i.test(message)) return [];
    throw err;
  }
}

/** axe with its default rules plus label-content-name-mismatch (experimental, so off by default; issue 9 found it). */
const axeFor = (page: Page) =>
  new AxeBuilder({ page: page as never }).setLegacyMode(true).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });

/** Pages of contexts with JavaScript off: axe cannot run inside them. */
const noScriptPages = new WeakSet<Page>();

/** One scratch page (script on) per browser, used by one scan at a time. */
const scratchPages = new WeakMap<Browser, Promise<{ page: Page; serve: { url: string; html: string } }>>();
let scratchLock: Promise<unknown> = Promise.resolve();

function scratchFor(browser: Browser) {
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = (async () => {
      const context = await browser.newContext({ locale: 'en-AU' });
      const page = await context.newPage();
      const serve = { url: '', html: '' };
      await page.route(
        (u) => u.href === serve.url,
        (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: serve.html }),
      );
      return { page, serve };
    })();
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

/**
 * axe needs script, so a JavaScript-off page is scanned as a copy: its current HTML (scripts
 * removed, so nothing hydrates) served at the same URL in a scratch page of the same size with
 * script on; styles and images load as usual.
 */
async function analyzeCopy(page: Page, url: string, html: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error('axe: the page has no browser');
  const run = scratchLock.catch(() => undefined).then(async () => {
    const { page: copy, serve } = await scratchFor(browser);
    serve.url = url;
    serve.html = html;
    await copy.setViewportSize(page.viewportSize() ?? { width: 1280, height: 800 });
    await copy.goto(url);
    return axeFor(copy).analyze();
  });
  scratchLock = run;
  return run;
}

/** Fails the test now if axe finds a serious or critical violation on the page as it is. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page), 'axe-core: serious or critical accessibility violations').toEqual([]);
}

/**
 * Call once at the top of a test file: launches chromium before the file's tests, closes each
 * test's pages after it (failing the test on an uncaught page error or a CSP violation), and
 * closes the browser at the end.
 */
export function browserForThisFile() {
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];
  // Each page gets its own client IP (the e2e server is started with TRUST_PROXY=loopback), so
  // the per-IP login limit of one address does not throttle a whole file of sign-ins.
  const ipBlock = randomInt(1, 250);
  let ipSeq = 0;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH_ARGS });
  });

  afterEach(async () => {
    const done = tracked;
    tracked = [];
    // Every screen a test leaves open is scanned too (its last state), after the scans of the
    // screens it passed through.
    const violations = new Set<string>();
    for (const t of done) {
      await Promise.all(t.audits);
      for (const page of t.pages) for (const v of await axeViolations(page).catch((e: Error) => [`axe failed: ${e.message}`])) violations.add(v);
      for (const v of t.problems.filter((p) => p.startsWith(AXE_TAG))) violations.add(v.slice(AXE_TAG.length));
    }
    await Promise.all(done.map((t) => t.context.close().catch(() => undefined)));
    const problems = done.flatMap((t) => t.problems.filter((p) => !p.startsWith(AXE_TAG)));
    expect(problems, 'uncaught page errors or Content-Security-Policy violations').toEqual([]);
    expect([...violations], 'axe-core: serious or critical accessibility violations').toEqual([]);
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
    const audits = new Set<Promise<void>>();
    const pages: Page[] = [];
    tracked.push({ context, problems, audits, pages });
    const page = await context.newPage();
    pages.push(page);
    if (!opts.javaScript) noScriptPages.add(page);
    // axe runs on every screen the page shows: after each full load (links and forms without
    // JavaScript, goto) and after each client-side navigation (Remix with JavaScript on).
    const audit = (delayMs: number) => {
      const run = new Promise((r) => setTimeout(r, delayMs))
        .then(() => axeViolations(page))
        .then((found) => { for (const v of found) problems.push(AXE_TAG + v); })
        .catch((e: Error) => { problems.push(`${AXE_TAG}axe failed on ${page.url()}: ${e.message}`); })
        .finally(() => audits.delete(run));
      audits.add(run);
    };
    page.on('load', () => audit(0));
    // A test that goes on to another URL waits for the scan of the screen it leaves.
    const goto = page.goto.bind(page);
    page.goto = async (...a: Parameters<Page['goto']>) => {
      await Promise.all(audits);
      return goto(...a);
    };
    let lastPath = '';
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const here = new URL(frame.url()).pathname;
      if (here !== lastPath && opts.javaScript) audit(400);
      lastPath = here;
    });
    page.on('pageerror', (err) => problems.push(`${page.url()}: ${err.message}`));
    page.on('console', (msg) => {
      // A CSP refusal, or a route module that fails in the browser (a server-only value used by the page), fails the test.
      if (msg.type() === 'error' && /Content Security Policy|Error loading route module/i.test(msg.text())) problems.push(`${page.url()}: ${msg.text()}`);
    });
    return { page, context, javaScript: opts.javaScript };
  }

  return { newPage };
}

/** Waits until React has hydrated the document (JavaScript on), so clicks go through Remix. */
export async function waitForHydration(page: Page) {
  // root.tsx sets data-hydrated in an effect, after React committed the whole document: a form's
  // React props alone can appear mid-hydration (hydrateRoot runs in a transition, in slices), when a
  // click on a later link still falls through to the browser's own navigation.
  // The post editor's code loads after the page's (decision 351): it has hydrated when its toolbar shows.
  await page.waitForFunction(
    () => document.documentElement.hasAttribute('data-hydrated') && [...document.querySelectorAll('.post-editor-slot')].every((s) => s.querySelector('.post-editor-toolbar')),
  );
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
