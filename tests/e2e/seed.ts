/**
 * Fallback seed for the browser tests when scripts/seed.ts (npm run seed) is not there:
 * the same demo data the embedded start seeds, through the modules' public surfaces.
 * Run with the e2e server's env: `npx tsx tests/e2e/seed.ts`.
 */
import { getDb, init, shutdown } from '../../modules/shared/index.server';
import { seedDemo } from '../../modules/admin/index.server';

await init();
try {
  await seedDemo(getDb());
} finally {
  await shutdown();
}
