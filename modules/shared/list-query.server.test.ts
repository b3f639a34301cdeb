import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { getDb } from './db/db.server';
import { defineList, listFilter } from './list-query.server';

/** A scratch table of this file's own database: the list pattern is generic, not tied to one table. */
interface ProbeDb {
  list_probe: { id: number; name: string; email: string; team: string; active: boolean };
}
const db = () => getDb() as unknown as Kysely<ProbeDb>;

const people = defineList({
  sorts: { name: 'list_probe.name', email: 'list_probe.email' },
  defaultSort: 'name',
  tieBreak: 'list_probe.id',
  search: ['list_probe.name', 'list_probe.email'],
  filters: { team: listFilter.oneOf(['red', 'blue']), active: listFilter.boolean() },
  pageSize: 3,
});

const base = (f: { team?: 'red' | 'blue'; active?: boolean } = {}) => {
  let q = db().selectFrom('list_probe').select(['id', 'name', 'email', 'team']);
  if (f.team) q = q.where('team', '=', f.team);
  if (f.active !== undefined) q = q.where('active', '=', f.active);
  return q;
};
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  await sql`create table list_probe (id serial primary key, name text not null, email text not null, team text not null, active boolean not null)`.execute(getDb());
  const rows = [
    ['Ada Lovelace', 'ada@example.test', 'red', true],
    ['Grace Hopper', 'grace@example.test', 'blue', true],
    ['Alan Turing', 'alan@example.test', 'red', false],
    ['Edsger Dijkstra', 'edsger@example.test', 'blue', true],
    ['Barbara Liskov', 'barbara@example.test', 'red', true],
    ['Ken 100% Thompson', 'ken@example.test', 'blue', false],
    ['Ada Twin', 'twin_a@example.test', 'red', true],
  ] as const;
  for (const [name, email, team, active] of rows) await db().insertInto('list_probe').values({ name, email, team, active } as never).execute();
});

describe('list query: URL in, SQL out', () => {
  it('reads search, sort, direction, page and typed filters from the URL', () => {
    expect(people.parse('/admin/x?q=%20ada%20&sort=email&dir=desc&page=2&team=red&active=false')).toEqual({
      q: 'ada',
      sort: 'email',
      dir: 'desc',
      page: 2,
      pageSize: 3,
      filters: { team: 'red', active: false },
    });
  });

  it('falls back to defaults for bad or hostile values instead of failing', () => {
    const q = people.parse('/admin/x?sort=name;drop%20table%20users&dir=sideways&page=-3&team=green&active=maybe&q=' + 'x'.repeat(500));
    expect(q).toMatchObject({ sort: 'name', dir: 'asc', page: 1, filters: {} });
    expect(q.q).toHaveLength(100);
    expect(people.parse('?page=abc').page).toBe(1);
    expect(people.parse('?page=99999999999').page).toBe(1);
  });

  it('sorts by the whitelisted column, pages with a stable tie-break, and counts the whole match', async () => {
    const first = await people.run(base(), people.parse('?sort=name&dir=asc'));
    expect(names(first.rows)).toEqual(['Ada Lovelace', 'Ada Twin', 'Alan Turing']);
    expect({ total: first.total, pageCount: first.pageCount }).toEqual({ total: 7, pageCount: 3 });
    const third = await people.run(base(), people.parse('?sort=name&dir=asc&page=3'));
    expect(names(third.rows)).toEqual(['Ken 100% Thompson']);
    const desc = await people.run(base(), people.parse('?sort=email&dir=desc'));
    expect(desc.rows.map((r) => r.email)).toEqual(['twin_a@example.test', 'ken@example.test', 'grace@example.test']);
  });

  it('searches name and email case-insensitively, with % and _ taken literally', async () => {
    expect(names((await people.run(base(), people.parse('?q=ADA'))).rows)).toEqual(['Ada Lovelace', 'Ada Twin']);
    expect(names((await people.run(base(), people.parse('?q=grace@'))).rows)).toEqual(['Grace Hopper']);
    expect(names((await people.run(base(), people.parse('?q=100%25'))).rows)).toEqual(['Ken 100% Thompson']);
    expect(names((await people.run(base(), people.parse('?q=_'))).rows)).toEqual(['Ada Twin']);
  });

  it('combines the filters with search and clamps a page past the end to the last page', async () => {
    const q = people.parse('?team=red&page=9');
    const page = await people.run(base(q.filters), q);
    expect(names(page.rows)).toEqual(['Barbara Liskov']);
    expect({ total: page.total, page: page.query.page, pageCount: page.pageCount }).toEqual({ total: 4, page: 2, pageCount: 2 });
    const inactive = people.parse('?active=false&q=TURING');
    expect(names((await people.run(base(inactive.filters), inactive)).rows)).toEqual(['Alan Turing']);
    const none = await people.run(base(), people.parse('?q=nobody'));
    expect({ rows: none.rows, total: none.total, pageCount: none.pageCount, page: none.query.page }).toEqual({ rows: [], total: 0, pageCount: 1, page: 1 });
  });
});
