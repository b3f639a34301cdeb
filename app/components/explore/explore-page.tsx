import type { ReactNode } from 'react';
import type { LinksFunction } from '@remix-run/node';
import exploreStyles from '~/styles/explore.css';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

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

/** CSS custom properties for a skill group's fixed colours (stored as hex without '#'). */
export function groupColours(g: { primaryColour?: string | null; complementaryColour?: string | null } | null | undefined) {
  const hex = (v: string | null | undefined) => (v ? (v.startsWith('#') ? v : `#${v}`) : undefined);
  return {
    '--group-colour': hex(g?.primaryColour),
    '--group-wash': hex(g?.complementaryColour),
    '--card-colour': hex(g?.primaryColour),
  } as React.CSSProperties;
}
