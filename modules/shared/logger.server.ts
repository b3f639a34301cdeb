import pino from 'pino';
import { loadEnv } from './env.server';
import { onShutdown } from './lifecycle.server';

let instance: pino.Logger | undefined;
// Built from the environment (level, APP_ENV): the next init() builds it again from its own.
onShutdown(() => (instance = undefined));

/**
 * Secrets never reach the logs, even when a caller logs a whole object by mistake: session ids,
 * one-time tokens, passwords, cookies (docs/decisions/080-security-review.md).
 */
export const REDACT = [
  'password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'sessionId', '*.sessionId',
  'cookie', '*.cookie', 'headers.cookie', '*.headers.cookie', "headers['x-access-token']", "*.headers['x-access-token']",
  'setCookie', '*.setCookie',
];

/**
 * Structured JSON logs (pino): cheap on the hot path, and every line is machine-readable. The level
 * is LOG_LEVEL's, nothing else (the test set-up sets LOG_LEVEL=warn; decision 239).
 */
export function logger(): pino.Logger {
  if (!instance) {
    const env = loadEnv();
    instance = pino({
      level: env.LOG_LEVEL,
      base: { app: 'leda', env: env.APP_ENV },
      redact: { paths: REDACT, censor: '[redacted]' },
      // An error keeps its cause (and the cause's), as fields, not only in the stack text.
      serializers: { err: pino.stdSerializers.errWithCause },
    });
  }
  return instance;
}
