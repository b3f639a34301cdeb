import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { policy, type PolicyUser, type TeamScope } from '@modules/identity/index.server';
import { deletePostNotifications, NotificationType, plainExcerpt } from './notifications.server';
import { createFanOutNotification, startFanOut } from './notification-fan-out.server';
import { attachFiles, dropOrphanFiles, listPostFileIds, resolvePostFiles, type PostFilesChange } from './post-files.server';
import { AudienceType, fullName, scopeOf, postSelect, summarySelect, toPost, toSummary, type Post, type PostQueryRow, type PostSummary, type SummaryQueryRow } from './post-rows.server';

export { AudienceType, fullName, iso, type Post, type PostSummary, type PostUser } from './post-rows.server';
export const POST_GONE = 'This post is no longer availble.';
export const FEED_PAGE_SIZE = 10;

/** The policy's view of a post row. */
export { scopeOf } from './post-rows.server';

export async function findPostRow(db: Db, postId: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'audience_type', 'organisation_id', 'team_id', 'creator_id', 'posted_at', 'scheduled_at', 'pinned_at', 'text', 'is_leda_official'])
    .where('id', '=', postId)
    .executeTakeFirst();
}

/** A post the user may see (unknown, deleted or out of reach → 404 'This post is no longer availble.'). */
export async function requireVisiblePost(db: Db, user: PolicyUser, postId: number) {
  const row = await findPostRow(db, postId);
  if (!row || !policy.canSeePost(user, scopeOf(row))) throw new DomainError('not_found', POST_GONE);
  // A scheduled post is visible only to those who may edit it.
  if (!row.posted_at && !policy.canModeratePost(user, scopeOf(row))) throw new DomainError('not_found', POST_GONE);
  return { row, scope: scopeOf(row) };
}

export const deny = () => new DomainError('forbidden', 'You do not have permission to do that.');

/**
 * The feed of a team: its posts, its organisation's posts and the global posts that are posted,
 * pinned first then newest, `limit` from `offset`, as the documented Post (with the like and
 * comment lists: /api/post/getFeedPostsByTeamId). One query (nested lists by json aggregation).
 */
export async function listFeed(db: Db, user: PolicyUser, team: TeamScope, page: { offset: number; limit: number }): Promise<Post[]> {
  return ((await feedRows(db, user, team, page, postSelect(user.userId))) as unknown as PostQueryRow[]).map(toPost);
}

/**
 * The same page of the feed as its cards show it: counts instead of the like and comment lists. Each
 * post carries `feedCursor`, its place in the feed's order: given as `after`, the next page starts
 * right after that post (keyset: page N costs page 1's, decision 352); an `after` that is not a
 * cursor is ignored (the page is read by offset).
 */
export async function listFeedSummaries(
  db: Db,
  user: PolicyUser,
  team: TeamScope,
  page: { offset: number; limit: number; after?: string | null },
): Promise<(PostSummary & { feedCursor: string })[]> {
  const rows = (await feedRows(db, user, team, page, summarySelect(user.userId))) as unknown as (SummaryQueryRow & { feed_cursor: string })[];
  return rows.map((r) => ({ ...toSummary(r), feedCursor: r.feed_cursor }));
}

/** A feed cursor: pinned (0) or not (1), posted_at to the microsecond in UTC, the post's id. */
const CURSOR = /^([01])_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,10})$/;

function parseFeedCursor(after: string | null | undefined) {
  const m = CURSOR.exec(after ?? '');
  if (!m || Number.isNaN(Date.parse(m[2]!)) || Number(m[3]) > 2_147_483_647) return null;
  return { unpinned: m[1] === '1', postedAt: m[2]!, id: Number(m[3]) };
}

