import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from './index.server';
import { stripNul } from './strip-nul.plugin';

/** PostgreSQL refuses NUL in text and jsonb; the plugin removes it from every bound value. */
describe('StripNulPlugin', () => {
  it('stores text and jsonb that carried NUL characters instead of failing the query', async () => {
    const db = getDb();
    const tag = await db.insertInto('tags').values({ url_id: 'nul\u0000-tag', name: 'A\u0000B' }).returning(['id', 'url_id', 'name']).executeTakeFirstOrThrow();
    expect(tag).toMatchObject({ url_id: 'nul-tag', name: 'AB' });
    const found = await db.selectFrom('tags').select('id').where('name', 'in', ['A\u0000B', 'zz']).executeTakeFirst();
    expect(found?.id).toBe(tag.id);
    const ev = await db
      .insertInto('page_events')
      .values({ category: 'Site', event: 'e\u0000', properties: JSON.stringify({ k: 'v\u0000w', list: ['\u0000'] }) })
      .returning(['event', 'properties'])
      .executeTakeFirstOrThrow();
    expect(ev.event).toBe('e');
    expect(ev.properties).toEqual({ k: 'vw', list: [''] });
    const raw = await sql<{ v: string }>`select ${'x\u0000y'}::text as v`.execute(db);
    expect(raw.rows[0]?.v).toBe('xy');
  });

  it('leaves ordinary strings alone, and an escaped backslash before u0000 in JSON', () => {
    expect(stripNul('plain \\u0000 text')).toBe('plain \\u0000 text');
    expect(stripNul('{"a":"\\\\u0000"}')).toBe('{"a":"\\\\u0000"}');
    expect(stripNul('{"a":"\\u0000b"}')).toBe('{"a":"b"}');
  });
});
