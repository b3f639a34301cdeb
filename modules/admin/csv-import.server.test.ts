import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb } from '@modules/shared/index.server';
import { makeTeam, makeUser } from '../../tests/support/factories';
import { createImportPreview, getImport, listImportRows, NOT_CSV_MESSAGE } from './csv-import.server';
import { confirmImport, importErrorReport, runImport, sweepImports } from './csv-import-run.server';
import { runJobsInProcess } from '../../tests/support/jobs-in-process';

/**
 * CSV import with real files (admin-console sections 4, 5, 8): preview statuses, the job's result,
 * the error report, re-runs and a crash mid-import. Jobs run in this process (no REDIS_URL);
 * jobs/csv-import.test.ts kills a real BullMQ worker mid-import.
 */
runJobsInProcess();

const db = () => getDb();
const bytes = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);
const collect = async (gen: AsyncGenerator<string>) => {
  let out = '';
  for await (const s of gen) out += s;
  return out;
};
const uid = () => Math.random().toString(36).slice(2, 8);

async function membersOf(teamId: number) {
  return db()
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .select(['users.email', 'users.first_name', 'users.last_name', 'users.job_title', 'users.organisation_id', 'team_users.is_team_admin', 'users.password_hash'])
    .where('team_users.team_id', '=', teamId)
    .orderBy('users.email')
    .execute();
}

