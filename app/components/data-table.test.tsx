import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { sql, type Kysely } from 'kysely';
import { defineList, getDb } from '@modules/shared/index.server';
import { DataTable, listHref, type DataColumn } from './data-table';

/**
 * What the admin lists will show: a list page parsed from the URL, run on the real database, and
 * rendered by the one table (server markup, i.e. what a browser without JavaScript gets).
 */
interface ProbeDb {
  table_probe: { id: number; name: string; email: string };
}
type Row = { id: number; name: string; email: string };
const db = () => getDb() as unknown as Kysely<ProbeDb>;
const list = defineList({ sorts: { name: 'table_probe.name', email: 'table_probe.email' }, defaultSort: 'name', tieBreak: 'table_probe.id', search: ['table_probe.name', 'table_probe.email'], pageSize: 2 });
const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { key: 'email', header: 'Email', sortable: true, cell: (r) => r.email },
  { key: 'actions', header: 'Actions', hiddenHeader: true, cell: (r) => <a href={`/admin/users/${r.id}`}>Edit</a> },
];

async function page(url: string) {
  const query = list.parse(url);
  const result = await list.run(db().selectFrom('table_probe').select(['id', 'name', 'email']), query);
  const html = renderToStaticMarkup(
    <DataTable path="/admin/users" caption="Users" columns={columns} rows={result.rows} rowKey={(r) => r.id} state={result.query} total={result.total} pageCount={result.pageCount} searchLabel="Search users" />,
  );
  const doc = new MarkupReader(html);
  return { html, doc };
}

/** Just enough markup reading for assertions, without a DOM library. */
class MarkupReader {
  constructor(readonly html: string) {}
  cells() {
    return [...this.html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
  }
  links() {
    return [...this.html.matchAll(/<a href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => ({ href: m[1]!.replace(/&amp;/g, '&'), text: m[2]!.replace(/<[^>]+>/g, '') }));
  }
  ariaSort() {
    return [...this.html.matchAll(/<th scope="col"( aria-sort="(\w+)")?/g)].map((m) => m[2] ?? null);
  }
}

beforeAll(async () => {
  await sql`create table table_probe (id serial primary key, name text not null, email text not null)`.execute(getDb());
  for (const [name, email] of [
    ['Cleo', 'cleo@example.test'],
    ['Ada', 'ada@example.test'],
    ['Bea', 'bea@example.test'],
  ])
    await db().insertInto('table_probe').values({ name, email } as never).execute();
});

describe('DataTable over a list query', () => {
  it('shows the first page sorted by name, with sort state, counts and a next-page link', async () => {
    const { html, doc } = await page('/admin/users');
    expect(html).toContain('<caption>Users</caption>');
    expect(doc.cells()).toEqual(['Ada', 'ada@example.test', 'Edit', 'Bea', 'bea@example.test', 'Edit']);
    expect(doc.ariaSort()).toEqual(['ascending', 'none', null]);
    expect(html).toContain('Showing 1–2 of 3');
    expect(doc.links()).toContainEqual({ href: '/admin/users?sort=name&dir=asc&page=2', text: 'Next' });
    expect(doc.links()).toContainEqual({ href: '/admin/users?sort=name&dir=desc', text: 'Name ▲' });
    expect(doc.links()).toContainEqual({ href: '/admin/users?sort=email&dir=asc', text: 'Email' });
    expect(html).not.toContain('Previous');
  });

  it('follows its own links: page 2, then a reversed sort back at page 1', async () => {
    const two = await page('/admin/users?sort=name&dir=asc&page=2');
    expect(two.doc.cells()).toEqual(['Cleo', 'cleo@example.test', 'Edit']);
    expect(two.html).toContain('Page 2 of 2');
    expect(two.doc.links()).toContainEqual({ href: '/admin/users?sort=name&dir=asc', text: 'Previous' });
    const desc = await page('/admin/users?sort=name&dir=desc');
    expect(desc.doc.cells().filter((_, i) => i % 3 === 0)).toEqual(['Cleo', 'Bea']);
    expect(desc.doc.ariaSort()[0]).toBe('descending');
  });

  it('searches with a plain GET form that keeps the sort, and says when nothing matches', async () => {
    const { html } = await page('/admin/users?sort=email&dir=desc');
    expect(html).toMatch(/<form method="get" action="\/admin\/users" class="data-table-controls" role="search">/);
    expect(html).toContain('<input type="hidden" name="sort" value="email"/>');
    expect(html).toContain('<input type="hidden" name="dir" value="desc"/>');
    // Styled like the rest of the console: the shared button classes, and the form fields' rule in app.css.
    expect(html).toContain('<button type="submit" class="button primary">Apply</button>');
    const css = readFileSync(path.resolve('app/styles/app.css'), 'utf8');
    expect(css).toMatch(/\.field input, [^{]*\.data-table-controls input, \.data-table-controls select \{/);
    const none = await page('/admin/users?q=zed');
    expect(none.doc.cells()).toEqual(['Nothing matches.']);
    expect(none.html).toContain('No results');
    expect(none.html).toContain('value="zed"');
  });

  it('builds hrefs that keep search and filters and reset the page', () => {
    const state = { q: 'ada', sort: 'name', dir: 'asc' as const, page: 3, pageSize: 25, filters: { team: 4, locked: false } };
    expect(listHref('/admin/users', state, { sort: 'email' })).toBe('/admin/users?q=ada&team=4&locked=false&sort=email&dir=asc');
    expect(listHref('/admin/users', state, { page: 4 })).toBe('/admin/users?q=ada&team=4&locked=false&sort=name&dir=asc&page=4');
  });
});
