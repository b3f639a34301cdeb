import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from '@remix-run/react';
import { forwardRef, type ReactNode } from 'react';

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

/**
 * What Remix's Link hands react-router's Link, less what react-router's Link does not write to the
 * <a>, in react-router's order (its own attributes, then href, then target): the HTML is the same string.
 */
function anchorProps(props: LinkProps, extra: AnchorProps = {}): AnchorProps {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { to, prefetch, discover = 'render', reloadDocument, replace, state, preventScrollReset, relative, viewTransition, target, ...rest } = props;
  return { ...rest, 'data-discover': discover === 'render' && !reloadDocument ? 'true' : undefined, ...extra, href: to as string, target };
}

const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  if (!plainPath(props.to) || props.prefetch === 'render') return <RemixLink ref={ref} {...props} />;
  return <a {...anchorProps(props)} />;
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
  const { 'aria-current': ariaCurrent = 'page', caseSensitive = false, className = '', end = false, style, children, ...rest } = props;
  if (!plainPath(rest.to) || rest.prefetch === 'render' || typeof children === 'function' || typeof style === 'function') return <RemixNavLink ref={ref} {...props} />;
  // On the server nothing is pending or transitioning.
  const isActive = isActivePath(pathname, rest.to.replace(/[?#].*$/, ''), end, caseSensitive);
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return <a {...anchorProps(rest as LinkProps, { 'aria-current': isActive ? ariaCurrent : undefined, className: classes, style })}>{children}</a>;
});

export const Link: typeof RemixLink = onServer ? (ServerLink as typeof RemixLink) : RemixLink;
export const NavLink: typeof RemixNavLink = onServer ? (ServerNavLink as typeof RemixNavLink) : RemixNavLink;
