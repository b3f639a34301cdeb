import { Link } from '~/components/link';

export interface TabItem {
  to: string;
  label: string;
  current: boolean;
  /** A count shown beside the label (read as part of the link). */
  count?: number;
}

/**
 * Link tabs: a labelled nav of links, the current one marked aria-current="page". Each tab is its own
 * address, so they work without JavaScript and can be linked. `pills` draws them as filter chips.
 */
export function Tabs({ label, items, pills = false, className = '' }: { label: string; items: TabItem[]; pills?: boolean; className?: string }) {
  return (
    <nav aria-label={label} className={`ui-tabs${pills ? ' is-pills' : ''}${className ? ` ${className}` : ''}`}>
      <ul>
        {items.map((t) => (
          <li key={t.to}>
            <Link to={t.to} aria-current={t.current ? 'page' : undefined}>
              {t.label}
              {t.count !== undefined ? <span className="ui-tabs-count">{t.count}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
