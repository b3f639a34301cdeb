import { cancel, schedule } from '@modules/shared/index.server';
import type { Db } from '@modules/shared/db/database';
import { listDuePostIds, publishDuePost, type PublishScheduler } from './posts.server';

/** The stable job id of a post's publishing (one per post: rescheduling replaces it). */
export const publishJobId = (postId: number) => `publish-post-${postId}`;

/** Scheduled posts through the job port: a delayed 'publish-post' job per post (decision 120). */
export const jobScheduler: PublishScheduler = {
  schedule: (postId, runAt) => schedule('publish-post', { postId }, runAt, publishJobId(postId)),
  cancel: async (postId) => {
    await cancel(publishJobId(postId));
  },
};

/** The sweep: publishes every due post whose job was lost (each publish is one conditional update). */
export async function publishDuePosts(db: Db, now = new Date()): Promise<number> {
  let published = 0;
  for (const id of await listDuePostIds(db, now)) if (await publishDuePost(db, id, now)) published++;
  return published;
}
