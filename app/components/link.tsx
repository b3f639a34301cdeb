import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from '@remix-run/react';
import { createElement, forwardRef, type ReactNode } from 'react';

/**
 * Link and NavLink for the whole app: in the browser they ARE Remix's (client navigation, prefetch,
 * active state, everything). On the server, for a plain in-app path, they write the same <a> Remix
 * would, without react-router's per-link work: each Remix link resolved its path three times against
 * the route matches (a JSON round trip of the matched paths each time), about 10 µs per link and a
 * sixth of a page's CPU for the shell's 25 links (docs/decisions/235). The markup is identical, so
 * the browser hydrates it as Remix's own; app/components/link.test.tsx compares the two.
 *
 * Anything else (an object `to`, a relative or unusual path, prefetch="render", a children or style
 * function) is left to Remix on the server too.
 */
const onServer = typeof document === 'undefined';

/** Absolute in-app paths whose href react-router writes unchanged (no '.', '..' or '//' segments, nothing to encode). */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_~%:@!$&'()*+,;=./]*(?:\?[^#\s"<>`{}]+)?(?:#[^\s"<>`{}]+)?$/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)|\/\//;

function plainPath(to: unknown): to is string {
  if (typeof to !== 'string' || !PLAIN_PATH.test(to)) return false;
  const pathname = to.replace(/[?#].*$/, '');
  return !DOT_SEGMENT.test(pathname);
}

type AnchorProps = Record<string, unknown> & { children?: ReactNode };

/** Props react-router's Link (and NavLink) consume rather than write to the <a>. */
const LINK_ONLY = new Set(['to', 'prefetch', 'discover', 'reloadDocument', 'replace', 'state', 'preventScrollReset', 'relative', 'viewTransition', 'target']);
const NAV_LINK_ONLY = new Set([...LINK_ONLY, 'aria-current', 'caseSensitive', 'className', 'end', 'style']);

/**
 * The <a>'s props as react-router writes them, in its order (the other props, data-discover, then
 * href, then target): the HTML is the same string. One pass, no rest copies (this runs per link).
 */
function anchorProps(linkProps: LinkProps | NavLinkProps, only: Set<string>, extra?: AnchorProps): AnchorProps {
  const props = linkProps as unknown as Record<string, unknown>;
  const out: AnchorProps = {};
  for (const key in props) if (!only.has(key)) out[key] = props[key];
  const discover = props.discover ?? 'render';
  out['data-discover'] = discover === 'render' && !props.reloadDocument ? 'true' : undefined;
  if (extra) Object.assign(out, extra);
  out.href = props.to;
  out.target = props.target;
  return out;
}

const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  if (!plainPath(props.to) || props.prefetch === 'render') return <RemixLink ref={ref} {...props} />;
  return createElement('a', anchorProps(props, LINK_ONLY));
});

/** react-router's NavLink's own rule (not case-sensitive unless asked; `end` stops at the path itself). */
function isActivePath(locationPathname: string, toPathname: string, end: boolean, caseSensitive: boolean) {
  const here = caseSensitive ? locationPathname : locationPathname.toLowerCase();
  const there = caseSensitive ? toPathname : toPathname.toLowerCase();
  const endSlashPosition = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  return here === there || (!end && here.startsWith(there) && here.charAt(endSlashPosition) === '/');
}

const ServerNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function ServerNavLink(props, ref) {
  const { pathname } = useLocation();
  const { to, children, style } = props;
  if (!plainPath(to) || props.prefetch === 'render' || typeof children === 'function' || typeof style === 'function') return <RemixNavLink ref={ref} {...props} />;
  // On the server nothing is pending or transitioning.
  const isActive = isActivePath(pathname, to.replace(/[?#].*$/, ''), props.end ?? false, props.caseSensitive ?? false);
  const className = props.className ?? '';
  const classes = typeof className === 'function' ? className({ isActive, isPending: false, isTransitioning: false }) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  const extra = { 'aria-current': isActive ? (props['aria-current'] ?? 'page') : undefined, className: classes, style };
  return createElement('a', anchorProps(props, NAV_LINK_ONLY, extra));
});

export const Link: typeof RemixLink = onServer ? (ServerLink as typeof RemixLink) : RemixLink;
export const NavLink: typeof RemixNavLink = onServer ? (ServerNavLink as typeof RemixNavLink) : RemixNavLink;
