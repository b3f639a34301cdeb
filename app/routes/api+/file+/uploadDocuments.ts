import { uploadRoute } from '~/utils/upload.server';

/** POST /api/file/uploadDocuments (multipart field 'files'): answers the stored files with their blobId. */
export const { loader, action } = uploadRoute('documents');
