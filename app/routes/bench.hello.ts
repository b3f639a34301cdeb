import { loadEnv } from '@modules/shared/index.server';

/**
 * GET /bench/hello: a bare resource route, the baseline `npm run bench` measures next to real
 * pages (no database, no session). Not served in production.
 */
export function loader() {
  if (loadEnv().APP_ENV === 'production') throw new Response('Not Found', { status: 404 });
  return new Response('hello', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