describe('CSV import', () => {
  it('previews every row status, imports, reports errors, and a re-run creates nothing new', async () => {
    const team = await makeTeam();
    const tag = uid();
    const member = await makeUser({ email: `member-${tag}@example.test`, teams: [{ teamId: team.teamId }] });
    // An account in the team's organisation but not in the team (added), and one in another organisation (refused).
    const elsewhere = await makeUser({ email: `elsewhere-${tag}@example.test`, organisationId: team.organisationId });
    const stranger = await makeUser({ email: `stranger-${tag}@example.test` });
    // A BOM, Windows line endings, a header in odd case, quoted commas and quotes, blank lines,
    // a duplicate (other case), a bad email, an existing member, an existing user elsewhere, one of another organisation.
    const csv =
      '\uFEFFFirst Name,LAST NAME,Email,Job Title,Is this person the admin?\r\n' +
      `"Smith, Jr",O'Brien,new1-${tag}@example.test,"Head of ""Ops"", APAC",yes\r\n` +
      '\r\n' +
      `Zoë,Ångström,NEW2-${tag}@Example.test,,no\r\n` +
      `Dup,Licate,new2-${tag}@example.test,,\r\n` +
      ',,,,\r\n' +
      `Bad,Email,not-an-email,,yes\r\n` +
      `Mem,Ber,${member.email},,yes\r\n` +
      `Else,Where,${elsewhere.email.toUpperCase()},Manager,YES\r\n` +
      `Stran,Ger,${stranger.email},,no\r\n`;
    const importId = await createImportPreview(db(), null, { teamId: team.teamId, fileName: 'people.csv', source: bytes(csv) });
    const preview = await getImport(db(), importId);
    expect(preview).toMatchObject({ status: 'preview', totalRows: 7 });
    expect(preview!.preview).toEqual({ create: 2, duplicate: 1, 'bad-email': 1, member: 1, add: 1, invalid: 0, 'other-org': 1 });
    const rows = await listImportRows(db(), importId);
    expect(rows.map((r) => r.previewStatus)).toEqual(['create', 'create', 'duplicate', 'bad-email', 'member', 'add', 'other-org']);
    expect(rows[0]).toMatchObject({ firstName: 'Smith, Jr', lastName: "O'Brien", jobTitle: 'Head of "Ops", APAC', isAdmin: true, line: 2 });
    expect(rows[1]).toMatchObject({ firstName: 'Zoë', lastName: 'Ångström', email: `new2-${tag}@example.test`, isAdmin: false });

    await confirmImport(db(), null, importId);
    // A second confirm (double click) queues nothing more.
    expect((await confirmImport(db(), null, importId)).queued).toBe(false);
    await drainInProcessJobs();
    const done = await getImport(db(), importId);
    expect(done).toMatchObject({ status: 'done', processedRows: 7, imported: 3, created: 2, added: 1, skipped: 2, errors: 2 });

    const members = await membersOf(team.teamId);
    expect(members.map((m) => m.email)).toEqual([elsewhere.email, member.email, `new1-${tag}@example.test`, `new2-${tag}@example.test`].sort());
    const created = members.find((m) => m.email === `new1-${tag}@example.test`)!;
    expect(created).toMatchObject({ first_name: 'Smith, Jr', job_title: 'Head of "Ops", APAC', organisation_id: team.organisationId, is_team_admin: true, password_hash: null });
    expect(members.find((m) => m.email === elsewhere.email)!.is_team_admin).toBe(true);
    // Each created account got its Welcome notification, once.
    const welcomed = await db()
      .selectFrom('user_notifications')
      .innerJoin('users', 'users.id', 'user_notifications.user_id')
      .select('users.email')
      .where('users.email', 'in', [`new1-${tag}@example.test`, `new2-${tag}@example.test`])
      .execute();
    expect(welcomed.map((w) => w.email).sort()).toEqual([`new1-${tag}@example.test`, `new2-${tag}@example.test`]);

    const report = await collect(importErrorReport(db(), importId));
    expect(report.split('\r\n').filter(Boolean)).toHaveLength(5);
    expect(report).toContain(`"${stranger.email}","error","This person belongs to another organisation."`);
    expect(report).toContain('"not-an-email","error","Email is invalid"');
    expect(report).toContain('"skipped","Duplicate in the file"');
    expect(report).toContain('"skipped","Already a member"');

    // The same file again: everyone is a member now; no user and no membership is created twice.
    const again = await createImportPreview(db(), null, { teamId: team.teamId, fileName: 'people.csv', source: bytes(csv) });
    await confirmImport(db(), null, again);
    await drainInProcessJobs();
    expect(await getImport(db(), again)).toMatchObject({ status: 'done', created: 0, added: 0, skipped: 5, errors: 2 });
    expect(await membersOf(team.teamId)).toHaveLength(4);
    const users = await db().selectFrom('users').select('id').where('email', 'like', `%-${tag}@example.test`).execute();
    expect(users).toHaveLength(5);
    // The other organisation's person stayed where they were.
    expect((await db().selectFrom('users').select('organisation_id').where('id', '=', stranger.userId).executeTakeFirstOrThrow()).organisation_id).toBe(stranger.organisationId);
  });

  it('an import inserted without a status is being read, so it cannot be confirmed', async () => {
    const team = await makeTeam();
    const { id } = await getDb().insertInto('team_imports').values({ team_id: team.teamId, actor_id: null, file_name: 'x.csv', error: null }).returning('id').executeTakeFirstOrThrow();
    expect((await getImport(getDb(), id))?.status).toBe('reading');
    await expect(confirmImport(getDb(), null, id)).rejects.toThrow(/still being read/);
  });

  it('refuses what is not a CSV, a file without an email column, and an empty file, leaving nothing behind', async () => {
    const team = await makeTeam();
    const png = Readable.from([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])]);
    await expect(createImportPreview(db(), null, { teamId: team.teamId, fileName: 'x.csv', source: png })).rejects.toThrow(NOT_CSV_MESSAGE);
    // A file whose name is not .csv or .txt is refused by its name, before anything is read.
    await expect(createImportPreview(db(), null, { teamId: team.teamId, fileName: 'people.xlsx', source: bytes('email\r\na@x.test\r\n') })).rejects.toThrow(NOT_CSV_MESSAGE);
    await expect(createImportPreview(db(), null, { teamId: team.teamId, fileName: 'x.csv', source: bytes('name,phone\r\nA,1\r\n') })).rejects.toThrow(/must name its columns/);
    await expect(createImportPreview(db(), null, { teamId: team.teamId, fileName: 'x.csv', source: bytes('email\r\n\r\n') })).rejects.toThrow('The file has no rows to import.');
    await expect(createImportPreview(db(), null, { teamId: team.teamId, fileName: 'x.csv', source: Readable.from([Buffer.concat([Buffer.from('email\r\nZo'), Buffer.from([0xeb, 0x28]), Buffer.from('@x.test\r\n')])]) })).rejects.toThrow(NOT_CSV_MESSAGE);
    const left = await db().selectFrom('team_imports').select('id').where('team_id', '=', team.teamId).execute();
    expect(left).toHaveLength(0);
  });

  it('a confirmed import whose job was lost (Redis lost its data) is enqueued again by the sweep and finishes', async () => {
    const team = await makeTeam();
    const tag = uid();
    const importId = await createImportPreview(db(), null, { teamId: team.teamId, fileName: 'lost.csv', source: bytes(`first name,last name,email\r\nLo,St,lost-${tag}@example.test\r\n`) });
    // Confirmed, its job gone: the row says queued and nothing has touched it for a quarter of an hour.
    await db().updateTable('team_imports').set({ status: 'queued', updated_at: new Date(Date.now() - 15 * 60_000) }).where('id', '=', importId).execute();
    expect(await sweepImports(db())).toBe(1);
    await drainInProcessJobs();
    expect(await getImport(db(), importId)).toMatchObject({ status: 'done', created: 1, imported: 1 });
    // Done: the next sweep leaves it alone.
    expect(await sweepImports(db())).toBe(0);
  });

  it('imports 10,000 rows in batches, and a crash mid-import resumes without duplicates', async () => {
    const team = await makeTeam();
    const tag = uid();
    const lines = ['first name,last name,email,job title,is this person the admin?'];
    for (let i = 0; i < 10_000; i++) lines.push(`First${i},Last${i},bulk${i}-${tag}@example.test,Role ${i},${i % 100 === 0 ? 'yes' : 'no'}`);
    // Streamed in small chunks, as an upload arrives.
    const text = Buffer.from(lines.join('\r\n') + '\r\n');
    const chunks: Buffer[] = [];
    for (let i = 0; i < text.length; i += 16 * 1024) chunks.push(text.subarray(i, i + 16 * 1024));
    const started = Date.now();
    const importId = await createImportPreview(db(), null, { teamId: team.teamId, fileName: 'bulk.csv', source: Readable.from(chunks) });
    expect((await getImport(db(), importId))!.preview.create).toBe(10_000);
    await db().updateTable('team_imports').set({ status: 'queued' }).where('id', '=', importId).execute();

    // The process dies after two batches (the progress callback throws, as a kill would stop it).
    let batches = 0;
    await expect(
      runImport(
        db(),
        importId,
        async () => {
          if (++batches === 2) throw new Error('killed');
        },
        { announce: false },
      ),
    ).rejects.toThrow('killed');
    const mid = (await getImport(db(), importId))!;
    expect(mid.processedRows).toBe(1000);
    expect(mid.status).toBe('running');

    // The import itself (the Welcome notifications that follow it are checked in the first test).
    const done = (await runImport(db(), importId, undefined, { announce: false }))!;
    expect(done).toMatchObject({ status: 'done', processedRows: 10_000, created: 10_000, added: 0, skipped: 0, errors: 0 });
    const [{ n }] = (await db().selectFrom('team_users').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', team.teamId).execute()) as [{ n: number }];
    expect(Number(n)).toBe(10_000);
    const admins = await db().selectFrom('team_users').select('id').where('team_id', '=', team.teamId).where('is_team_admin', '=', true).execute();
    expect(admins).toHaveLength(100);
    // Every row has exactly one result.
    const pending = await db().selectFrom('team_import_rows').select('row_number').where('import_id', '=', importId).where('result', 'is', null).execute();
    expect(pending).toHaveLength(0);
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);
});
