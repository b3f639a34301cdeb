import type { Migration } from 'kysely/migration';
import * as m20261122T050000 from './20261122T050000-identity';
import * as m20261122T055000 from './20261122T055000-shell-counters';
import * as m20261122T060000 from './20261122T060000-public-site';
import * as m20261122T070000 from './20261122T070000-catalogue';
import * as m20261122T090000 from './20261122T090000-rate-limits';
import * as m20261122T093000 from './20261122T093000-review-indexes';

/**
 * Static index of every migration, in order. Add new ones at the end with a dated
 * name (YYYYMMDDTHHMMSS-what.ts); never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '20261122T050000-identity': m20261122T050000,
  '20261122T055000-shell-counters': m20261122T055000,
  '20261122T060000-public-site': m20261122T060000,
  '20261122T070000-catalogue': m20261122T070000,
  '20261122T090000-rate-limits': m20261122T090000,
  '20261122T093000-review-indexes': m20261122T093000,
};
