import type { ActionFunctionArgs } from '@remix-run/node';
import { GENERIC_ERROR, getDb, isDomainError, logger } from '@modules/shared/index.server';
import { MAX_PHOTO_BYTES, uploadProfilePhoto } from '@modules/identity/index.server';
import { apiError } from '~/utils/api.server';
import { readUploadedFiles, uploadBody } from '~/utils/upload.server';
import { requireApiUser } from '~/utils/session.server';

/**
 * POST /api/file/uploadProfilePhoto (multipart field 'files', one .png/.jpg/.jpeg checked by its
 * bytes): becomes the caller's own photo, resized to a square and stripped of metadata; answers
 * {blobId}.
 */
export const loader = async () => apiError(405, 'Use POST for this path.');

async function uploadPhoto({ request, context }: ActionFunctionArgs) {
  try {
    if (request.method !== 'POST') return apiError(405, 'Use POST for this path.');
    const auth = await requireApiUser(request, context);
    const files = await readUploadedFiles(request, context, MAX_PHOTO_BYTES + 64 * 1024);
    if (files.length !== 1) return apiError(400, files.length ? 'Upload one photo at a time.' : 'Choose a photo to upload.');
    return Response.json(await uploadProfilePhoto(getDb(), auth.user.userId, files[0]!.bytes));
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDomainError(error)) return apiError(error.status, error.message);
    logger().error({ err: error }, 'profile photo upload error');
    return apiError(500, GENERIC_ERROR);
  }
}

/** The multipart body, for the generated OpenAPI document (decision 288). */
export const action = Object.assign(uploadPhoto, { multipartSchema: uploadBody(1), access: 'user' as const });
