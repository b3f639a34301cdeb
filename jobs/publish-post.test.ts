import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, getRedis, loadEnv, processJob, registerJobs } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, deletePost, jobScheduler, savePost } from '@modules/social/index.server';
import { makeTeam, makeUser } from '../tests/support/factories';
import { publishDuePostsJob, publishPostJob } from './publish-post.job';
import { createWorkers, type Workers } from './worker';
import { notificationFanOutJob } from './notification-fan-out.job';

/**
 * Scheduled posts through the job port: with REDIS_URL a real BullMQ worker (this file's own prefix),
 * without it the in-process runner. The post row is the truth: it publishes once at its time, not
 * before, at the new time after a reschedule, after a worker restart, and never once deleted.
 */
const hasRedis = Boolean(process.env.REDIS_URL);
let workers: Workers | undefined;

beforeAll(async () => {
  registerJobs([publishPostJob, publishDuePostsJob, notificationFanOutJob]);
  if (hasRedis) {
    workers = createWorkers({ queues: ['publishing', 'fan-out'] });
    await workers.waitUntilReady();
  }
});

afterAll(async () => {
  await workers?.close();
  const redis = getRedis();
  if (redis) {
    const keys = await redis.keys(`${loadEnv().REDIS_PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function scene() {
  const team = await makeTeam();
  const a = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const m = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
  return { team, admin: (await getCurrentUser(getDb(), a.userId))!, memberId: m.userId };
}
const postedAt = async (postId: number) => (await getDb().selectFrom('posts').select('posted_at').where('id', '=', postId).executeTakeFirst())?.posted_at ?? null;
const notes = async (postId: number, userId: number) =>
  (await getDb().selectFrom('user_notifications as un').innerJoin('notifications as n', 'n.id', 'un.notification_id').select('un.id').where('n.post_id', '=', postId).where('un.user_id', '=', userId).execute()).length;

describe(`scheduled posts (${hasRedis ? 'BullMQ worker on Redis' : 'in-process'})`, () => {
  it('publishes once at its time, not before, and notifies the team once', async () => {
    const s = await scene();
    const at = new Date(Date.now() + 1500);
    const post = await savePost(getDb(), s.admin, { text: 'Soon', audienceType: AudienceType.Team, teamId: s.team.teamId, scheduledAt: at }, jobScheduler);
    await sleep(500);
    expect(await postedAt(post.postId)).toBeNull();
    await waitFor('publishing', async () => (await postedAt(post.postId)) !== null);
    expect((await postedAt(post.postId))!.getTime()).toBeGreaterThanOrEqual(at.getTime() - 50);
    // A duplicate run (a second wake-up) publishes and notifies nothing more.
    await processJob('publish-post', { postId: post.postId });
    await processJob('publish-due-posts', {});
    await waitFor('the fan-out', async () => (await notes(post.postId, s.memberId)) >= 1);
    expect(await notes(post.postId, s.memberId)).toBe(1);
  });

  it('a reschedule moves the time both ways', async () => {
    const s = await scene();
    const early = await savePost(getDb(), s.admin, { text: 'Early', audienceType: AudienceType.Team, teamId: s.team.teamId, scheduledAt: new Date(Date.now() + 600) }, jobScheduler);
    await savePost(getDb(), s.admin, { postId: early.postId, text: 'Now later', audienceType: AudienceType.Team, scheduledAt: new Date(Date.now() + 3_600_000) }, jobScheduler);
    const late = await savePost(getDb(), s.admin, { text: 'Late', audienceType: AudienceType.Team, teamId: s.team.teamId, scheduledAt: new Date(Date.now() + 3_600_000) }, jobScheduler);
    await savePost(getDb(), s.admin, { postId: late.postId, text: 'Now sooner', audienceType: AudienceType.Team, scheduledAt: new Date(Date.now() + 400) }, jobScheduler);
    await waitFor('the rescheduled post', async () => (await postedAt(late.postId)) !== null);
    await sleep(800);
    expect(await postedAt(early.postId)).toBeNull();
    await waitFor('the fan-out', async () => (await notes(late.postId, s.memberId)) >= 1);
    expect(await notes(late.postId, s.memberId)).toBe(1);
  });

  it('a deleted post never publishes', async () => {
    const s = await scene();
    const post = await savePost(getDb(), s.admin, { text: 'Gone', audienceType: AudienceType.Team, teamId: s.team.teamId, scheduledAt: new Date(Date.now() + 400) }, jobScheduler);
    await deletePost(getDb(), s.admin, post.postId, jobScheduler);
    await sleep(1200);
    expect(await getDb().selectFrom('posts').select('id').where('id', '=', post.postId).executeTakeFirst()).toBeUndefined();
    expect(await notes(post.postId, s.memberId)).toBe(0);
    expect(await getDb().selectFrom('scheduled_jobs').select('id').where('id', '=', `publish-post-${post.postId}`).execute()).toEqual([]);
  });

  it('after a worker restart (or a lost job) the post still publishes once', async () => {
    const s = await scene();
    if (workers) await workers.close();
    const post = await savePost(getDb(), s.admin, { text: 'Across a restart', audienceType: AudienceType.Team, teamId: s.team.teamId, scheduledAt: new Date(Date.now() + 400) }, jobScheduler);
    if (workers) {
      await sleep(1000);
      expect(await postedAt(post.postId)).toBeNull();
      workers = createWorkers({ queues: ['publishing', 'fan-out'] });
      await workers.waitUntilReady();
      await waitFor('publishing after the restart', async () => (await postedAt(post.postId)) !== null);
    }
    // A job lost altogether: the row alone is due; the sweep publishes it, once.
    const lost = await getDb()
      .insertInto('posts')
      .values({ text: 'Lost job', audience_type: 3, organisation_id: s.team.organisationId, team_id: s.team.teamId, creator_id: s.admin.userId, scheduled_at: new Date(Date.now() - 1000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await processJob('publish-due-posts', {});
    await processJob('publish-due-posts', {});
    expect(await postedAt(lost.id)).not.toBeNull();
    await waitFor('the fan-out', async () => (await notes(lost.id, s.memberId)) >= 1);
    expect(await notes(lost.id, s.memberId)).toBe(1);
    await waitFor('the first post', async () => (await postedAt(post.postId)) !== null);
    await waitFor('the fan-out', async () => (await notes(post.postId, s.memberId)) >= 1);
    expect(await notes(post.postId, s.memberId)).toBe(1);
  });
});
