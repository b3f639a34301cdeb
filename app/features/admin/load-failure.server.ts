import { logger } from '@modules/shared/index.server';

/** Admin-console alert when the journeys cannot be loaded (admin-console spec 8). */
export const JOURNEYS_FETCH_ERROR = 'Error while fetching the journeys';

/**
 * Runs a read a screen can live without (a list, a picker's options): on failure it is logged and the
 * screen gets `fallback` plus the spec's message to show, instead of the whole page failing.
 */
export async function readOrMessage<T>(request: Request, read: () => Promise<T>, fallback: T, message: string): Promise<{ value: T; loadError: string | null }> {
  try {
    return { value: await read(), loadError: null };
  } catch (err) {
    logger().error({ err, path: new URL(request.url).pathname }, message);
    return { value: fallback, loadError: message };
  }
}
