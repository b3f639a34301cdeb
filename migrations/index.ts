import type { Migration } from 'kysely/migration';
import * as m20261122T050000 from './20261122T050000-identity';

/**
 * Static index of every migration, in order. Add new ones at the end with a dated
 * name (YYYYMMDDTHHMMSS-what.ts); never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '20261122T050000-identity': m20261122T050000,
};
