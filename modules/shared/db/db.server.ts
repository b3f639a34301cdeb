import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, type LogEvent } from 'kysely';
import type { Database, Db } from './database';
import { StripNulPlugin } from './strip-nul.plugin';
import { loadEnv } from '../env.server';

/**
 * One Kysely instance per process. With DATABASE_URL it talks to PostgreSQL through
 * a pg pool; without it, an embedded PGlite database lives in DATA_DIR/pglite.
 * PGlite holds one connection, so a process must never open two instances on the
 * same directory: everything goes through getDb().
 */
type Handle = { db: Db; kind: 'postgres' | 'pglite'; close: () => Promise<void> };

let handle: Handle | undefined;

/**
 * Test-only hook: listeners see each executed query's SQL. A no-op (one size check) unless a
 * listener is registered; tests/integration/query-count.test.ts counts the queries per page.
 */
const queryListeners = new Set<(sql: string) => void>();
export function onQuery(listener: (sql: string) => void): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}
const log = (event: LogEvent) => {
  if (queryListeners.size) for (const l of queryListeners) l(event.query.sql);
};
let opening: Promise<Handle> | undefined;

/**
 * Test-only: the embedded database lives in memory, started from a migrated snapshot (a
 * PGlite dumpDataDir tarball), and is created on the first query, so a test file that never
 * touches the database pays nothing. See docs/decisions/127-in-memory-pglite-for-tests.md.
 */
let memorySnapshot: (() => Promise<Blob>) | undefined;
export function startPgliteInMemoryFrom(snapshot: () => Promise<Blob>) {
  memorySnapshot = snapshot;
}

async function open(): Promise<Handle> {
  const env = loadEnv();
  if (env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    // int8 (count, bigint ids) as numbers: every id we keep fits in 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new StripNulPlugin()], log });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const snapshot = memorySnapshot;
  if (snapshot) {
    // Kysely creates it on the first connection and closes it in db.destroy().
    const db = new Kysely<Database>({
      dialect: new PGliteDialect({ pglite: async () => PGlite.create({ loadDataDir: await snapshot() }) }),
      plugins: [new StripNulPlugin()],
      log,
    });
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const dir = path.resolve(env.DATA_DIR, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [new StripNulPlugin()], log });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Opens the database on first use (async), then returns the same handle. */
export async function connectDb(): Promise<Db> {
  if (handle) return handle.db;
  opening ??= open();
  handle = await opening;
  return handle.db;
}

/**
 * The process's database. Call connectDb() (done by boot()) before the first request;
 * after that getDb() is synchronous.
 */
export function getDb(): Db {
  if (!handle) throw new Error('Database not connected: call connectDb() (boot) first');
  return handle.db;
}

export function dbKind(): 'postgres' | 'pglite' {
  return handle?.kind ?? (loadEnv().DATABASE_URL ? 'postgres' : 'pglite');
}

export async function closeDb() {
  const h = handle ?? (opening ? await opening.catch(() => undefined) : undefined);
  handle = undefined;
  opening = undefined;
  if (h) await h.close();
}
