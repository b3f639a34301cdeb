import { data } from '@remix-run/node';
import { boundedInt, logger } from '@modules/shared/index.server';

/**
 * A whole-number query value (`?offset=`, `?page=`, `?weeks=`) for a loader: absent or empty gives
 * the fallback; anything else that is not digits within min..max ('1.5', '-1', '1e400',
 * '99999999999999999999') is a 400 with a message naming the parameter, logged at info
 * (decision 249). Uses the one bounded-int parser (modules/shared/validation.ts: boundedInt).
 */
export function queryInt(url: URL, name: string, { min = 0, max, fallback }: { min?: number; max: number; fallback: number }): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const n = boundedInt(raw, min, max);
  if (n !== undefined) return n;
  const message = `?${name} must be a whole number from ${min} to ${max}.`;
  logger().info({ path: url.pathname, [name]: raw.slice(0, 40) }, 'bad query value refused (400)');
  throw data({ message }, { status: 400, statusText: message });
}
