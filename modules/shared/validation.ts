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

export const intId = z.coerce.number({ error: 'Must be a number' }).int().positive().max(2_147_483_647);
