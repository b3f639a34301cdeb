import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { PRIVACY_RULES } from './privacy-registry.server';

/**
 * The privacy registry against the LIVE schema (issue 27 s.1): a table with a column referencing a
 * user (a foreign key to users, or a user_id / creator_id / author_id / actor_id / created_by column)
 * or a personal column (email, names, phone, photo, bio, IP address, a recipient) must be declared,
 * with each of those columns. So a new migration cannot add personal data without declaring it.
 */
const USER_REFERENCE = /^(user_id|owner_user_id|creator_id|author_id|actor_id|created_by|updated_by|.*_user_id)$/;
const PERSONAL = /(^|_)(email|first_name|last_name|full_name|phone|phone_number|photo|.*photo_blob_id|bio|ip|ip_address|recipient)$/;

async function liveColumns() {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(getDb());
  const { rows: fks } = await sql<{ table_name: string; column_name: string }>`
    select kcu.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name = 'users'`.execute(getDb());
  const tables = new Map<string, Set<string>>();
  for (const r of rows) tables.set(r.table_name, (tables.get(r.table_name) ?? new Set()).add(r.column_name));
  return { tables, fks: new Set(fks.map((f) => `${f.table_name}.${f.column_name}`)) };
}

describe('the privacy registry (PRIVACY_RULES) and the live schema', () => {
  it('declares every table with a user reference or a personal column, with each such column', async () => {
    const { tables, fks } = await liveColumns();
    expect(tables.size).toBeGreaterThan(50);
    const declared = new Map(PRIVACY_RULES.map((t) => [t.table, t]));
    const missing: string[] = [];
    for (const [table, columns] of tables) {
      for (const column of columns) {
        if (table === 'users' && column === 'id') continue;
        const personal = fks.has(`${table}.${column}`) || USER_REFERENCE.test(column) || PERSONAL.test(column);
        if (personal && !(column in (declared.get(table)?.columns ?? {}))) missing.push(`${table}.${column}`);
      }
    }
    expect(missing, 'declare these in modules/<module>/privacy.ts').toEqual([]);
  });

  it('declares only tables and columns that exist, each table once, with its purpose, export and erasure', async () => {
    const { tables } = await liveColumns();
    const seen = new Set<string>();
    for (const t of PRIVACY_RULES) {
      expect(seen.has(t.table), `${t.table} declared twice`).toBe(false);
      seen.add(t.table);
      const live = tables.get(t.table);
      expect(live, `${t.table} (declared by ${t.module}) is not in the schema`).toBeDefined();
      for (const c of Object.keys(t.columns)) expect(live!.has(c), `${t.table}.${c} is not in the schema`).toBe(true);
      expect(t.what.length && t.purpose.length && t.export.length, t.table).toBeTruthy();
      expect(['delete', 'anonymise', 'keep-without-identity']).toContain(t.erasure);
    }
  });
});
