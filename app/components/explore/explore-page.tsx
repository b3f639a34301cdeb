import type { ReactNode } from 'react';
import type { LinksFunction } from '@remix-run/node';
import exploreStyles from '~/styles/explore.css';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { textSafeColour } from '~/utils/colour';

/** Every explore route links the explore stylesheet (Remix de-duplicates the link). */
export const exploreLinks: LinksFunction = () => [{ rel: 'stylesheet', href: exploreStyles }];

/** The frame of an explore page: breadcrumbs, a heading and the page's sections. */
export function ExplorePage({ crumbs, title, intro, children, actions }: { crumbs?: Crumb[]; title: ReactNode; intro?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page explore">
      {crumbs ? <Breadcrumbs items={crumbs} /> : null}
      <header className="explore-section-head">
        <h1>{title}</h1>
        {actions}
      </header>
      {intro ? <p className="explore-intro">{intro}</p> : null}
      {children}
    </div>
  );
}

/** An empty list says so in the spec's words ('No games to display.', ...). */
export function EmptyMessage({ children }: { children: ReactNode }) {
  return <p className="explore-empty">{children}</p>;
}

export function Section({ title, link, children, id }: { title: string; link?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className="explore-section" aria-labelledby={headingId}>
      <div className="explore-section-head">
        <h2 id={headingId}>{title}</h2>
        {link}
      </div>
      {children}
    </section>
  );
}

/** CSS custom properties for a skill group's fixed colours (stored as hex without '#'); *-ink are their text-safe shades. */
export function groupColours(g: { primaryColour?: string | null; complementaryColour?: string | null } | null | undefined) {
  const hex = (v: string | null | undefined) => (v ? (v.startsWith('#') ? v : `#${v}`) : undefined);
  const primary = hex(g?.primaryColour);
  const wash = hex(g?.complementaryColour);
  const ink = primary ? textSafeColour(primary, ['#ffffff', '#f5f7fa', ...(wash ? [wash] : [])]) : undefined;
  return {
    '--group-colour': primary,
    '--group-wash': wash,
    '--group-ink': ink,
    '--card-colour': primary,
    '--card-ink': ink,
  } as React.CSSProperties;
}