async function feedRows(
  db: Db,
  user: PolicyUser,
  team: TeamScope,
  page: { offset: number; limit: number; after?: string | null },
  select: ReturnType<typeof postSelect> | ReturnType<typeof summarySelect>,
) {
  if (!policy.canSeeTeam(user, team) && !policy.canAdministerTeam(user, team)) throw deny();
  // The page's ids first (order, offset, limit on the bare rows), then the nested lists for those 10
  // only: Postgres projects skipped rows too, so aggregating before OFFSET would grow with the page.
  // The ids come from three streams, each read in order from its own feed index (team, organisation,
  // global; disjoint) and cut at offset + limit, then merged: one OR over the three made PostgreSQL
  // scan and sort every post of the team (14-18 ms at 20,000 posts; decision 311).
  // With a cursor (keyset, decision 352) each stream starts right after it in its index: (posted_at, id)
  // below the cursor's within its pinned or unpinned part (a row comparison the index walks from),
  // and after the pinned part every unpinned post; no offset, so page N reads what page 1 reads.
  const cursor = parseFeedCursor(page.after);
  const skip = cursor ? 0 : page.offset;
  const upTo = skip + page.limit;
  const below = cursor ? sql`(p.posted_at, p.id) < (${cursor.postedAt}::timestamptz, ${cursor.id}::int)` : null;
  const after = !cursor ? sql`` : cursor.unpinned ? sql`and p.pinned_at is null and ${below}` : sql`and (p.pinned_at is null or ${below})`;
  const stream = (where: RawBuilder<unknown>) =>
    sql`(select p.id, p.pinned_at is null as unpinned, p.posted_at from posts p where p.posted_at is not null and ${where} ${after}
         order by p.pinned_at is null, p.posted_at desc, p.id desc limit ${upTo})`;
  const page_ = sql<{ id: number; unpinned: boolean; posted_at: Date }>`(
    select s.id, s.unpinned, s.posted_at from (
      ${stream(sql`p.team_id = ${team.teamId}`)}
      union all ${stream(sql`p.audience_type = ${sql.lit(AudienceType.Organisation)} and p.organisation_id = ${team.organisationId} and p.team_id is distinct from ${team.teamId}`)}
      union all ${stream(sql`p.audience_type = ${sql.lit(AudienceType.Global)} and p.team_id is distinct from ${team.teamId}`)}
    ) s order by s.unpinned, s.posted_at desc, s.id desc offset ${skip} limit ${page.limit})`.as('pg');
  return db
    .selectFrom(page_)
    .innerJoin('posts', 'posts.id', 'pg.id')
    .select(select as ReturnType<typeof postSelect>)
    .select(sql<string>`(case when pg.unpinned then '1' else '0' end) || '_' || to_char(pg.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || pg.id`.as('feed_cursor'))
    .orderBy('pg.unpinned')
    .orderBy('pg.posted_at', 'desc')
    .orderBy('pg.id', 'desc')
    .execute();
}

/**
 * The team's Posts table (admin-console s.4): posted posts first, newest posted first, then the
 * scheduled ones, soonest first; a post neither posted nor scheduled comes last.
 */
export async function listTeamPosts(db: Db, user: PolicyUser, team: TeamScope): Promise<Post[]> {
  if (!policy.canAdministerTeam(user, team)) throw deny();
  const rows = await db
    .selectFrom('posts')
    .select(postSelect(user.userId))
    .where('posts.team_id', '=', team.teamId)
    .orderBy(sql`posts.posted_at is null`)
    .orderBy('posts.posted_at', 'desc')
    .orderBy(sql`posts.scheduled_at is null`)
    .orderBy('posts.scheduled_at', 'asc')
    .orderBy('posts.id', 'desc')
    .limit(1000)
    .execute();
  return (rows as unknown as PostQueryRow[]).map(toPost);
}

