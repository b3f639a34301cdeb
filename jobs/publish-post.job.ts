import { z } from 'zod';
import { defineJob, getDb } from '@modules/shared/index.server';
import { publishDuePost, publishDuePosts } from '@modules/social/index.server';

const schema = z.object({ postId: z.number().int().positive() });
const sweepSchema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'publish-post': z.input<typeof schema>;
    'publish-due-posts': z.input<typeof sweepSchema>;
  }
}

/**
 * Publishes one scheduled post at its scheduledAt (stable id publish-post-<postId>). The post row
 * is the truth: publishing is one conditional update, so a second run publishes and notifies nothing.
 */
export const publishPostJob = defineJob({
  name: 'publish-post',
  queue: 'publishing',
  schema,
  process: async ({ postId }) => {
    await publishDuePost(getDb(), postId);
  },
});

/** Every minute: publishes any due post whose job was lost. */
export const publishDuePostsJob = defineJob({
  name: 'publish-due-posts',
  queue: 'publishing',
  schema: sweepSchema,
  repeat: { pattern: '* * * * *' },
  attempts: 1,
  process: async () => {
    await publishDuePosts(getDb());
  },
});
