/**
 * `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL,
 * or the embedded PGlite in DATA_DIR) and exits. The web server and the worker also migrate
 * on start; this is for deployments that migrate as a separate step.
 */
import { dbKind, init, logger, shutdown } from '@modules/shared/index.server';

let code = 0;
try {
  await init({ migrate: true });
  logger().info({ database: dbKind() }, 'database is up to date');
} catch (err) {
  logger().error({ err }, 'migration failed');
  code = 1;
} finally {
  await shutdown();
}
process.exit(code);
