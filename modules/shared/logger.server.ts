import pino from 'pino';
import { loadEnv } from './env.server';

let instance: pino.Logger | undefined;

/** Structured JSON logs (pino): cheap on the hot path, and every line is machine-readable. */
export function logger(): pino.Logger {
  if (!instance) {
    const env = loadEnv();
    const level = process.env.VITEST && env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL;
    instance = pino({ level, base: { app: 'leda', env: env.APP_ENV } });
  }
  return instance;
}
