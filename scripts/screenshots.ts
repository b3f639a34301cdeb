/**
 * `npm run screenshots`: every learner screen and the main admin screens at 1280 and 390 px, as
 * JPEG (quality 60, the first screenful only, so the folder stays small), with playwright-core and
 * Debian's chromium like the browser tests, into docs/screenshots/<name>-<width>.jpg with an index
 * docs/screenshots/README.md. It builds nothing:
 *
 *   npm run screenshots -- --url http://127.0.0.1:3000   a running server with the demo data
 *   npm run screenshots                                  build/index.js on a free port, fresh embedded database
 *
 * --only <text> keeps the screens whose name contains the text (the index is then not rewritten);
 * --full <dir> also writes each whole page (scrolled to its end) into <dir>, as PNG.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { repoRoot } from './lib/server-process';
import { startScratchServer } from './lib/scratch-server';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'leda-demo-2026';
const OUT = path.join(repoRoot, 'docs/screenshots');
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface Screen {
  name: string;
  path: string;
  title: string;
  /** A link on the page at `path` to follow first (a screen whose address depends on the data, e.g. a post). */
  follow?: string;
}

/** The learner app as the organisation admin (a member of both demo teams, with insights), as screens.e2e does. */
const LEARNER: Screen[] = [
  { name: 'learner-home', path: '/app/home', title: 'Learner home' },
  { name: 'my-journeys', path: '/app/journeys', title: 'My journeys' },
  { name: 'search', path: '/app/search?q=feedback', title: 'Search results' },
  { name: 'team-list', path: '/app/team', title: 'Teams' },
  { name: 'team-home', path: '/app/team/1', title: 'Team home (feed)' },
  { name: 'team-members', path: '/app/team/1/members', title: 'Team members' },
  { name: 'team-posts', path: '/app/team/1/posts', title: 'Team posts (admin)' },
  { name: 'post-page', path: '/app/team/1', follow: 'article.post-card.pinned a[href^="/app/post/"]', title: 'A post with its photos and comments (the pinned post)' },
  { name: 'team-journeys', path: '/app/team/1/journeys', title: 'Team journeys timeline' },
  { name: 'team-insights', path: '/app/team/1/insights', title: 'Team insights' },
  { name: 'journey-overview', path: '/app/journey/running-effective-one-on-ones', title: 'Journey overview' },
  { name: 'journey-step', path: '/app/journey/running-effective-one-on-ones/step/their-meeting', title: 'Journey step' },
  { name: 'activities', path: '/app/activities', title: 'My Activities' },
  { name: 'activities-completed', path: '/app/activities/completed-activities', title: 'Completed activities' },
  { name: 'explore-skills', path: '/app/explore/skill', title: 'Explore: skills' },
  { name: 'explore-stories', path: '/app/explore/story', title: 'Explore: stories' },
  { name: 'explore-activities', path: '/app/explore/activities', title: 'Explore: activities' },
  { name: 'story-chapter', path: '/app/explore/story/crossed-wires/chapter/a-small-comment', title: 'Story chapter' },
  { name: 'notifications', path: '/app/notifications', title: 'Notifications' },
  { name: 'profile', path: '/app/profile', title: 'Profile' },
  { name: 'settings-profile', path: '/app/settings/profile', title: 'Settings: profile' },
  { name: 'settings-notification', path: '/app/settings/notification', title: 'Settings: notifications' },
  { name: 'settings-data', path: '/app/settings/data', title: 'Settings: your data' },
  { name: 'settings-erase', path: '/app/settings/erase', title: 'Settings: erase account' },
  { name: 'feedback', path: '/app/feedback', title: 'Peer feedback: request' },
  { name: 'feedback-results', path: '/app/feedback?tab=results', title: 'Peer feedback: results' },
  { name: 'help', path: '/app/help', title: 'Help' },
];

/** The demo learner: what a plain learner sees (their badges, their home). */
const PLAIN_LEARNER: Screen[] = [
  { name: 'learner-home-learner', path: '/app/home', title: 'Learner home (demo learner)' },
  { name: 'profile-learner', path: '/app/profile', title: 'Profile with badges (demo learner)' },
];

