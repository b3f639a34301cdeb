import { z } from 'zod';

/**
 * The one place process.env is read. The web server, the worker and every script
 * call loadEnv() once at start-up; a missing or malformed variable stops the
 * process with a message naming it.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.join(' or ')}` },
  );

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: optionalString,
  APP_ENV: z.enum(['production', 'staging', 'development']).default('development'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z
    .string()
    .default('http://localhost:3000')
    .refine((v) => /^https?:\/\/[^/]+/.test(v), { message: 'must be an http(s) URL such as https://leda.example.com' })
    .transform((v) => v.replace(/\/+$/, '')),
  MAIL_FROM: z.string().default('Leda <no-reply@leda.example>'),
  SALES_EMAIL: z.string().email().default('sales@leda.example'),
  SUPPORT_EMAIL: z.string().email().default('hello@leda.example'),
  UNDER_CONSTRUCTION_UNTIL: optionalString.refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), {
    message: 'must be a date such as 2026-12-01 or 2026-12-01T09:00:00+10:00',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How often (seconds) a process with REDIS_URL that started the job schedulers checks they are still
   * in Redis and re-creates them (Redis restarted empty, or was flushed); also checked on every reconnect.
   */
  JOB_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Prefix for Redis keys (queues, rate limits) so several deployments or test runs can share one Redis. */
  REDIS_PREFIX: z.string().default('leda'),
  /**
   * Which proxies in front of the app may say who the client is (X-Forwarded-For, -Proto, -Host):
   * unset = none (the client address is the socket's, so a client cannot pick its own IP for the
   * per-IP limits); a hop count such as 1; or addresses/CIDRs/names such as
   * 'loopback' or '10.0.0.0/8, 192.168.1.5' (Express 'trust proxy').
   */
  /** Retention (issue 27 s.4, decision 263), run by the hourly housekeeping job. */
  RETENTION_PAGE_VIEWS_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  RETENTION_EMAIL_BODIES_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  RETENTION_TOKENS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_IMPORT_FILES_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * The key that encrypts identity providers' client secrets at rest (AES-256-GCM, decision 292): 32
   * bytes as 64 hex digits or base64 (`openssl rand -base64 32`). Required in production for single
   * sign-on; in development and staging a fixed key derived from a constant is used when unset.
   */
  SSO_SECRET_KEY: optionalString.refine((v) => v === undefined || parseSecretKey(v) !== undefined, {
    message: 'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  }),
  TRUST_PROXY: optionalString
    .refine((v) => v === undefined || parseTrustProxy(v) !== undefined, {
      message: "must be a hop count (e.g. 1) or a comma-separated list of addresses, CIDRs or 'loopback', 'linklocal', 'uniquelocal'",
    })
    .transform((v) => (v === undefined ? false : parseTrustProxy(v)!)),
});

/** SSO_SECRET_KEY -> its 32 bytes; undefined when malformed. */
export function parseSecretKey(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

const TRUST_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ADDRESS_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

/** TRUST_PROXY -> Express's 'trust proxy' value: a hop count or a list; undefined when malformed. */
export function parseTrustProxy(value: string): number | string[] | undefined {
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value.split(',').map((x) => x.trim()).filter(Boolean);
  if (list.length === 0 || !list.every((x) => TRUST_NAMES.has(x) || ADDRESS_OR_CIDR.test(x))) return undefined;
  return list;
}

export type Env = z.infer<typeof envSchema> & { HOST: string };

let cached: Env | undefined;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, HOST: env.HOST ?? (env.APP_ENV === 'development' ? '127.0.0.1' : '0.0.0.0') };
}

/** Parse process.env once; stops the process with a clear message when a variable is wrong. */
export function loadEnv(): Env {
  if (cached) return cached;
  try {
    cached = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  return cached;
}

/** For tests that change the environment between files. */
export function resetEnvCache() {
  cached = undefined;
}
