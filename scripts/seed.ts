/**
 * `npm run seed`: the demo organisation, teams and accounts (password leda-demo-2026), on an
 * empty database only. Refused when APP_ENV=production. The embedded database seeds itself on
 * its first start; run this after `npm run db:migrate` when using PostgreSQL.
 */
import { getDb, init, loadEnv, logger, shutdown } from '@modules/shared/index.server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from '@modules/admin/index.server';
import { registerAllListeners } from '@modules/listeners.server';
import { registerAllJobs } from '../jobs/registry';

if (loadEnv().APP_ENV === 'production') {
  console.error('npm run seed is refused when APP_ENV=production: the demo accounts share a public password.');
  process.exit(1);
}

let code = 0;
// As on the web server's first start: the jobs (the demo schedules a post) and the modules' listeners.
registerAllJobs();
registerAllListeners();
try {
  await init();
  const seeded = await seedDemoIfEmpty(getDb());
  if (seeded) {
    console.log(`Demo data seeded. Log in with any of these accounts, password ${DEMO_PASSWORD}:`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(22)} ${a.role}`);
  } else {
    console.log('The database already has users: it is already seeded, nothing to do.');
  }
} catch (err) {
  logger().error({ err }, 'seeding failed');
  code = 1;
} finally {
  await shutdown();
}
process.exit(code);
