import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '@modules/shared/db/database';
import type { PostScope } from '@modules/identity/index.server';

/*
 * A post's shape (learner-app s.3) and how one query reads it: the columns, the nested lists by
 * json aggregation, and the feed card's counts in place of the lists (posts.server.ts runs them).
 */
/** AudienceType of learner-app s.3. */
export const AudienceType = { Global: 1, Organisation: 2, Team: 3 } as const;

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
  /** imageWidths: an image's stored widths, smallest first (its resized copies, then the original), for srcset. */
  postFiles: { postFileId: number; file: { fileId: number; blobId: string; fileName: string; type: number; imageWidths: number[] } }[];
  isLiked: boolean;
}

/**
 * A post as a feed card shows it: the like and comment counts instead of the lists, which grow
 * with the team (a post liked by 2,000 members); the post page shows the comments (Post).
 */
export type PostSummary = Omit<Post, 'likes' | 'comments'> & { likeCount: number; commentCount: number };

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const fullName = sql<string>`trim(u.first_name || ' ' || u.last_name)`;

/** The columns and nested lists of a post: one query however many posts (json aggregation). */
export function postSelect(userId: number) {
  return (eb: ExpressionBuilder<Database, 'posts'>) => [...postColumns(eb), ...postLists(eb), isLiked(eb, userId)] as const;
}

/** A feed card's columns: the like and comment counts in place of their lists. */
export function summarySelect(userId: number) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    [
      ...postColumns(eb),
      eb.selectFrom('post_likes as l').select(sql<number>`count(*)::int`.as('n')).whereRef('l.post_id', '=', 'posts.id').as('like_count'),
      eb.selectFrom('post_comments as c').select(sql<number>`count(*)::int`.as('n')).whereRef('c.post_id', '=', 'posts.id').where('c.deleted_at', 'is', null).as('comment_count'),
      postFiles(eb),
      isLiked(eb, userId),
    ] as const;
}

function postColumns(eb: ExpressionBuilder<Database, 'posts'>) {
  return [
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
  ] as const;
}

function postLists(eb: ExpressionBuilder<Database, 'posts'>) {
  return [
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
        .where('c.deleted_at', 'is', null)
        .orderBy('c.created_at')
        .orderBy('c.id'),
    ).as('comments'),
    postFiles(eb),
  ] as const;
}

function postFiles(eb: ExpressionBuilder<Database, 'posts'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('post_files as pf')
      .innerJoin('files as f', 'f.id', 'pf.file_id')
      .select(['pf.id as postFileId', 'f.id as fileId', 'f.blob_id as blobId', 'f.file_name as fileName', 'f.type'])
      .select(
        sql<number[]>`coalesce((select array_agg(b.width order by b.width) from blobs b where (b.variant_of = f.blob_id or b.id = f.blob_id) and b.width is not null), '{}')`.as(
          'imageWidths',
        ),
      )
      .whereRef('pf.post_id', '=', 'posts.id')
      .orderBy('pf.ordinal')
      .orderBy('pf.id'),
  ).as('files');
}

function isLiked(eb: ExpressionBuilder<Database, 'posts'>, userId: number) {
  return eb
    .exists(eb.selectFrom('post_likes as ml').select('ml.id').whereRef('ml.post_id', '=', 'posts.id').where('ml.user_id', '=', userId))
    .as('is_liked');
}

export type PostQueryRow = {
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
  files: { postFileId: number; fileId: number; blobId: string; fileName: string; type: number; imageWidths?: number[] | null }[];
  is_liked: boolean;
};

const person = (r: { userId: number; fullName: string; profilePhotoBlobId: string | null }): PostUser => ({
  userId: r.userId,
  fullName: r.fullName,
  profilePhotoBlobId: r.profilePhotoBlobId,
});

export function toPost(r: PostQueryRow): Post {
  return {
    ...postFields(r),
    likes: r.likes.map((l) => ({ postLikeId: l.postLikeId, createdAt: iso(l.createdAt)!, user: person(l) })),
    comments: r.comments.map((c) => ({ postCommentId: c.postCommentId, text: c.text, createdAt: iso(c.createdAt)!, user: person(c) })),
  };
}

export type SummaryQueryRow = Omit<PostQueryRow, 'likes' | 'comments'> & { like_count: number; comment_count: number };

export function toSummary(r: SummaryQueryRow): PostSummary {
  return { ...postFields(r), likeCount: r.like_count, commentCount: r.comment_count };
}

function postFields(r: Omit<PostQueryRow, 'likes' | 'comments'>): Omit<Post, 'likes' | 'comments'> {
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
    postFiles: r.files.map((f) => ({ postFileId: f.postFileId, file: { fileId: f.fileId, blobId: f.blobId, fileName: f.fileName, type: f.type, imageWidths: (f.imageWidths ?? []).map(Number) } })),
    isLiked: Boolean(r.is_liked),
  };
}

/** A post row's audience, as the policy asks it. */
export function scopeOf(row: { audience_type: number; organisation_id: number | null; team_id: number | null }): PostScope {
  if (row.audience_type === AudienceType.Global) return { audience: { kind: 'global' } };
  if (row.audience_type === AudienceType.Organisation) return { audience: { kind: 'organisation', organisationId: row.organisation_id! } };
  return { audience: { kind: 'team', teamId: row.team_id!, organisationId: row.organisation_id! } };
}