/** Posts across the user's reach (/api/post/getPosts): global, their organisation's and their teams', posted, newest first. */
export async function listPosts(db: Db, user: PolicyUser, page: { offset: number; limit: number }): Promise<Post[]> {
  const teamIds = user.userPermissions.teams.map((t) => t.teamId);
  const orgId = user.userPermissions.organisationId;
  const rows = await db
    .selectFrom('posts')
    .select(postSelect(user.userId))
    .where('posts.posted_at', 'is not', null)
    .where((eb) => {
      const ors = [eb('posts.audience_type', '=', AudienceType.Global)];
      if (orgId !== null) ors.push(eb.and([eb('posts.audience_type', '=', AudienceType.Organisation), eb('posts.organisation_id', '=', orgId)]));
      if (teamIds.length) ors.push(eb('posts.team_id', 'in', teamIds));
      return eb.or(ors);
    })
    .orderBy(sql`posts.pinned_at is null`)
    .orderBy('posts.posted_at', 'desc')
    .orderBy('posts.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return (rows as unknown as PostQueryRow[]).map(toPost);
}

/** One post the user may see, with its comments. */
export async function getPost(db: Db, user: PolicyUser, postId: number): Promise<Post> {
  await requireVisiblePost(db, user, postId);
  const row = await db.selectFrom('posts').select(postSelect(user.userId)).where('posts.id', '=', postId).executeTakeFirstOrThrow();
  return toPost(row as unknown as PostQueryRow);
}

export interface SavePostInput extends PostFilesChange {
  postId?: number;
  text: string;
  audienceType: number;
  organisationId?: number | null;
  teamId?: number | null;
  isLedaOfficial?: boolean;
  /** Publish later (a future time); null or absent posts now. */
  scheduledAt?: Date | null;
  url?: string | null;
}

/** Where a new post goes: the audience the user chose, its organisation looked up for a team. */
async function audienceOf(db: Db, input: SavePostInput): Promise<{ audience_type: number; organisation_id: number | null; team_id: number | null }> {
  if (input.audienceType === AudienceType.Global) return { audience_type: 1, organisation_id: null, team_id: null };
  if (input.audienceType === AudienceType.Organisation) {
    if (!input.organisationId) throw new DomainError('invalid', 'Choose an audience.');
    return { audience_type: 2, organisation_id: input.organisationId, team_id: null };
  }
  if (!input.teamId) throw new DomainError('invalid', 'Choose an audience.');
  const team = await db.selectFrom('teams').select(['id', 'organisation_id']).where('id', '=', input.teamId).executeTakeFirst();
  if (!team) throw new DomainError('invalid', 'Choose an audience.');
  return { audience_type: 3, organisation_id: team.organisation_id, team_id: team.id };
}

/** Hooks the job side gives the module (schedule/cancel the publish job), so posts stay testable without Redis. */
export interface PublishScheduler {
  schedule(postId: number, runAt: Date): Promise<void>;
  cancel(postId: number): Promise<void>;
}

/**
 * Creates or edits a post. The policy decides the audience (new posts) and the edit (existing);
 * official is a product-admin choice (global posts are always official). A future scheduledAt keeps
 * the post unposted and schedules its publishing; otherwise it is posted now (and its audience notified).
 */
export async function savePost(db: Db, user: PolicyUser, input: SavePostInput, scheduler: PublishScheduler, now = new Date()): Promise<Post> {
  const text = input.text.trim();
  const scheduledAt = input.scheduledAt && input.scheduledAt.getTime() > now.getTime() ? input.scheduledAt : null;

  let postId: number;
  let publishNow = false;
  let existing: Awaited<ReturnType<typeof findPostRow>>;
  if (input.postId) {
    existing = await findPostRow(db, input.postId);
    if (!existing) throw new DomainError('not_found', POST_GONE);
    if (!policy.canEditPost(user, scopeOf(existing))) throw deny();
  }
  const audience = existing ? null : await audienceOf(db, input);
  if (audience && !policy.canPostToAudience(user, scopeOf(audience).audience)) throw deny();
  // The files are settled (kept, added, removed, each checked) before anything is written.
  const fileIds = await resolvePostFiles(db, user, existing?.id ?? null, input);
  if (!text && fileIds.length === 0) throw new DomainError('invalid', 'A post needs text or a file.');
  const official = (audienceType: number, fallback: boolean) =>
    audienceType === AudienceType.Global || (policy.canMarkPostOfficial(user) ? (input.isLedaOfficial ?? (existing ? existing.is_leda_official : true)) : fallback);

  if (existing) {
    postId = existing.id;
    const posted = existing.posted_at !== null;
    await db
      .updateTable('posts')
      .set({
        text,
        url: input.url || null,
        // Only product admins change the official mark; anyone else's edit keeps it.
        is_leda_official: official(existing.audience_type, existing.is_leda_official),
        updated_at: now,
        // A posted post keeps its audience and publish time; an unposted one may be rescheduled or posted now.
        ...(posted ? {} : { scheduled_at: scheduledAt, posted_at: scheduledAt ? null : now }),
      })
      .where('id', '=', postId)
      .execute();
    publishNow = !posted && !scheduledAt;
  } else {
    const target = audience!;
    const row = await db
      .insertInto('posts')
      .values({
        ...target,
        text,
        url: input.url || null,
        creator_id: user.userId,
        is_leda_official: official(target.audience_type, false),
        scheduled_at: scheduledAt,
        posted_at: scheduledAt ? null : now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    postId = row.id;
    publishNow = !scheduledAt;
  }

  await attachFiles(db, postId, fileIds);
  if (publishNow) {
    await scheduler.cancel(postId);
    const notificationId = await notifyPosted(db, postId);
    if (notificationId) await startFanOut(notificationId);
  } else if (scheduledAt) {
    await scheduler.schedule(postId, scheduledAt);
  }
  return getPost(db, user, postId);
}

/**
 * Post notification (type 4) to the audience of a freshly posted post, its author excepted: the
 * notification and its audience are recorded here, the notification-fan-out job delivers it
 * (decision 258). Answers the notification id for startFanOut once the caller has committed.
 */
async function notifyPosted(db: Db, postId: number): Promise<number | null> {
  const post = await db
    .selectFrom('posts')
    .leftJoin('teams', 'teams.id', 'posts.team_id')
    .leftJoin('users as u', 'u.id', 'posts.creator_id')
    .select(['posts.id', 'posts.audience_type', 'posts.team_id', 'posts.organisation_id', 'posts.creator_id', 'posts.text', 'teams.name as team_name', fullName.as('author')])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!post) return null;
  const audience =
    post.audience_type === AudienceType.Team
      ? { kind: 'team' as const, id: post.team_id!, unlockedOnly: false }
      : post.audience_type === AudienceType.Organisation
        ? { kind: 'organisation' as const, id: post.organisation_id!, unlockedOnly: true }
        : { kind: 'everyone' as const, unlockedOnly: true };
  const where = post.team_name ? ` in ${post.team_name}` : '';
  return createFanOutNotification(
    db,
    { ...audience, excludeUserId: post.creator_id },
    {
      type: NotificationType.Post,
      title: `${post.author?.trim() || 'Someone'} posted${where}`,
      message: plainExcerpt(post.text),
      link: `/app/post/${post.id}`,
      postId: post.id,
    },
  );
}

/**
 * Publishes a due scheduled post: one conditional update, so a second run (a duplicate wake-up,
 * the sweep) finds nothing and neither publishes nor notifies again. Returns whether it published.
 */
export async function publishDuePost(db: Db, postId: number, now = new Date()): Promise<boolean> {
  // One transaction: the post is published together with its notification (and the audience it is
  // for), so a crash between the two cannot leave a published post nobody is told about; the
  // fan-out job delivers it after the commit (the sweep, if this process dies first).
  const notificationId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('posts')
      .set({ posted_at: now, scheduled_at: null })
      .where('id', '=', postId)
      .where('posted_at', 'is', null)
      .where('scheduled_at', '<=', now)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false as const;
    return notifyPosted(trx, postId);
  });
  if (notificationId === false) return false;
  if (notificationId) await startFanOut(notificationId);
  return true;
}

