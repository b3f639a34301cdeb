export { connectDb, getDb, closeDb, dbKind, onQuery } from './db.server';
export { migrateToLatestOrThrow } from './migrate.server';
export { prepared } from './prepared.server';
export type { Database, Db } from './database';
export type { Kysely, Transaction, Selectable, Insertable, Updateable } from 'kysely';
