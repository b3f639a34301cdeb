import { useMatches, type UIMatch } from '@remix-run/react';
import { Link } from '~/components/link';

/**
 * Breadcrumbs from route handles: a route exports
 * `handle = { breadcrumb: (match) => ({ label, to }) }`; the trail is every matched route's crumb,
 * the last one shown as the current page.
 */
export interface Crumb {
  label: string;
  to?: string;
}

export interface BreadcrumbHandle {
  breadcrumb?: (match: UIMatch<unknown, unknown>) => Crumb | null;
}

export function useHandleCrumbs(): Crumb[] {
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const m of matches) {
    const handle = m.handle as BreadcrumbHandle | undefined;
    const crumb = typeof handle?.breadcrumb === 'function' ? handle.breadcrumb(m) : null;
    if (crumb) crumbs.push(crumb);
  }
  return crumbs;
}

export function HandleBreadcrumbs({ className = 'breadcrumbs' }: { className?: string }) {
  const crumbs = useHandleCrumbs();
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 || !c.to ? (
            <li key={`${c.label}-${i}`}>
              <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
            </li>
          ) : (
            <li key={`${c.label}-${i}`}>
              <Link to={c.to}>{c.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