const ADMIN: Screen[] = [
  { name: 'admin-home', path: '/admin', title: 'Admin console' },
  { name: 'admin-users', path: '/admin/user-list', title: 'Users' },
  { name: 'admin-user-editor', path: '/admin/user-editor', title: 'User editor' },
  { name: 'admin-teams', path: '/admin/team-list', title: 'Teams' },
  { name: 'admin-organisation', path: '/admin/organisation-editor/1', title: 'Organisation editor' },
  { name: 'admin-team-editor', path: '/admin/team-editor/1', title: 'Team editor' },
  { name: 'admin-team-settings', path: '/admin/team-editor/1/settings', title: 'Team settings (General)' },
  { name: 'admin-team-journeys', path: '/admin/team-editor/1/settings/journeys', title: 'Team schedule editor' },
  { name: 'admin-team-stats', path: '/admin/team-editor/1/stats', title: 'Team stats' },
  { name: 'admin-presets', path: '/admin/team-presets', title: 'Team presets' },
  { name: 'admin-preset-editor', path: '/admin/team-presets/1', title: 'Preset editor' },
  { name: 'admin-activities', path: '/admin/activity-list', title: 'Activities' },
  { name: 'admin-content', path: '/admin/content-list', title: 'Content' },
  { name: 'admin-journeys', path: '/admin/journey-list', title: 'Journeys' },
  { name: 'admin-notifications', path: '/admin/notification-list', title: 'Notifications' },
  { name: 'admin-audit-log', path: '/admin/audit-log', title: 'Audit log' },
  { name: 'admin-communications', path: '/admin/communication-list/learner%40leda.test', title: 'Emails to a user' },
  { name: 'admin-design', path: '/admin/design', title: 'Design system' },
];

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(app|admin)/);
}

async function main() {
  const given = option('url');
  const only = option('only');
  // --full DIR: also the whole page (not only the first screenful) into DIR, to look at (not kept in docs).
  const fullDir = option('full');
  if (fullDir) fs.mkdirSync(fullDir, { recursive: true });
  const server = given ? { baseUrl: given.replace(/\/+$/, ''), stop: async () => undefined } : await startScratchServer('screenshots');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  fs.mkdirSync(OUT, { recursive: true });
  const shot: { group: string; screen: Screen; files: string[] }[] = [];
  try {
    for (const [group, email, screens] of [
      ['Learner app (organisation admin, member of both demo teams)', 'orgadmin@leda.test', LEARNER],
      ['Learner app (demo learner)', 'learner@leda.test', PLAIN_LEARNER],
      ['Admin console (product admin)', 'admin@leda.test', ADMIN],
    ] as const) {
      const list = screens.filter((s) => !only || s.name.includes(only));
      if (!list.length) continue;
      for (const viewport of WIDTHS) {
        const context = await browser.newContext({ viewport, locale: 'en-AU', timezoneId: 'Australia/Sydney', deviceScaleFactor: 1, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
        const page = await context.newPage();
        await signIn(page, server.baseUrl, email);
        for (const screen of list) {
          await page.goto(`${server.baseUrl}${screen.path}`, { waitUntil: 'networkidle' });
          if (screen.follow) {
            const href = await page.locator(screen.follow).first().getAttribute('href');
            await page.goto(`${server.baseUrl}${href}`, { waitUntil: 'networkidle' });
          }
          await page.evaluate(() => document.fonts.ready);
          const file = `${screen.name}-${viewport.width}.jpg`;
          await page.screenshot({ path: path.join(OUT, file), type: 'jpeg', quality: 60 });
          if (fullDir) await page.screenshot({ path: path.join(fullDir, file.replace(/\.jpg$/, '.png')), type: 'png', fullPage: true });
          const entry = shot.find((s) => s.screen === screen) ?? shot[shot.push({ group, screen, files: [] }) - 1]!;
          entry.files.push(file);
          console.log(file);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (only) return;
  const bytes = fs.readdirSync(OUT).filter((f) => f.endsWith('.jpg')).reduce((n, f) => n + fs.statSync(path.join(OUT, f)).size, 0);
  const lines = [
    '# Screenshots',
    '',
    `Every learner screen and the main admin screens at 1280 x 800 and 390 x 844 px (the first screenful, JPEG quality 60; ${(bytes / 1024 / 1024).toFixed(1)} MB in all), made by \`npm run screenshots\` (scripts/screenshots.ts) against the demo data, viewer time zone Australia/Sydney.`,
    '',
  ];
  for (const group of [...new Set(shot.map((s) => s.group))]) {
    lines.push(`## ${group}`, '', '| Screen | Path | 1280 px | 390 px |', '|---|---|---|---|');
    for (const s of shot.filter((x) => x.group === group)) {
      const [wide, narrow] = [s.files.find((f) => f.endsWith('-1280.jpg')), s.files.find((f) => f.endsWith('-390.jpg'))];
      lines.push(`| ${s.screen.title} | \`${s.screen.path}\` | ${wide ? `[${wide}](${wide})` : ''} | ${narrow ? `[${narrow}](${narrow})` : ''} |`);
    }
    lines.push('');
  }
  fs.writeFileSync(path.join(OUT, 'README.md'), `${lines.join('\n')}`);
}

await main();
