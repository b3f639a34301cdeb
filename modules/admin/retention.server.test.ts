import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { parseEnv } from '@modules/shared/env.server';
import { applyRetention, retentionPeriods } from './retention.server';
import { makeTeam, makeUser } from '../../tests/support/factories';

/** Retention (issue 27 s.4) on the real database, with the default periods of the env schema. */
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('retention', () => {
  it('has sensible defaults, and takes RETENTION_* from the environment', () => {
    const d = parseEnv({});
    expect([d.RETENTION_PAGE_VIEWS_MONTHS, d.RETENTION_EMAIL_BODIES_MONTHS, d.RETENTION_TOKENS_DAYS, d.RETENTION_IMPORT_FILES_DAYS]).toEqual([13, 12, 30, 30]);
    expect(parseEnv({ RETENTION_PAGE_VIEWS_MONTHS: '24' }).RETENTION_PAGE_VIEWS_MONTHS).toBe(24);
    expect(() => parseEnv({ RETENTION_TOKENS_DAYS: 'soon' })).toThrow(/RETENTION_TOKENS_DAYS/);
    expect(retentionPeriods()).toEqual({ pageViewsMonths: 13, emailBodiesMonths: 12, tokensDays: 30, importFilesDays: 30 });
  });

  it('rolls old page views into the visit rollups and deletes them; keeps recent ones', async () => {
    const db = getDb();
    const u = await makeUser();
    const old = ago(14 * 31);
    const [oldView] = await db.insertInto('page_views').values({ path: '/app/team', category: 'App', user_id: u.userId, created_at: old }).returning('id').execute();
    const [newView] = await db.insertInto('page_views').values({ path: '/app/team', category: 'App', user_id: u.userId, created_at: ago(10) }).returning('id').execute();
    const [oldEvent] = await db.insertInto('page_events').values({ path: '/app', category: 'App', event: 'x', user_id: u.userId, created_at: old }).returning('id').execute();
    // As if the rollup had missed the old view: retention rolls it up before deleting it.
    await db.deleteFrom('user_visit_days').where('user_id', '=', u.userId).execute();
    await db.deleteFrom('user_visit_weeks').where('user_id', '=', u.userId).execute();

    const r = await applyRetention(db);

    expect(r.pageViews).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('page_views').select('id').where('id', 'in', [oldView!.id, newView!.id]).execute()).toEqual([{ id: newView!.id }]);
    expect(await db.selectFrom('page_events').select('id').where('id', '=', oldEvent!.id).execute()).toEqual([]);
    const days = await db.selectFrom('user_visit_days').select('user_id').where('user_id', '=', u.userId).execute();
    expect(days).toHaveLength(1);
    const weeks = await db.selectFrom('user_visit_weeks').select('visit_days').where('user_id', '=', u.userId).execute();
    expect(weeks).toEqual([{ visit_days: 1 }]);
    // A second run changes nothing.
    await applyRetention(db);
    expect(await db.selectFrom('user_visit_weeks').select('visit_days').where('user_id', '=', u.userId).execute()).toEqual([{ visit_days: 1 }]);
  });

  it("nulls communications' bodies after 12 months and keeps the ledger row", async () => {
    const db = getDb();
    const rows = await db
      .insertInto('communications')
      .values([
        { message_key: `ret-old-${Date.now()}`, recipient: 'old@example.test', subject: 'Old', html: '<p>old body</p>', text: 'old body', kind: 'test', status: 'sent', created_at: ago(400) } as never,
        { message_key: `ret-new-${Date.now()}`, recipient: 'new@example.test', subject: 'New', html: '<p>new body</p>', text: 'new body', kind: 'test', status: 'sent', created_at: ago(300) } as never,
      ])
      .returning('id')
      .execute();
    await applyRetention(db);
    const after = await db.selectFrom('communications').select(['id', 'subject', 'html', 'text', 'status']).where('id', 'in', rows.map((r) => r.id)).orderBy('id').execute();
    expect(after).toEqual([
      { id: rows[0]!.id, subject: 'Old', html: '', text: null, status: 'sent' },
      { id: rows[1]!.id, subject: 'New', html: '<p>new body</p>', text: 'new body', status: 'sent' },
    ]);
  });

  it('deletes tokens expired or used 30 days ago, and the rows of imports finished 30 days ago', async () => {
    const db = getDb();
    const team = await makeTeam();
    const u = await makeUser({ organisationId: team.organisationId });
    const tokens = await db
      .insertInto('one_time_tokens')
      .values([
        { token_hash: `a${Date.now()}`.padEnd(64, '0'), purpose: 'password-reset', user_id: u.userId, expires_at: ago(31) },
        { token_hash: `b${Date.now()}`.padEnd(64, '0'), purpose: 'password-reset', user_id: u.userId, expires_at: new Date(Date.now() + DAY), used_at: ago(31) },
        { token_hash: `c${Date.now()}`.padEnd(64, '0'), purpose: 'password-reset', user_id: u.userId, expires_at: new Date(Date.now() + DAY) },
      ])
      .returning('id')
      .execute();
    const imports = await db
      .insertInto('team_imports')
      .values([
        { team_id: team.teamId, actor_id: u.userId, file_name: 'old.csv', status: 'done', finished_at: ago(31) },
        { team_id: team.teamId, actor_id: u.userId, file_name: 'new.csv', status: 'done', finished_at: ago(2) },
      ])
      .returning('id')
      .execute();
    for (const imp of imports) {
      await db.insertInto('team_import_rows').values({ import_id: imp.id, row_number: 1, line: 2, first_name: 'Ann', last_name: 'Row', email: 'ann@example.test', is_admin: false, preview_status: 'create' }).execute();
    }

    await applyRetention(db);

    expect(await db.selectFrom('one_time_tokens').select('id').where('id', 'in', tokens.map((t) => t.id)).execute()).toEqual([{ id: tokens[2]!.id }]);
    const left = await db.selectFrom('team_import_rows').select('import_id').where('import_id', 'in', imports.map((i) => i.id)).execute();
    expect(left).toEqual([{ import_id: imports[1]!.id }]);
    expect(await db.selectFrom('team_imports').select('id').where('id', 'in', imports.map((i) => i.id)).execute()).toHaveLength(2);
  });
});
