import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { boundedInt, isDomainError } from '@modules/shared/index.server';

/** A numeric id from the URL (1..MAX_ID, digits only), else a 404 (the layout's not-found panel). */
export function idParam(params: LoaderFunctionArgs['params'], name: string): number {
  const id = boundedInt(params[name]);
  if (id === undefined) throw data(null, { status: 404 });
  return id;
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
