import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database, Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { policy, type PolicyUser, type PostScope, type TeamScope } from '@modules/identity/index.server';
import { NotificationType, notifyUsers } from './notifications.server';
import { attachFiles, resolvePostFiles, type PostFilesChange } from './post-files.server';

/** AudienceType of learner-app s.3. */
export const AudienceType = { Global: 1, Organisation: 2, Team: 3 } as const;
export const POST_GONE = 'This post is no longer availble.';
export const FEED_PAGE_SIZE = 10;

export interface PostUser {
  userId: number;
  fullName: string;
  profilePhotoBlobId: string | null;
}

/** A post in the spec's shape (learner-app s.3), plus the caller's like and the link. */
export interface Post {
  postId: number;
  text: string;
  audienceType: number;
  isGlobal: boolean;
  isLedaOfficial: boolean;
  organisationId: number | null;
  teamId: number | null;
  url: string | null;
  userCreator: PostUser | null;
  postedAt: string | null;
  scheduledAt: string | null;
  pinnedAt: string | null;
  createdAt: string;
  likes: { postLikeId: number; createdAt: string; user: PostUser }[];
  comments: { postCommentId: number; text: string; createdAt: string; user: PostUser }[];
  postFiles: { postFileId: number; file: { fileId: number; blobId: string; fileName: string; type: number } }[];
  isLiked: boolean;
}

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const fullName = sql<string>`trim(u.first_name || ' ' || u.last_name)`;

/** The columns and nested lists of a post: one query however many posts (json aggregation). */
function postSelect(userId: number) {
  return (eb: ExpressionBuilder<Database, 'posts'>) => [
    'posts.id',
    'posts.text',
    'posts.audience_type',
    'posts.is_leda_official',
    'posts.organisation_id',
    'posts.team_id',
    'posts.url',
    'posts.posted_at',
    'posts.scheduled_at',
    'posts.pinned_at',
    'posts.created_at',
    jsonObjectFrom(
      eb
        .selectFrom('users as u')
        .select(['u.id as userId', fullName.as('fullName'), 'u.profile_photo_blob_id as profilePhotoBlobId'])
        .whereRef('u.id', '=', 'posts.creator_id'),
    ).as('creator'),
    jsonArrayFrom(
      eb
        .selectFrom('post_likes as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.id as postLikeId', 'l.created_at as createdAt', 'u.id as userId', fullName.as('fullName'), 'u.profile_photo_blob_id as profilePhotoBlobId'])
        .whereRef('l.post_id', '=', 'posts.id')
        .orderBy('l.created_at'),
    ).as('likes'),
    jsonArrayFrom(
      eb
        .selectFrom('post_comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id as postCommentId', 'c.text', 'c.created_at as createdAt', 'u.id as userId', fullName.as('fullName'), 'u.profile_photo_blob_id as profilePhotoBlobId'])
        .whereRef('c.post_id', '=', 'posts.id')
        .orderBy('c.created_at')
        .orderBy('c.id'),
    ).as('comments'),
    jsonArrayFrom(
      eb
        .selectFrom('post_files as pf')
        .innerJoin('files as f', 'f.id', 'pf.file_id')
        .select(['pf.id as postFileId', 'f.id as fileId', 'f.blob_id as blobId', 'f.file_name as fileName', 'f.type'])
        .whereRef('pf.post_id', '=', 'posts.id')
        .orderBy('pf.ordinal')
        .orderBy('pf.id'),
    ).as('files'),
    eb
      .exists(eb.selectFrom('post_likes as ml').select('ml.id').whereRef('ml.post_id', '=', 'posts.id').where('ml.user_id', '=', userId))
      .as('is_liked'),
  ] as const;
}

type PostQueryRow = {
  id: number;
  text: string;
  audience_type: number;
  is_leda_official: boolean;
  organisation_id: number | null;
  team_id: number | null;
  url: string | null;
  posted_at: Date | null;
  scheduled_at: Date | null;
  pinned_at: Date | null;
  created_at: Date;
  creator: PostUser | null;
  likes: { postLikeId: number; createdAt: string; userId: number; fullName: string; profilePhotoBlobId: string | null }[];
  comments: { postCommentId: number; text: string; createdAt: string; userId: number; fullName: string; profilePhotoBlobId: string | null }[];
  files: { postFileId: number; fileId: number; blobId: string; fileName: string; type: number }[];
  is_liked: boolean;
};

const person = (r: { userId: number; fullName: string; profilePhotoBlobId: string | null }): PostUser => ({
  userId: r.userId,
  fullName: r.fullName,
  profilePhotoBlobId: r.profilePhotoBlobId,
});

function toPost(r: PostQueryRow): Post {
  return {
    postId: r.id,
    text: r.text,
    audienceType: r.audience_type,
    isGlobal: r.audience_type === AudienceType.Global,
    isLedaOfficial: r.audience_type === AudienceType.Global || r.is_leda_official,
    organisationId: r.organisation_id,
    teamId: r.team_id,
    url: r.url,
    userCreator: r.creator ? person(r.creator) : null,
    postedAt: iso(r.posted_at),
    scheduledAt: iso(r.scheduled_at),
    pinnedAt: iso(r.pinned_at),
    createdAt: iso(r.created_at)!,
    likes: r.likes.map((l) => ({ postLikeId: l.postLikeId, createdAt: iso(l.createdAt)!, user: person(l) })),
    comments: r.comments.map((c) => ({ postCommentId: c.postCommentId, text: c.text, createdAt: iso(c.createdAt)!, user: person(c) })),
    postFiles: r.files.map((f) => ({ postFileId: f.postFileId, file: { fileId: f.fileId, blobId: f.blobId, fileName: f.fileName, type: f.type } })),
    isLiked: Boolean(r.is_liked),
  };
}

