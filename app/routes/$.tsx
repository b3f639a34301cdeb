import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { NotFoundPanel, SiteShell, siteLinks } from '~/components/site-shell';

export const links = siteLinks;

/** Every unknown path: the 404 page with status 404. */
export async function loader(_: LoaderFunctionArgs) {
  return data({ notFound: true }, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: 'Page not found | Leda' }];

export default function NotFound() {
  return (
    <SiteShell>
      <NotFoundPanel />
    </SiteShell>
  );
}
