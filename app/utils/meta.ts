import type { MetaArgs, MetaDescriptor } from '@remix-run/node';

/**
 * Page titles inside the app shell carry the unseen-notification count in brackets
 * ('(3) Team | Leda', public-site 2.3). Remix renders only the deepest route's meta, so a layout
 * cannot rewrite its children's titles; instead every /app route builds its title with appMeta,
 * which reads the count from the app layout's loader data through `matches`.
 */
export const APP_LAYOUT_ROUTE_ID = 'routes/app';

type Matches = MetaArgs['matches'];

export function unseenCountFrom(matches: Matches): number {
  const data = matches.find((m) => m?.id === APP_LAYOUT_ROUTE_ID)?.data as { unseenNotifications?: unknown } | undefined;
  const n = data?.unseenNotifications;
  return typeof n === 'number' && n > 0 ? n : 0;
}

export function appTitle(matches: Matches, title: string): string {
  const n = unseenCountFrom(matches);
  const base = title ? `${title} | Leda` : 'Leda';
  return n > 0 ? `(${n}) ${base}` : base;
}

/** The meta description of the signed-in app and of the sign-in pages (they are not indexed for search). */
export const APP_DESCRIPTION = 'Leda: your team\'s leadership and soft skills journeys, activities and progress.';
export const AUTH_DESCRIPTION = 'Sign in to Leda, the platform that teaches leadership and soft skills to teams.';

/** `export const meta = appMeta('Team')`, or with a function of the route's own data. */
export function appMeta<A extends MetaArgs = MetaArgs>(title: string | ((args: A) => string)) {
  return (args: A): MetaDescriptor[] => [
    { title: appTitle(args.matches, typeof title === 'function' ? title(args) : title) },
    { name: 'description', content: APP_DESCRIPTION },
  ];
}

/** A sign-in page's title ('Log in | Leda') and description. */
export function authMeta(title: string) {
  return (): MetaDescriptor[] => [{ title: `${title} | Leda` }, { name: 'description', content: AUTH_DESCRIPTION }];
}
