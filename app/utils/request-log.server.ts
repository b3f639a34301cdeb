import type { Logger } from 'pino';
import { logger } from '@modules/shared/index.server';
import { storeOf } from './request-context.server';

/**
 * The logger for code that has the request: its lines carry the request's id (reqId, the
 * X-Request-Id the client got), so the access line and the error lines of one request can be
 * found together (docs/decisions/239). A pino child, made once per request and only when needed.
 * Outside the web server (a test calling an action) it is the plain logger.
 */
export function requestLogger(request: Request): Logger {
  const store = storeOf(request);
  if (!store?.requestId) return logger();
  return (store.log ??= logger().child({ reqId: store.requestId }));
}
