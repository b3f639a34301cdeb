import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

export interface PlaceholderCrumb {
  label: string;
  to?: string;
}

/**
 * The one placeholder for screens that later issues build: a heading, optional breadcrumbs and a
 * short note, rendered inside the app or admin shell. The route's guard already holds.
 */
export function PlaceholderPage({ title, crumbs, children }: { title: string; crumbs?: PlaceholderCrumb[]; children?: ReactNode }) {
  return (
    <section className="page placeholder-page">
      {crumbs?.length ? (
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            {crumbs.map((c, i) => (
              <li key={`${c.label}-${i}`}>{c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}</li>
            ))}
          </ol>
        </nav>
      ) : null}
      <h1>{title}</h1>
      {children ?? <p className="placeholder-note">This screen is on its way. Check back soon.</p>}
    </section>
  );
}
