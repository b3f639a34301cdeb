import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, resetEnvCache } from '@modules/shared/index.server';
import { makeTeam, makeUser } from '../tests/support/factories';
import { runUsersImport } from './users-import';

/** `npm run users:import -- <team-id> <file.csv>`: the admin console's CSV import job, from the shell (in-process jobs). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-users-import-'));
const saved = process.env.REDIS_URL;
beforeAll(() => {
  delete process.env.REDIS_URL;
  resetEnvCache();
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (saved) process.env.REDIS_URL = saved;
  resetEnvCache();
});

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) } };
}

describe('npm run users:import', () => {
  it('imports a CSV with a BOM, Windows line endings, quoted commas and a bad row; a re-run creates no duplicates', async () => {
    const team = await makeTeam({ name: 'Shell Team' });
    const existing = await makeUser({ email: 'already.here@example.test', organisationId: null });
    const file = path.join(dir, 'people.csv');
    fs.writeFileSync(
      file,
      '\uFEFFFirst Name,Last Name,Email,Job Title,Is this person the admin?\r\n' +
        'Ana,Smith,ana.smith@example.test,"Head of Sales, APAC",yes\r\n' +
        '\r\n' +
        'Ben,Jones,ben.jones@example.test,Engineer,no\r\n' +
        'Bad,Row,not-an-email,,no\r\n' +
        'Already,Here,already.here@example.test,,no\r\n',
    );
    const first = capture();
    expect(await runUsersImport([String(team.teamId), file], first.out, { pollMs: 20 })).toBe(0);
    expect(first.lines.join('\n')).toMatch(/Done: 2 created, 1 added, \d+ skipped, \d+ errors/);

    const members = await getDb()
      .selectFrom('team_users')
      .innerJoin('users', 'users.id', 'team_users.user_id')
      .select(['users.email', 'users.job_title', 'team_users.is_team_admin'])
      .where('team_users.team_id', '=', team.teamId)
      .orderBy('users.email')
      .execute();
    expect(members.map((m) => m.email)).toEqual(['already.here@example.test', 'ana.smith@example.test', 'ben.jones@example.test']);
    expect(members.find((m) => m.email === 'ana.smith@example.test')).toMatchObject({ job_title: 'Head of Sales, APAC', is_team_admin: true });
    expect(existing.userId).toBeGreaterThan(0);

    const again = capture();
    expect(await runUsersImport([String(team.teamId), file], again.out, { pollMs: 20 })).toBe(0);
    expect(again.lines.join('\n')).toMatch(/Done: 0 created, 0 added/);
    const count = await getDb().selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('email', 'like', '%@example.test').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('answers usage, a missing file and an unknown team with a message and a non-zero code', async () => {
    const usage = capture();
    expect(await runUsersImport([], usage.out)).toBe(2);
    expect(usage.lines).toEqual(['ERR Usage: npm run users:import -- <team-id> <file.csv>']);
    const missing = capture();
    expect(await runUsersImport(['1', path.join(dir, 'nope.csv')], missing.out)).toBe(2);
    expect(missing.lines[0]).toMatch(/^ERR No such file/);
    const file = path.join(dir, 'one.csv');
    fs.writeFileSync(file, 'first name,last name,email\nA,B,a.b@example.test\n');
    const unknown = capture();
    expect(await runUsersImport(['99999999', file], unknown.out)).toBe(1);
    expect(unknown.lines).toEqual(['ERR This team does not exist.']);
  });
});
