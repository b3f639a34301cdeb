import { z } from 'zod';
import type { ActionFunctionArgs } from '@remix-run/node';
import { rateLimiter } from '@modules/shared/index.server';
import { testHookNotFound, testHooksEnabled } from '~/utils/test-hooks.server';

/**
 * Shutdown test only (tests/e2e/shutdown.e2e.ts): POST /__test/slow with key and ms commits a
 * write (the rate_limits row `slow:<key>`), then answers after ms. It exists only when APP_ENV is
 * development AND E2E_TEST_HOOKS=1 (see ~/utils/test-hooks.server); everywhere else a plain 404.
 */
const schema = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,40}$/),
  ms: z.coerce.number().int().min(0).max(15_000),
});

export async function action({ request }: ActionFunctionArgs) {
  if (!testHooksEnabled()) throw testHookNotFound();
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ errorMsg: 'key (a-z, 0-9, -) and ms (0-15000) are required.' }, { status: 400 });
  const { key, ms } = parsed.data;
  // Without REDIS_URL (as this test runs) one committed upsert of the rate_limits row slow:<key>.
  await rateLimiter('slow', 1000, 86_400).consume(key);
  await new Promise((r) => setTimeout(r, ms));
  return Response.json({ saved: key });
}

export const loader = () => {
  throw testHookNotFound();
};
