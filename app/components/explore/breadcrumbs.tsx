import { Link } from '~/components/link';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs such as Explore > Skills > name: the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {items.map((c, i) => (
          <li key={`${i}-${c.label}`}>
            {c.to && i < items.length - 1 ? <Link to={c.to}>{c.label}</Link> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export const EXPLORE_CRUMB: Crumb = { label: 'Explore', to: '/app/explore' };
