import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { boundedInt, isDomainError, logger } from '@modules/shared/index.server';

/**
 * The one way a route reads a number from its address (issue 30 s.3, decision 342): a path id with
 * idParam, an optional id in the query with queryId, an offset or page with queryInt. All go through
 * boundedInt (modules/shared/validation.ts); form fields and JSON bodies use idSchema / idNumber. A bad
 * id is a 404 (a bad offset a 400 that says why), never a number the database would refuse (a 500).
 */

/** A numeric id from the URL (1..MAX_ID, digits only), else a 404 (the layout's not-found panel). */
export function idParam(params: LoaderFunctionArgs['params'], name: string): number {
  const id = boundedInt(params[name]);
  if (id === undefined) throw data(null, { status: 404 });
  return id;
}

/**
 * An optional id in the query (?myActivityId=): absent or empty is null; anything that is not an id is
 * a 404 with `message` as its text.
 */
export function queryId(url: URL, name: string, message = 'Not Found'): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return null;
  const id = boundedInt(raw);
  if (id === undefined) throw new Response(message, { status: 404 });
  return id;
}

/**
 * A whole-number query value (`?offset=`, `?page=`) for a loader: absent or empty gives the fallback;
 * anything else that is not digits within min..max ('1.5', '-1', '1e400', '99999999999999999999') is a
 * 400 with a message naming the parameter, logged at info (decision 249).
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

/** Runs a module call; its not-found becomes the 404 panel. */
export async function orNotFound<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isDomainError(e) && e.code === 'not_found') throw data(null, { status: 404 });
    throw e;
  }
}

/** A plain 404 (explore and journey pages answer it for an unknown or malformed id). */
export function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** A url id or numeric id from the address: short, plain characters only; anything else is a 404. */
export function routeId(value: string | undefined): string {
  if (!value || value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) notFound();
  return value;
}
