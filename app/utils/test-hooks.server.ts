import { loadEnv } from '@modules/shared/index.server';

/**
 * Browser-test hooks (app/routes/[__test].*) exist only when APP_ENV is development AND
 * E2E_TEST_HOOKS=1 (set by tests/e2e/global-setup.ts); everywhere else they are a plain 404.
 * E2E_TEST_HOOKS is deliberately not part of the app's env schema: it is a test switch, not
 * configuration (docs/decisions/060-browser-tests.md).
 */
export function testHooksEnabled() {
  return loadEnv().APP_ENV === 'development' && process.env.E2E_TEST_HOOKS === '1';
}

export const testHookNotFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
