import { checkImagePixels, DomainError, MAX_IMAGE_PIXELS, putBlob, readBlob, type Db } from '@modules/shared/index.server';
import { getUserProfile } from './profile.server';
import { sql } from 'kysely';
import { canViewProfile, type PolicyUser, type ProfileScope } from './policy.server';

/**
 * Profile photos (learner-app s.5: .png .jpg .jpeg). The upload is checked by its bytes (file-type),
 * then decoded by sharp, turned upright by its EXIF orientation, cropped to a PHOTO_SIZE square and
 * re-encoded as JPEG: the stored file carries no metadata (no EXIF location, no camera serial) and
 * no payload from the original. It is stored in the blob storage and served by
 * /app/profile/{userId}/photo to whoever may view the profile.
 */
export const PHOTO_SIZE = 256;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPE_MESSAGE = 'Choose a .png, .jpg or .jpeg image.';
export const PHOTO_UNREADABLE_MESSAGE = 'This image could not be read. Please choose another.';
export const PHOTO_TOO_LARGE_MESSAGE = 'The photo is too large (max 10 MB).';
export const PHOTO_MISSING_MESSAGE = 'Choose a photo to upload.';

const ALLOWED = new Set(['image/png', 'image/jpeg']);

/** The photo made safe: a PHOTO_SIZE x PHOTO_SIZE JPEG without metadata. Throws 'invalid' for anything else. */
export async function normalisePhoto(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength === 0) throw new DomainError('invalid', PHOTO_MISSING_MESSAGE);
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw new DomainError('invalid', PHOTO_TOO_LARGE_MESSAGE);
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ALLOWED.has(detected.mime)) throw new DomainError('invalid', PHOTO_TYPE_MESSAGE);
  // The one pixel limit of every image upload (decision 243), read from the header before decoding.
  await checkImagePixels(bytes);
  try {
    // sharp (libvips) is loaded on the first photo, not with every process that imports identity.
    const { default: sharp } = await import('sharp');
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new DomainError('invalid', PHOTO_UNREADABLE_MESSAGE);
  }
}

/** Replaces the user's own photo; answers the new blob id. */
export async function uploadProfilePhoto(db: Db, userId: number, bytes: Uint8Array): Promise<{ blobId: string }> {
  const photo = await normalisePhoto(bytes);
  const blob = await putBlob(db, { bytes: photo, contentType: 'image/jpeg', owner: { kind: 'profile_photo', userId } });
  await db.updateTable('users').set({ profile_photo_blob_id: blob.blobId }).where('id', '=', userId).execute();
  return { blobId: blob.blobId };
}

/** Removes the user's own photo (the avatar falls back to initials). */
export async function removeProfilePhoto(db: Db, userId: number) {
  await db.updateTable('users').set({ profile_photo_blob_id: null }).where('id', '=', userId).execute();
}

/** The photo of a profile the viewer may see; 'User not found.' otherwise, null when there is none. */
export async function readProfilePhoto(db: Db, viewer: PolicyUser, userId: number) {
  const profile = await getUserProfile(db, viewer, userId);
  if (!profile.profilePhotoBlobId) return null;
  const blob = await readBlob(db, profile.profilePhotoBlobId);
  return blob ? { ...blob, blobId: profile.profilePhotoBlobId } : null;
}


/** How a blob may be served: publicly cached, privately cached, or not at all (null). */
export type BlobAccess = 'public' | 'private' | null;

/** The access scope of a user (their organisation and enabled teams), or null for no such user. */
export async function profileScopeOf(db: Db, userId: number): Promise<ProfileScope | null> {
  const u = await db
    .selectFrom('users')
    .select(['users.id', 'users.organisation_id'])
    .select(
      sql<number[]>`coalesce((select array_agg(tu.team_id) from team_users tu join teams t on t.id = tu.team_id where tu.user_id = users.id and t.is_disabled = false), '{}')`.as(
        'team_ids',
      ),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return u ? { userId: u.id, organisationId: u.organisation_id, teamIds: u.team_ids.map(Number) } : null;
}

/**
 * /blobs/{id} of a profile photo: only while it is someone's current photo, and only to whoever
 * may view that profile (canViewProfile), privately cached (decision 242).
 */
export async function profilePhotoBlobAccess(db: Db, viewer: PolicyUser | null, blobId: string): Promise<BlobAccess> {
  if (!viewer) return null;
  const owners = await db.selectFrom('users').select('id').where('profile_photo_blob_id', '=', blobId).execute();
  for (const o of owners) {
    const scope = await profileScopeOf(db, o.id);
    if (scope && canViewProfile(viewer, scope)) return 'private';
  }
  return null;
}
