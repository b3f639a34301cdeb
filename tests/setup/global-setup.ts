import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatestOrThrow } from '../../modules/shared/db/migrate.server';

/**
 * Migrate once, clone per file (docs/decisions/124-test-database-template.md). With DATABASE_URL
 * (CI): a template database that each test file clones (CREATE DATABASE ... TEMPLATE,
 * milliseconds). Without it: a migrated PGlite snapshot that each file loads into an in-memory
 * PGlite on its first query, instead of running initdb and every migration (~4.5 s). The
 * snapshot is kept between runs in the temp dir, keyed by the migrations' content.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
    pgliteSnapshot: string | null;
    runId: string;
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const TEMPLATE_CACHE = path.join(os.tmpdir(), 'leda-pglite-templates');
const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Changes whenever a migration, the migration runner or PGlite changes. */
function schemaKey() {
  const h = createHash('sha256');
  const dir = path.join(root, 'migrations');
  for (const f of fs.readdirSync(dir).sort()) h.update(f).update(fs.readFileSync(path.join(dir, f)));
  h.update(fs.readFileSync(path.join(root, 'modules/shared/db/migrate.server.ts')));
  h.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite snapshot (dumpDataDir tarball) for the files to load into memory, built once
 * per schema: loading it takes ~0.5 s of CPU where copying a data directory and opening it took
 * ~2.3 s, and queries in memory skip the disk (docs/decisions/127).
 */
async function pgliteSnapshot(): Promise<string> {
  fs.mkdirSync(TEMPLATE_CACHE, { recursive: true });
  const key = schemaKey();
  const final = path.join(TEMPLATE_CACHE, `${key}.tar`);
  if (fs.existsSync(final)) {
    const now = new Date();
    fs.utimesSync(final, now, now);
    return final;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely');
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatestOrThrow(db);
  const tarball = await pglite.dumpDataDir('none');
  await db.destroy();
  if (!pglite.closed) await pglite.close();
  // Written aside and renamed into place, so a parallel run never reads a half-written file.
  const building = `${final}.${randomBytes(4).toString('hex')}.part`;
  fs.writeFileSync(building, Buffer.from(await tarball.arrayBuffer()));
  fs.renameSync(building, final);
  // Snapshots (and data directories of older versions) of other schemas, unused for a day.
  for (const entry of fs.readdirSync(TEMPLATE_CACHE)) {
    const p = path.join(TEMPLATE_CACHE, entry);
    if (p !== final && Date.now() - fs.statSync(p).mtimeMs > TEMPLATE_MAX_AGE_MS) fs.rmSync(p, { recursive: true, force: true });
  }
  return final;
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('runId', runId);
  const base = process.env.DATABASE_URL;
  if (!base) {
    project.provide('pgTemplate', null);
    project.provide('pgliteSnapshot', await pgliteSnapshot());
    return;
  }
  project.provide('pgliteSnapshot', null);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = `leda_tpl_${runId}`;
  await admin.query(`create database ${template}`);
  const url = new URL(base);
  url.pathname = `/${template}`;
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }) });
  await migrateToLatestOrThrow(db);
  await db.destroy();
  project.provide('pgTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'leda_t_${runId}_%' or datname = $1`,
      [template],
    );
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}
