export { connectDb, getDb, closeDb, dbKind } from './db.server';
export { migrateToLatestOrThrow } from './migrate.server';
export type { Database } from './database';
export type { Kysely, Transaction, Selectable, Insertable, Updateable } from 'kysely';
