import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { PlaceholderPage } from '~/components/placeholder';
import { NotFoundPanel } from '~/components/site-shell';
import { adminScreenFor } from '~/utils/admin-routes';
import { requireProductAdmin } from '~/utils/session.server';

type Data = { title: string | null };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? 'Page not found'} | Leda Admin` }];

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const title = (match.data as Data | undefined)?.title;
    return title ? { label: title } : null;
  },
};

/**
 * The admin screens of admin-console section 2 that later issues build render a placeholder inside
 * the admin layout (product admins only); any other /admin path is a real 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireProductAdmin(request);
  const screen = adminScreenFor(params['*']);
  if (!screen) return data<Data>({ title: null }, { status: 404 });
  return { title: screen.title } as Data;
}

export default function AdminPlaceholder() {
  const { title } = useLoaderData<typeof loader>();
  return title ? <PlaceholderPage title={title} /> : <NotFoundPanel />;
}
