import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests bring their own content (issue 30 s.7, docs/decisions/322 and 345): a unit or integration test
 * imports tests/fixtures (tests/support/content.ts), never the shipped demo (content/, the seedCatalogue /
 * seedActivities / seedJourneys / seedDemo* steps, scripts/seed), so editing the demo breaks no test that
 * is not about the demo. A test of the demo itself is named *.demo.test.ts or sits in DEMO_TESTS with
 * its reason; NOT_YET_MOVED lists files still to convert, and only shrinks.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SELF = 'tests/integration/demo-content-guard.test.ts';

/** Reads the demo: its seed steps, its folders, or the seed script. */
const READS_DEMO = /\bseed(Catalogue|Activities|Journeys|Demo[A-Za-z]*)\s*\(|['"`/]content\/(catalogue|articles)\b|path\.resolve\(['"]content['"/]|scripts\/seed['"]/;

/** Tests whose subject is the demo, with the reason. */
const DEMO_TESTS: Record<string, string> = {
  'app/routes/app+/team.demo-feed.test.ts': 'the demo feed seed itself (seedDemoFeed): its posts, polls and scheduled post',
  'modules/admin/default-preset.server.test.ts': "the default preset built from the shipped catalogue's journeys on first start",
};

/** Still seeding the demo, to move to tests/fixtures when next touched. Remove an entry once it is moved. */
const NOT_YET_MOVED = new Set<string>([]);

const TEST_DIRS = ['app', 'modules', 'jobs', 'scripts', 'tests/integration'];
const files = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)])) : [];
const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
const testFiles = TEST_DIRS.flatMap((d) => files(path.join(root, d)))
  .map(rel)
  .filter((f) => /\.test\.tsx?$/.test(f) && f !== SELF);
/** The helpers tests share: a seed hidden in one of them would reach every test that calls it. */
const supportFiles = files(path.join(root, 'tests/support')).map(rel).filter((f) => /\.tsx?$/.test(f));
const readsDemo = (f: string) => READS_DEMO.test(fs.readFileSync(path.join(root, f), 'utf8'));
const isDemoTest = (f: string) => /\.demo\.test\.tsx?$/.test(f) || f in DEMO_TESTS || f === 'scripts/seed.test.ts';

describe('tests do not lean on the demo content', () => {
  it('no test file outside the demo tests and the not-yet-moved list seeds or reads the shipped demo', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    expect(testFiles.filter((f) => readsDemo(f) && !isDemoTest(f) && !NOT_YET_MOVED.has(f))).toEqual([]);
  });

  it('no test helper in tests/support seeds or reads the shipped demo', () => {
    expect(supportFiles.length).toBeGreaterThan(10);
    expect(supportFiles.filter(readsDemo)).toEqual([]);
  });

  it('the lists hold only files that exist and still read the demo (so a moved file leaves the list)', () => {
    const listed = [...Object.keys(DEMO_TESTS), ...NOT_YET_MOVED];
    expect(listed.filter((f) => !testFiles.includes(f))).toEqual([]);
    expect([...NOT_YET_MOVED].filter((f) => !readsDemo(f))).toEqual([]);
  });

  it('the pattern catches each way of reading the demo', () => {
    for (const line of [
      'await seedCatalogue(getDb());',
      'await seedActivities(db);',
      'await seedJourneys(getDb());',
      'await seedDemoFeed(getDb(), teams, scheduler);',
      "await seedArticles(getDb(), path.resolve('content/articles'));",
      "await importCatalogue(getDb(), 'content/catalogue');",
      "import { main } from '../../scripts/seed';",
    ])
      expect(READS_DEMO.test(line), line).toBe(true);
    for (const line of ['await importFixtureJourneys();', "post(getContent, '/api/content/getContentById', {})", 'await seedArticles(getDb(), FIXTURE_ARTICLES);'])
      expect(READS_DEMO.test(line), line).toBe(false);
  });
});
