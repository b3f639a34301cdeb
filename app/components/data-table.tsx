import type { ComponentType, ReactNode } from 'react';
import { EmptyState } from '~/components/ui/empty-state';

/**
 * The one table for the admin console's lists (decision 133). Everything is a link or a GET form,
 * so sorting, searching, filtering and paging work without JavaScript and every state can be
 * linked: the loader parses the URL with a list definition (modules/shared list-query) and passes
 * its answer here. Sortable headers carry aria-sort; the pager is a labelled nav with aria-current.
 * Below 768 px each row is a card (ui.css): every cell shows its column's header from data-label.
 * Hand-written tables get the same by `className="card-table"` and `data-label` on their cells.
 */
export interface ListState {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  filters: Record<string, unknown>;
}

export interface DataColumn<Row> {
  /** Stable key; also the sort key when `sortable`. */
  key: string;
  header: string;
  sortable?: boolean;
  cell: (row: Row) => ReactNode;
  /** A header shown to screen readers only (e.g. an actions column). */
  hiddenHeader?: boolean;
  /** A short value (an id, a date) that never breaks across lines on a wide screen. */
  nowrap?: boolean;
}

type LinkLike = ComponentType<{ to: string; children: ReactNode; 'aria-current'?: 'page'; 'aria-label'?: string; rel?: string }>;

const PlainLink: LinkLike = ({ to, children, ...rest }) => (
  <a href={to} {...rest}>
    {children}
  </a>
);

/** The list URL for the current state with some parameters changed; a new sort, search or filter starts at page 1. */
export function listHref(path: string, state: ListState, changes: Partial<Pick<ListState, 'q' | 'sort' | 'dir' | 'page'>> & { filters?: Record<string, unknown> } = {}) {
  const next = { ...state, ...changes, filters: { ...state.filters, ...changes.filters } };
  if (changes.page === undefined) next.page = 1;
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  for (const [k, v] of Object.entries(next.filters)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  params.set('sort', next.sort);
  params.set('dir', next.dir);
  if (next.page > 1) params.set('page', String(next.page));
  return `${path}?${params.toString()}`;
}

export function DataTable<Row>({
  path,
  caption,
  columns,
  rows,
  rowKey,
  state,
  total,
  pageCount,
  searchLabel,
  filters,
  emptyMessage = 'Nothing matches.',
  Link = PlainLink,
}: {
  /** The list page's own path ('/admin/users'). */
  path: string;
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  state: ListState;
  total: number;
  pageCount: number;
  /** Shown when the list has a search box. */
  searchLabel?: string;
  /** The list's filter controls (named like their URL parameters); they submit with the search form. */
  filters?: ReactNode;
  emptyMessage?: string;
  /** Remix's Link for client-side navigation; a plain anchor by default. */
  Link?: LinkLike;
}) {
  const sortLabel = (c: DataColumn<Row>) => {
    const active = state.sort === c.key;
    const dir = active && state.dir === 'asc' ? 'desc' : 'asc';
    return (
      <Link to={listHref(path, state, { sort: c.key, dir })} aria-label={`${c.header}: sort ${dir === 'asc' ? 'ascending' : 'descending'}`}>
        {c.header}
        {active ? <span aria-hidden="true">{state.dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
      </Link>
    );
  };
  const first = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(total, state.page * state.pageSize);
  return (
    <div className="data-table">
      {searchLabel || filters ? (
        <form method="get" action={path} className="data-table-controls" role="search">
          {searchLabel ? (
            <label>
              {searchLabel}
              <input type="search" name="q" defaultValue={state.q} maxLength={100} />
            </label>
          ) : null}
          {filters}
          <input type="hidden" name="sort" value={state.sort} />
          <input type="hidden" name="dir" value={state.dir} />
          <button type="submit" className="button primary">
            Apply
          </button>
        </form>
      ) : null}
      <p className="data-table-count" role="status">
        {total === 0 ? 'No results' : `Showing ${first}–${last} of ${total}`}
      </p>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={c.sortable ? (state.sort === c.key ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
              >
                {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.sortable ? sortLabel(c) : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table-empty">
                <EmptyState title={emptyMessage} icon={null} />
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.hiddenHeader ? undefined : c.header} className={c.nowrap ? 'cell-nowrap' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="data-table-pager">
          {state.page > 1 ? (
            <Link to={listHref(path, state, { page: state.page - 1 })} rel="prev">
              Previous
            </Link>
          ) : null}
          <span>
            Page {state.page} of {pageCount}
          </span>
          {state.page < pageCount ? (
            <Link to={listHref(path, state, { page: state.page + 1 })} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
