import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { recordPageEvent } from '@modules/admin/index.server';
import { NotFoundPanel, SiteShell, siteLinks } from '~/components/site-shell';
import { getOptionalUser } from '~/utils/session.server';

export const links = siteLinks;
export const meta: MetaFunction = () => [{ title: 'Page not found | Leda' }];

/**
 * /404 answers 404 (docs/decisions/046). Opened with ?redirectedFrom=<path>, it records a
 * 'notFound' event with that path (one insert).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const url = new URL(request.url);
  const redirectedFrom = url.searchParams.get('redirectedFrom');
  if (redirectedFrom) {
    await recordPageEvent(
      getDb(),
      { event: 'notFound', url: request.url.slice(0, 2000), path: '/404', redirectedFrom: redirectedFrom.slice(0, 2000), properties: null },
      user?.userId ?? null,
    );
  }
  return data({ notFound: true }, { status: 404 });
}

export default function NotFoundRoute() {
  return (
    <SiteShell>
      <NotFoundPanel />
    </SiteShell>
  );
}
