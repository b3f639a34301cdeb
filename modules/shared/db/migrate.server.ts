import { Migrator } from 'kysely/migration';
import type { Kysely } from 'kysely';
import { migrations } from '../../../migrations';

/** Runs every pending migration; throws (naming the migration) when one fails. */
export async function migrateToLatestOrThrow(db: Kysely<unknown>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}
