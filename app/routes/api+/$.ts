import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { logger } from '@modules/shared/index.server';
import { apiError } from '~/utils/api.server';

/**
 * Any /api path that no route serves: a JSON 404 with errorMsg for every method (without this
 * route Remix answered an HTML 405 and logged a stack trace per request), and one log line.
 */
export const UNKNOWN_API_PATH = 'Unknown API path.';

function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const url = new URL(request.url);
  logger().info({ method: request.method, path: url.pathname.slice(0, 200) }, 'unknown /api path');
  return apiError(404, UNKNOWN_API_PATH);
}

export const loader = notFound;
export const action = notFound;
