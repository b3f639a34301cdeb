import pino from 'pino';
import { loadEnv } from './env.server';

let instance: pino.Logger | undefined;

/**
 * Secrets never reach the logs, even when a caller logs a whole object by mistake: session ids,
 * one-time tokens, passwords, cookies (docs/decisions/080-security-review.md).
 */
export const REDACT = [
  'password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'sessionId', '*.sessionId',
  'cookie', '*.cookie', 'headers.cookie', '*.headers.cookie', "headers['x-access-token']", "*.headers['x-access-token']",
  'setCookie', '*.setCookie',
];

/** Structured JSON logs (pino): cheap on the hot path, and every line is machine-readable. */
export function logger(): pino.Logger {
  if (!instance) {
    const env = loadEnv();
    const level = process.env.VITEST && env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL;
    instance = pino({ level, base: { app: 'leda', env: env.APP_ENV }, redact: { paths: REDACT, censor: '[redacted]' } });
  }
  return instance;
}
