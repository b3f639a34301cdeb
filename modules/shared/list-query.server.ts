import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { idSchema } from './validation';

/**
 * One way for the admin console's lists (decision 133): filters, sort, search and page live in the
 * URL (`?q=&sort=&dir=&page=` plus the list's own filters), are parsed here against the list's
 * whitelist, and run in SQL (ILIKE search, ORDER BY a whitelisted column with the id as tie-break,
 * LIMIT/OFFSET, one count over the same WHERE). A bad or hostile value never fails: it falls back
 * to the default (an unknown sort, a page of 'abc'), so a pasted or stale link still shows the list.
 * The page renders the answer with app/components/data-table.tsx.
 */
export type SortDir = 'asc' | 'desc';

export interface ListSpec<Sort extends string, F extends z.ZodRawShape> {
  /** Sort keys as they appear in the URL, each mapped to a column ('users.last_name'). */
  sorts: Record<Sort, string>;
  defaultSort: NoInfer<Sort>;
  defaultDir?: SortDir;
  /** The column that breaks ties, so paging is stable ('users.id'). */
  tieBreak: string;
  /** Columns searched (case-insensitive, substring) by ?q=. None: the list has no search. */
  search?: string[];
  /** The list's own filters: one zod schema per URL parameter; a value that fails parses as undefined. */
  filters?: F;
  pageSize?: number;
}

export interface ListQuery<Sort extends string = string, Filters = Record<string, unknown>> {
  q: string;
  sort: Sort;
  dir: SortDir;
  page: number;
  pageSize: number;
  filters: Filters;
}

export interface ListPage<Row, Sort extends string = string, Filters = Record<string, unknown>> {
  rows: Row[];
  total: number;
  pageCount: number;
  query: ListQuery<Sort, Filters>;
}

export const LIST_SEARCH_MAX = 100;
export const LIST_MAX_PAGE = 100_000;

type FiltersOf<F extends z.ZodRawShape> = { [K in keyof F]?: z.infer<F[K]> };

export interface ListDefinition<Sort extends string, F extends z.ZodRawShape> {
  spec: ListSpec<Sort, F>;
  parse(input: URL | URLSearchParams | string): ListQuery<Sort, FiltersOf<F>>;
  run<DB, TB extends keyof DB, O>(
    base: SelectQueryBuilder<DB, TB, O>,
    query: ListQuery<Sort, FiltersOf<F>>,
  ): Promise<ListPage<O, Sort, FiltersOf<F>>>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function defineList<Sort extends string, F extends z.ZodRawShape = Record<never, never>>(spec: ListSpec<Sort, F>): ListDefinition<Sort, F> {
  const pageSize = spec.pageSize ?? 25;
  const sortKeys = Object.keys(spec.sorts) as Sort[];

  function parse(input: URL | URLSearchParams | string): ListQuery<Sort, FiltersOf<F>> {
    const params = input instanceof URL ? input.searchParams : typeof input === 'string' ? new URL(input, 'http://x').searchParams : input;
    const get = (k: string) => params.get(k) ?? '';
    const sortParam = get('sort') as Sort;
    const sort = sortKeys.includes(sortParam) ? sortParam : spec.defaultSort;
    const dirParam = get('dir');
    const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : (spec.defaultDir ?? 'asc');
    const pageNumber = /^\d{1,6}$/.test(get('page')) ? Number(get('page')) : 1;
    const page = Math.min(Math.max(pageNumber, 1), LIST_MAX_PAGE);
    // Control characters out, whitespace collapsed, bounded: the search box is free text.
    const q = spec.search?.length
      ? get('q')
          .replace(/[\u0000-\u001f\u007f]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, LIST_SEARCH_MAX)
      : '';
    const filters: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(spec.filters ?? {}) as [string, z.ZodType][]) {
      const raw = params.get(key);
      if (raw === null || raw === '') continue;
      const parsed = schema.safeParse(raw);
      if (parsed.success) filters[key] = parsed.data;
    }
    return { q, sort, dir, page, pageSize, filters: filters as FiltersOf<F> };
  }

  const run: ListDefinition<Sort, F>['run'] = async (base, query) => {
    // The builder's own types cannot follow columns named by strings; the names come from the spec only.
    let filtered = base as unknown as SelectQueryBuilder<any, any, any>;
    if (query.q && spec.search?.length) {
      const pattern = `%${escapeLike(query.q)}%`;
      filtered = filtered.where((eb) => eb.or(spec.search!.map((column) => eb(sql.ref(column), 'ilike', pattern))));
    }
    const countRow = await filtered.clearSelect().clearOrderBy().select(sql<string>`count(*)`.as('total')).executeTakeFirst();
    const total = Number(countRow?.total ?? 0);
    const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
    const page = Math.min(query.page, pageCount);
    const rows = (await filtered
      .orderBy(sql.ref(spec.sorts[query.sort]), query.dir)
      .orderBy(sql.ref(spec.tieBreak), query.dir)
      .limit(query.pageSize)
      .offset((page - 1) * query.pageSize)
      .execute()) as never[];
    return { rows, total, pageCount, query: { ...query, page } };
  };

  return { spec, parse, run };
}

/** Filter schemas for URL parameters (strings in, typed values out). */
export const listFilter = {
  id: () => idSchema,
  boolean: () => z.enum(['true', 'false']).transform((v) => v === 'true'),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
};
