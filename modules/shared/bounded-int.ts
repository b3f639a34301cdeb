/** The largest id an int4 (serial) column holds: every id in every schema is bounded by it. */
export const MAX_ID = 2_147_483_647;

/**
 * The one bounded-int parser for ids, offsets, pages and limits read from a URL (path params and
 * query values): digits only, min..max (default 1..MAX_ID). '1.5', '-1', '1e3', '1e400',
 * '99999999999999999999', ' 1' and '%FF' are not whole numbers in range: undefined, never a number
 * the database would refuse (a 500).
 */
export function boundedInt(raw: string | null | undefined, min = 1, max = MAX_ID): number | undefined {
  if (raw == null || !/^\d{1,16}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}
