import {
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  MaxPartSizeExceededError,
  type ActionFunctionArgs,
} from '@remix-run/node';
import { GENERIC_ERROR, getDb, isDomainError, logger } from '@modules/shared/index.server';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, uploadFiles, type UploadKind } from '@modules/social/index.server';
import { apiError } from './api.server';
import { allowUpload, isTooLarge } from './body-limit.server';
import { requireApiUser } from './session.server';

/** What /api/file/* and the post editor accept in one request: its files and the form around them. */
export const UPLOAD_LIMIT = MAX_FILES_PER_UPLOAD * MAX_FILE_BYTES + 64 * 1024;

/**
 * Reads the multipart field 'files' (each part at most MAX_FILE_BYTES, in memory) as name + bytes.
 * `maxBytes` is the whole body's limit for this route (the web server counts it as it arrives).
 */
export async function readUploadedFiles(request: Request, maxBytes = UPLOAD_LIMIT): Promise<{ name: string; bytes: Uint8Array }[]> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw apiError(413, 'The upload is too large.');
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw apiError(400, "Send the files as multipart/form-data in the field 'files'.");
  allowUpload(request, maxBytes);
  let form: FormData;
  try {
    form = await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: MAX_FILE_BYTES, filter: ({ name }) => name === 'files' }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError || isTooLarge(error)) throw apiError(413, 'The file is too large.');
    throw apiError(400, 'The upload could not be read.');
  }
  const parts = form.getAll('files').filter((v): v is File => typeof v !== 'string');
  return Promise.all(parts.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/**
 * A screen's form POST that may carry files (a plain HTML form, multipart, JavaScript or not): the
 * text fields as FormData and the non-empty parts of the field 'files' as name + bytes. A urlencoded
 * POST answers its fields and no files. An upload too large or unreadable throws apiError (4xx).
 */
export async function readFormWithFiles(request: Request): Promise<{ form: FormData; files: { name: string; bytes: Uint8Array }[] }> {
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    try {
      return { form: await request.formData(), files: [] };
    } catch {
      throw apiError(400, 'The form could not be read. Please reload the page and try again.');
    }
  }
  const clone = request.clone();
  const files = (await readUploadedFiles(request)).filter((f) => f.bytes.byteLength > 0);
  try {
    const form = await parseMultipartFormData(clone, createMemoryUploadHandler({ maxPartSize: 64 * 1024, filter: ({ name }) => name !== 'files' }));
    return { form, files };
  } catch {
    throw apiError(400, 'The form could not be read. Please reload the page and try again.');
  }
}

/** The /api/file/* routes: a signed-in user, POST multipart 'files', each checked by content. */
export function uploadRoute(kind: UploadKind) {
  const loader = async () => apiError(405, 'Use POST for this path.');
  const action = async ({ request }: ActionFunctionArgs) => {
    try {
      if (request.method !== 'POST') return apiError(405, 'Use POST for this path.');
      const auth = await requireApiUser(request);
      const files = await readUploadedFiles(request);
      return Response.json(await uploadFiles(getDb(), auth.user.userId, kind, files));
    } catch (error) {
      if (error instanceof Response) return error;
      if (isDomainError(error)) return apiError(error.status, error.message);
      logger().error({ err: error }, 'upload error');
      return apiError(500, GENERIC_ERROR);
    }
  };
  return { loader, action };
}
