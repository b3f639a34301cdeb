import { z } from 'zod';

/**
 * Field builders shared by every form and /api body (browser-safe: no server imports).
 * conform turns an empty field into undefined, so "missing" is where 'This field is required' shows.
 */
export const REQUIRED = 'This field is required';

export const requiredString = (opts: { max?: number; min?: number; message?: string } = {}) => {
  let s = z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : opts.message ?? REQUIRED) }).trim();
  if (opts.min !== undefined) s = s.min(opts.min, { error: opts.message ?? REQUIRED });
  else s = s.min(1, { error: opts.message ?? REQUIRED });
  if (opts.max !== undefined) s = s.max(opts.max, { error: opts.message ?? `Max ${opts.max} characters` });
  return s;
};

export const optionalString = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message ?? `Max ${max} characters` })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A required email: empty says 'This field is required', malformed says the given message. */
export const emailField = (message = 'Enter a valid email address') =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : message) })
    .trim()
    .min(1, { error: REQUIRED })
    .max(320, { error: message })
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase());

export const checkbox = z
  .union([z.literal('on'), z.literal('true'), z.boolean()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true');

/** The largest id an int4 (serial) column holds: every id in every schema is bounded by it. */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'Must be an id';

/** A numeric id in a JSON body: a whole number 1..2147483647 (beyond it the database would throw, a 500). */
export const idNumber = z.number({ error: 'Required' }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/**
 * The one id schema: a number or digits (forms, route params, JSON) 1..2147483647. Use it (or
 * idNumber inside a union) for every field that names a row by its integer id.
 */
export const idSchema = z.coerce.number({ error: 'Required' }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/** @deprecated the same as idSchema (kept for existing imports). */
export const intId = idSchema;
