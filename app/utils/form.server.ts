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
