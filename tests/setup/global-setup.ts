import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatestOrThrow } from '../../modules/shared/db/migrate.server';

/**
 * With DATABASE_URL (CI): migrate a template database once, and each test file clones it
 * (CREATE DATABASE ... TEMPLATE, milliseconds). Without it, each file migrates its own PGlite.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
    runId: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('runId', runId);
  const base = process.env.DATABASE_URL;
  if (!base) {
    project.provide('pgTemplate', null);
    return;
  }
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
