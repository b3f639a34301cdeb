import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb, onQuery, type Db } from './index.server';
import { prepared } from './prepared.server';

/** A hot statement compiled once answers exactly what building it each time answers. */
describe('prepared statements', () => {
  it('runs the compiled SQL with each call’s values, the same rows as building it each time, NUL stripped', async () => {
    const db = getDb();
    const names = ['Prepared Alpha', 'Prepared Beta', 'Prepared Gamma'];
    for (const [i, name] of names.entries()) await db.insertInto('tags').values({ url_id: `prepared-${'abc'[i]}`, name, ordinal: 900 + i }).execute();
    const build = (d: Db, prefix: string, ids: number[]) =>
      d.selectFrom('tags').select(['id', 'name']).where('name', 'like', prefix).where(sql<boolean>`id <> all(${ids}::int[])`).orderBy('ordinal');
    const byPrefix = prepared(build);
    const seen: string[] = [];
    const off = onQuery((q) => seen.push(q));
    try {
      for (const [prefix, ids] of [
        ['Prepared %', []],
        ['Prepared B%', []],
        ['Prepared%', [0]],
        ['Nothing%', []],
      ] as const) {
        expect(await byPrefix(db, prefix, [...ids])).toEqual(await build(db, prefix, [...ids]).execute());
      }
      // The same SQL text every time: nothing about it depends on the values.
      expect(new Set(seen.filter((q) => q.includes('"tags"') && q.includes('<> all')).map((q) => q.trim())).size).toBe(1);
    } finally {
      off();
    }
    const first = (await byPrefix(db, 'Prepared Alph\u0000a', []))[0];
    expect(first?.name).toBe('Prepared Alpha');
  });

  it('refuses a statement that binds a value twice or not at all', async () => {
    const twice = prepared((d: Db, name: string) => d.selectFrom('tags').select('id').where('name', '=', name).where('url_id', '=', name));
    await expect(twice(getDb(), 'x')).rejects.toThrow(/exactly once/);
    const never = prepared((d: Db, _name: string) => d.selectFrom('tags').select('id'));
    await expect(never(getDb(), 'x')).rejects.toThrow(/exactly once/);
  });
});