/** The ids of scheduled posts that are due (the sweep publishes them if their job was lost). */
export async function listDuePostIds(db: Db, now = new Date(), limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('posted_at', 'is', null)
    .where('scheduled_at', '<=', now)
    .orderBy('scheduled_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes a post (and its notifications); its publish job is cancelled. */
export async function deletePost(db: Db, user: PolicyUser, postId: number, scheduler: PublishScheduler): Promise<void> {
  const row = await findPostRow(db, postId);
  if (!row) throw new DomainError('not_found', POST_GONE);
  if (!policy.canDeletePost(user, scopeOf(row))) throw deny();
  await scheduler.cancel(postId);
  const fileIds = await listPostFileIds(db, postId);
  await deletePostNotifications(db, [postId]);
  await db.deleteFrom('posts').where('id', '=', postId).execute();
  // Its files go with it unless another post or a preset holds them: a deleted post's files are never served again.
  await dropOrphanFiles(db, fileIds);
}

/** Deletes every post of a team (/api/post/deletePostsFromTeam): whoever may administer the team. */
export async function deletePostsFromTeam(db: Db, user: PolicyUser, team: TeamScope, scheduler: PublishScheduler): Promise<number> {
  if (!policy.canAdministerTeam(user, team)) throw deny();
  const rows = await db.selectFrom('posts').select('id').where('team_id', '=', team.teamId).execute();
  for (const r of rows) await scheduler.cancel(r.id);
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    const fileIds = (await db.selectFrom('post_files').select('file_id').where('post_id', 'in', ids).execute()).map((r) => r.file_id);
    await deletePostNotifications(db, ids);
    await db.deleteFrom('posts').where('id', 'in', ids).execute();
    await dropOrphanFiles(db, [...new Set(fileIds)]);
  }
  return ids.length;
}

/** A team as the policy knows it (404 for an unknown team). */
export async function teamScope(db: Db, teamId: number): Promise<TeamScope> {
  const t = await db.selectFrom('teams').select(['id', 'organisation_id']).where('id', '=', teamId).where('is_disabled', '=', false).executeTakeFirst();
  if (!t) throw new DomainError('not_found', 'Team not found.');
  return { teamId: t.id, organisationId: t.organisation_id };
}
