import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';
import { stripNul } from './strip-nul.plugin';

/**
 * A statement on a hot path (run on every page) whose SQL never changes, only its values: Kysely
 * builds, transforms and compiles it once, then each call runs that SQL with the call's values in
 * its slots (issue 16: query building was ~6 % of a page's CPU).
 *
 * `build` receives one stand-in per argument and must bind each exactly once as a plain value
 * (`.where(col, '=', slot)`, `sql\`= any(${slot}::int[])\``); nothing in the SQL may depend on the
 * values (no `in` lists, no conditions on them). Strings lose NUL characters as StripNulPlugin
 * would do. The SQL is the same on PostgreSQL and PGlite, so one compilation serves both.
 */
export function prepared<A extends unknown[], R>(build: (db: Db, ...slots: A) => Compilable<R>): (db: Db, ...args: A) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; slotAt: number[] } | undefined;
  return async (db, ...args) => {
    if (!compiled) {
      const slots = args.map((_, i) => Symbol(`slot ${i}`));
      const query = build(db, ...(slots as unknown as A)).compile();
      const slotAt = slots.map((slot) => {
        const at = query.parameters.flatMap((p, i) => (p === slot ? [i] : []));
        if (at.length !== 1) throw new Error(`prepared(): each slot must be bound exactly once (slot ${String(slot.description)} is bound ${at.length} times).`);
        return at[0]!;
      });
      compiled = { query, slotAt };
    }
    const parameters = [...compiled.query.parameters];
    compiled.slotAt.forEach((at, i) => {
      const value = args[i];
      parameters[at] = typeof value === 'string' ? stripNul(value) : value;
    });
    return (await db.executeQuery<R>({ ...compiled.query, parameters })).rows;
  };
}
