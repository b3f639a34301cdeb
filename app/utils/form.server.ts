import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';
import type { FormConstraint } from '~/components/forms';

/**
 * The body of a form POST. Our pages only ever send urlencoded or multipart forms; any other body
 * (JSON, text, a broken multipart stream) makes request.formData() throw a TypeError, which would be
 * a 500. It is a 400 with a plain message instead (docs/decisions/080-security-review.md).
 */
export const UNREADABLE_FORM = 'The form could not be read. Please reload the page and try again.';

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

/**
 * A schema's conform constraint (required, minLength, maxLength, pattern…), computed once per
 * schema on the server and sent to the page through its loader, so the browser renders the same
 * attributes without shipping zod (docs/decisions/141).
 */
const constraints = new WeakMap<object, FormConstraint>();

export function formConstraint(schema: z.ZodType): FormConstraint {
  let c = constraints.get(schema);
  if (!c) {
    c = getZodConstraint(schema);
    constraints.set(schema, c);
  }
  return c;
}