/** The policy's view of a post row. */
export function scopeOf(row: { audience_type: number; organisation_id: number | null; team_id: number | null }): PostScope {
  if (row.audience_type === AudienceType.Global) return { audience: { kind: 'global' } };
  if (row.audience_type === AudienceType.Organisation) return { audience: { kind: 'organisation', organisationId: row.organisation_id! } };
  return { audience: { kind: 'team', teamId: row.team_id!, organisationId: row.organisation_id! } };
}

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
 * pinned first then newest, `limit` from `offset`. One query (nested lists by json aggregation).
 */
export async function listFeed(db: Db, user: PolicyUser, team: TeamScope, page: { offset: number; limit: number }): Promise<Post[]> {
  if (!policy.canSeeTeam(user, team) && !policy.canAdministerTeam(user, team)) throw deny();
  // The page's ids first (order, offset, limit on the bare rows), then the nested lists for those 10
  // only: Postgres projects skipped rows too, so aggregating before OFFSET would grow with the page.
  const page_ = db
    .selectFrom('posts')
    .select(['posts.id', sql<boolean>`posts.pinned_at is null`.as('unpinned'), 'posts.posted_at'])
    .where('posts.posted_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('posts.team_id', '=', team.teamId),
        eb.and([eb('posts.audience_type', '=', AudienceType.Organisation), eb('posts.organisation_id', '=', team.organisationId)]),
        eb('posts.audience_type', '=', AudienceType.Global),
      ]),
    )
    .orderBy(sql`posts.pinned_at is null`)
    .orderBy('posts.posted_at', 'desc')
    .orderBy('posts.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .as('pg');
  const rows = await db
    .selectFrom(page_)
    .innerJoin('posts', 'posts.id', 'pg.id')
    .select(postSelect(user.userId))
    .orderBy('pg.unpinned')
    .orderBy('pg.posted_at', 'desc')
    .orderBy('pg.id', 'desc')
    .execute();
  return (rows as unknown as PostQueryRow[]).map(toPost);
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
    await notifyPosted(db, postId);
  } else if (scheduledAt) {
    await scheduler.schedule(postId, scheduledAt);
  }
  return getPost(db, user, postId);
}

/** Post notification (type 4) to the audience of a freshly posted post, its author excepted. */
async function notifyPosted(db: Db, postId: number) {
  const post = await db
    .selectFrom('posts')
    .leftJoin('teams', 'teams.id', 'posts.team_id')
    .leftJoin('users as u', 'u.id', 'posts.creator_id')
    .select(['posts.id', 'posts.audience_type', 'posts.team_id', 'posts.organisation_id', 'posts.creator_id', 'posts.text', 'teams.name as team_name', fullName.as('author')])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!post) return;
  let recipients: { id: number }[];
  if (post.audience_type === AudienceType.Team) {
    recipients = await db.selectFrom('team_users').select('user_id as id').where('team_id', '=', post.team_id!).execute();
  } else if (post.audience_type === AudienceType.Organisation) {
    recipients = await db.selectFrom('users').select('id').where('organisation_id', '=', post.organisation_id!).where('is_locked', '=', false).execute();
  } else {
    recipients = await db.selectFrom('users').select('id').where('is_locked', '=', false).execute();
  }
  const where = post.team_name ? ` in ${post.team_name}` : '';
  await notifyUsers(
    db,
    recipients.map((r) => r.id).filter((id) => id !== post.creator_id),
    {
      type: NotificationType.Post,
      title: `${post.author?.trim() || 'Someone'} posted${where}`,
      message: post.text.slice(0, 200),
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
  // One transaction: the post is published together with its notifications, so a crash between the
  // two cannot leave a published post nobody was told about, and readers never see one without the other.
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('posts')
      .set({ posted_at: now, scheduled_at: null })
      .where('id', '=', postId)
      .where('posted_at', 'is', null)
      .where('scheduled_at', '<=', now)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await notifyPosted(trx, postId);
    return true;
  });
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
  await db.deleteFrom('notifications').where('post_id', '=', postId).execute();
  await db.deleteFrom('posts').where('id', '=', postId).execute();
}

/** Deletes every post of a team (/api/post/deletePostsFromTeam): whoever may administer the team. */
export async function deletePostsFromTeam(db: Db, user: PolicyUser, team: TeamScope, scheduler: PublishScheduler): Promise<number> {
  if (!policy.canAdministerTeam(user, team)) throw deny();
  const rows = await db.selectFrom('posts').select('id').where('team_id', '=', team.teamId).execute();
  for (const r of rows) await scheduler.cancel(r.id);
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    await db.deleteFrom('notifications').where('post_id', 'in', ids).execute();
    await db.deleteFrom('posts').where('id', 'in', ids).execute();
  }
  return ids.length;
}

/** A team as the policy knows it (404 for an unknown team). */
export async function teamScope(db: Db, teamId: number): Promise<TeamScope> {
  const t = await db.selectFrom('teams').select(['id', 'organisation_id']).where('id', '=', teamId).where('is_disabled', '=', false).executeTakeFirst();
  if (!t) throw new DomainError('not_found', 'Team not found.');
  return { teamId: t.id, organisationId: t.organisation_id };
}
