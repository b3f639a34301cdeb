import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Link as RemixLink, NavLink as RemixNavLink, type LinkProps, type NavLinkProps } from '@remix-run/react';
import { StaticRouter } from 'react-router-dom/server';
import { Link, NavLink } from './link';

/**
 * The server's links must write exactly what Remix's write, or the browser would hydrate Remix's
 * links over different markup (issue 16; docs/decisions/235). Each case renders ours and Remix's at
 * the same location and compares the HTML React sends.
 */
const at = (location: string, element: ReactElement) => renderToString(<StaticRouter location={location}>{element}</StaticRouter>);

const LOCATIONS = ['/app/team/1', '/app/team/1/members', '/app/team/10', '/APP/Team/1/', '/app/explore', '/app/explore/skill', '/', '/app/team/1%20x'];

const LINKS: LinkProps[] = [
  { to: '/app/team/1' },
  { to: '/app', className: 'brand', 'aria-label': 'Leda app home' },
  { to: '/app/activities?page=2', title: 'My Activities' },
  { to: '/how#journeys-strip' },
  { to: '/admin', reloadDocument: true },
  { to: '/privacy-policy', target: '_blank', rel: 'noreferrer' },
  { to: '/articles/a-title', prefetch: 'intent', className: 'article-card-link' },
  { to: '/app/explore/skill/7', prefetch: 'viewport' },
  { to: '/app/x', discover: 'none', replace: true, state: { a: 1 }, preventScrollReset: true },
  { to: '/app/team/1/', id: 'with-slash' },
  { to: '/' },
  // Left to Remix on the server too: the output must still be the same.
  { to: '.' },
  { to: '../members' },
  { to: '?page=3' },
  { to: { pathname: '/app/team', search: '?x=1' } },
  { to: '/app//team' },
  { to: '/app/./team' },
  { to: '/app/x?' },
  { to: '/café' },
  { to: 'https://example.com/x' },
  { to: '//example.com/x' },
  { to: '/app/team/1', prefetch: 'render' },
];

const NAV_LINKS: NavLinkProps[] = [
  { to: '/app/team/1' },
  { to: '/app/team/1', end: true },
  { to: '/app/team/1', className: 'app-nav-team-name' },
  { to: '/app/team/1', className: ({ isActive }) => `app-nav-team-name${isActive ? ' active' : ''}` },
  { to: '/app/team/1/members', className: ({ isActive }) => (isActive ? 'active' : undefined) },
  { to: '/app/explore', end: true },
  { to: '/app/explore' },
  { to: '/app/Team/1', caseSensitive: true },
  { to: '/app/team/1/', end: true },
  { to: '/', end: true },
  { to: '/', 'aria-current': 'location' },
  { to: '/app/team/1', style: { color: 'red' } },
  { to: '/app/team/1', style: ({ isActive }) => ({ color: isActive ? 'red' : 'blue' }) },
  { to: '/app/team/1', children: ({ isActive }) => (isActive ? 'here' : 'there') },
  { to: '/app/team/1?tab=posts', prefetch: 'intent' },
  { to: '../members' },
];

describe('server links', () => {
  it('write the same <a> as Remix\'s Link, at every location', () => {
    for (const location of LOCATIONS) {
      for (const props of LINKS) {
        const mine = at(location, <Link {...props}>text</Link>);
        const remix = at(location, <RemixLink {...props}>text</RemixLink>);
        expect(mine, `${JSON.stringify(props.to)} at ${location}`).toBe(remix);
      }
    }
  });

  it('write the same <a> as Remix\'s NavLink (active state, aria-current, classes), at every location', () => {
    let active = 0;
    for (const location of LOCATIONS) {
      for (const props of NAV_LINKS) {
        const children = props.children ?? 'text';
        const mine = at(location, <NavLink {...props}>{children}</NavLink>);
        const remix = at(location, <RemixNavLink {...props}>{children}</RemixNavLink>);
        expect(mine, `${JSON.stringify(props.to)} ${JSON.stringify({ end: props.end, caseSensitive: props.caseSensitive })} at ${location}`).toBe(remix);
        if (mine.includes('aria-current')) active++;
      }
    }
    expect(active).toBeGreaterThan(10); // the comparison covers active links, not only inactive ones
  });
});
