import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { policy, profileScopeOf, type PolicyUser } from '@modules/identity/index.server';

/**
 * /blobs/{id} of a task answer's uploaded file (decision 242): only while a FileUpload answer of its
 * owner holds it, and only to the owner, the team admins of their teams, their organisation's admins
 * and product admins (policy.canSeeUserUploads), privately cached.
 */
export async function answerFileBlobAccess(db: Db, viewer: PolicyUser | null, blobId: string, ownerUserId: number | null): Promise<'private' | null> {
  if (!viewer || ownerUserId === null) return null;
  const held = await db
    .selectFrom('my_activity_task_fields as tf')
    .innerJoin('my_activity_tasks as t', 't.id', 'tf.my_activity_task_id')
    .innerJoin('my_activities as ma', 'ma.id', 't.my_activity_id')
    .select('tf.id')
    .where('ma.user_id', '=', ownerUserId)
    .where(sql<boolean>`tf.value like ${`{"blobId":"${blobId}"%`}`)
    .executeTakeFirst();
  if (!held) return null;
  const owner = await profileScopeOf(db, ownerUserId);
  return owner && policy.canSeeUserUploads(viewer, owner) ? 'private' : null;
}
