import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { CatalogueImportError, importCatalogue } from './import.server';
import { seedArticles } from './contents.server';
import { runCatalogueImport } from '../../scripts/catalogue-import';
import { FIXTURE_ARTICLES, FIXTURE_CATALOGUE, FIXTURE_JOURNEYS } from '../../tests/support/content';

const tmpDirs: string[] = [];
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** One catalogue folder laid out like the shipped one: the test fixtures (tests/fixtures/catalogue and journeys) merged. */
function copyContent() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-catalogue-'));
  tmpDirs.push(dir);
  fs.cpSync(FIXTURE_CATALOGUE, dir, { recursive: true });
  fs.cpSync(FIXTURE_JOURNEYS, dir, { recursive: true });
  return dir;
}
const CONTENT = copyContent();
const readJson = (dir: string, rel: string) => JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8'));
const writeJson = (dir: string, rel: string, value: unknown) => fs.writeFileSync(path.join(dir, rel), JSON.stringify(value, null, 2));

const TABLES = [
  'capabilities', 'skill_groups', 'skills', 'videos', 'video_skills', 'modules', 'stories', 'story_skills', 'chapters',
  'chapter_related_videos', 'chapter_related_assessments', 'games', 'game_stages', 'game_choices', 'game_choice_skills',
  'game_related_skills', 'game_feedbacks', 'game_activities', 'assessments', 'assessment_questions', 'assessment_options',
  'assessment_option_skills', 'assessment_related_skills', 'survey_feedbacks', 'survey_activities',
] as const;

