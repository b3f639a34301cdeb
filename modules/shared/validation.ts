import { z } from 'zod';
import { MAX_ID } from './bounded-int';

export { MAX_ID, boundedInt } from './bounded-int';

/**
 * Field builders shared by every form and /api body (browser-safe: no server imports).
 * conform turns an empty field into undefined, so "missing" is where 'This field is required' shows.
 */
export const REQUIRED = 'This field is required';

/**
 * Text that is not well-formed UTF-16 (a lone surrogate, '\uD800' in a JSON body) cannot be stored:
 * PostgreSQL refuses it in jsonb (a 500) and the driver turns it into U+FFFD in text. Every string
 * builder below refuses it, and the /api body reader refuses any body that holds one (decision 250).
 */
export const NOT_WELL_FORMED = 'Contains a character that is not valid text (an unpaired surrogate)';
const LONE_SURROGATE = /\p{Surrogate}/u;
export const isWellFormedText = (s: string) => !LONE_SURROGATE.test(s);

/** True when a string anywhere in a parsed JSON value (keys included) has a lone surrogate. */
export function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isWellFormedText(value);
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => hasLoneSurrogate(v, depth + 1));
  return Object.entries(value).some(([k, v]) => !isWellFormedText(k) || hasLoneSurrogate(v, depth + 1));
}

/** z.string() that refuses lone surrogates: the base of every user text field. */
export const text = (message = NOT_WELL_FORMED) => z.string().refine(isWellFormedText, { error: message });

export const requiredString = (opts: { max?: number; min?: number; message?: string } = {}) => {
  let s = z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : opts.message ?? REQUIRED) }).trim();
  if (opts.min !== undefined) s = s.min(opts.min, { error: opts.message ?? REQUIRED });
  else s = s.min(1, { error: opts.message ?? REQUIRED });
  if (opts.max !== undefined) s = s.max(opts.max, { error: opts.message ?? `Max ${opts.max} characters` });
  return s.refine(isWellFormedText, { error: NOT_WELL_FORMED });
};

export const optionalString = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message ?? `Max ${max} characters` })
    .refine(isWellFormedText, { error: NOT_WELL_FORMED })
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

export const ID_MESSAGE = 'Must be an id';

/** A numeric id in a JSON body: a whole number 1..2147483647 (beyond it the database would throw, a 500). */
export const idNumber = z.number({ error: 'Required' }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/**
 * The one id schema: a number or digits (forms, route params, JSON) 1..2147483647. Use it (or
 * idNumber inside a union) for every field that names a row by its integer id.
 */
export const idSchema = z.coerce.number({ error: 'Required' }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);
