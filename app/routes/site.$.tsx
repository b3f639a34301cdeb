import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * Legacy paths of the old site: /site/signup and /site/register go to /contact, and
 * /site/privacy-policy, /site/terms-conditions and /site/unsubscribe to their new paths,
 * always keeping the query string. Anything else under /site is a 404.
 */
const LEGACY: Record<string, string> = {
  signup: '/contact',
  register: '/contact',
  'privacy-policy': '/privacy-policy',
  'terms-conditions': '/terms-conditions',
  unsubscribe: '/unsubscribe',
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = (params['*'] ?? '').replace(/\/+$/, '');
  const target = Object.hasOwn(LEGACY, key) ? LEGACY[key] : undefined;
  if (!target) throw new Response('Not found', { status: 404 });
  throw redirect(`${target}${new URL(request.url).search}`, 301);
}