/** Every catalogue row, in a stable order: what "changes nothing" is checked against. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const rows = await getDb().selectFrom(t).selectAll().execute();
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function problemsOf(folder: string) {
  try {
    await importCatalogue(getDb(), folder);
  } catch (e) {
    if (e instanceof CatalogueImportError) return e.problems;
    throw e;
  }
  throw new Error('expected the import to fail');
}

describe('catalogue import', () => {
  it('imports a catalogue folder, and a re-run changes nothing', async () => {
    const summary = await importCatalogue(getDb(), CONTENT);
    expect(summary).toMatchObject({ capabilities: 2, skillGroups: 4, skills: 11, modules: 2, stories: 3, chapters: 9, games: 1, assessments: 2 });
    const before = await snapshot();
    expect(before.game_stages!.length).toBe(summary.stages);
    await importCatalogue(getDb(), CONTENT);
    expect(await snapshot()).toEqual(before);
  });

  it('rejects a malformed file naming the file and field, and changes nothing', async () => {
    const before = await snapshot();
    const dir = copyContent();
    const skill = readJson(dir, 'skills/empathy.json');
    writeJson(dir, 'skills/empathy.json', { ...skill, name: 'Changed', isLocked: 'yes' });
    const game = readJson(dir, 'games/the-heated-meeting.json');
    game.stages[1].type = 'Monologue';
    game.stages[2].next = 'nowhere';
    game.stages[6].choices[0].skillPoints[0].skill = 'juggling';
    writeJson(dir, 'games/the-heated-meeting.json', game);
    fs.writeFileSync(path.join(dir, 'stories/broken.json'), '{ "urlId": ');

    const problems = await problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        'skills/empathy.json: isLocked: Invalid input: expected boolean, received string',
        expect.stringMatching(/^games\/the-heated-meeting\.json: stages\.1\.type: Unknown stage type "Monologue"/),
        expect.stringMatching(/^stories\/broken\.json: \(file\): cannot be read/),
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('a failure while writing rolls back everything written before it (one transaction)', async () => {
    const before = await snapshot();
    const dir = copyContent();
    writeJson(dir, 'skills/empathy.json', { ...readJson(dir, 'skills/empathy.json'), name: 'Empathy (changed)' });
    writeJson(dir, 'games/the-heated-meeting.json', { ...readJson(dir, 'games/the-heated-meeting.json'), name: 'Boom' });
    // Games are written last: make the database refuse this one.
    await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin
      if new.name = 'Boom' then raise exception 'refused'; end if; return new; end $$`.execute(getDb());
    await sql`create trigger refuse_boom before insert or update on games for each row execute function refuse_boom()`.execute(getDb());
    try {
      await expect(importCatalogue(getDb(), dir)).rejects.toThrow('refused');
    } finally {
      await sql`drop trigger refuse_boom on games`.execute(getDb());
      await sql`drop function refuse_boom()`.execute(getDb());
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reports cross-reference problems (unknown skills, videos, assessments, stage keys)', async () => {
    const dir = copyContent();
    const game = readJson(dir, 'games/the-heated-meeting.json');
    game.startStage = 'missing-start';
    game.stages[2].next = 'nowhere';
    game.stages[6].choices[0].skillPoints[0].skill = 'juggling';
    writeJson(dir, 'games/the-heated-meeting.json', game);
    const story = readJson(dir, 'stories/feedback-that-lands.json');
    story.chapters[0].video = 'no-such-video';
    story.chapters[0].relatedAssessments = ['no-such-survey'];
    writeJson(dir, 'stories/feedback-that-lands.json', story);

    const problems = await problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        'games/the-heated-meeting.json: startStage: unknown stage key "missing-start"',
        'games/the-heated-meeting.json: stages.2.next: unknown stage key "nowhere"',
        'games/the-heated-meeting.json: stages.6.choices.0.skillPoints.0.skill: unknown skill "juggling"',
        'stories/feedback-that-lands.json: chapters.0.video: unknown video "no-such-video"',
        'stories/feedback-that-lands.json: chapters.0.relatedAssessments.0: unknown assessment "no-such-survey"',
      ]),
    );
  });

  it('reads YAML files and updates by urlId without new rows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-catalogue-yaml-'));
    tmpDirs.push(dir);
    fs.mkdirSync(path.join(dir, 'skills'));
    fs.writeFileSync(
      path.join(dir, 'skills/empathy.yaml'),
      ['urlId: empathy', 'name: Empathy (revised)', 'skillGroup: social-awareness', 'ordinal: 1', 'overview: Seeing from the other side.', 'content: "<p>Revised.</p>"', ''].join('\n'),
    );
    const count = async () => (await getDb().selectFrom('skills').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await importCatalogue(getDb(), dir);
    const row = await getDb().selectFrom('skills').selectAll().where('url_id', '=', 'empathy').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Empathy (revised)', content: '<p>Revised.</p>' });
    expect(Number(await count())).toBe(before);
    await importCatalogue(getDb(), CONTENT); // back to the fixture text
  });

  it('the CLI prints a summary, or every problem and exit code 1', async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) };
    // The journeys' readings are articles (seeded on their own); without them the journeys are
    // refused with the unknown reading named.
    expect(await runCatalogueImport(CONTENT, out)).toBe(1);
    expect(errors).toContain('  journeys/02-giving-feedback-that-lands.json: steps.0.items.1.content: unknown content "feedback-that-lands"');
    errors.length = 0;
    await seedArticles(getDb(), FIXTURE_ARTICLES);
    expect(await runCatalogueImport(CONTENT, out)).toBe(0);
    expect(lines).toContain('  skills: 11');
    expect(lines).toContain('  journeys: 6');

    const dir = copyContent();
    writeJson(dir, 'capabilities.json', [{ urlId: 'Bad Id', name: '' }]);
    expect(await runCatalogueImport(dir, out)).toBe(1);
    expect(errors[0]).toMatch(/^Nothing was imported: \d+ problems? in /);
    expect(errors).toContain('  capabilities.json: 0.urlId: Use lowercase letters, digits and hyphens (looks-like-this)');
    expect(errors).toContain('  capabilities.json: 0.name: Required');
    expect(await runCatalogueImport(undefined, out)).toBe(2);
  });
});
