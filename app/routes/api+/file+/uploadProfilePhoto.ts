import { getDb } from '@modules/shared/index.server';
import { MAX_PHOTO_BYTES, uploadProfilePhoto } from '@modules/identity/index.server';
import { apiError } from '~/utils/api.server';
import { filesRoute } from '~/utils/upload.server';

/**
 * POST /api/file/uploadProfilePhoto (multipart field 'files', one .png/.jpg/.jpeg checked by its
 * bytes): becomes the caller's own photo, resized to a square and stripped of metadata; answers
 * {blobId}.
 */
export const { loader, action } = filesRoute({
  maxBytes: MAX_PHOTO_BYTES + 64 * 1024,
  maxFiles: 1,
  handle: async (userId, files) =>
    files.length === 1 ? uploadProfilePhoto(getDb(), userId, files[0]!.bytes) : apiError(400, files.length ? 'Upload one photo at a time.' : 'Choose a photo to upload.'),
});
