import { sql } from 'kysely';
import type { Db } from '@modules/shared/db/database';
import type { PolicyUser } from '@modules/identity/index.server';
import { AudienceType, summarySelect, toSummary, type PostSummary, type SummaryQueryRow } from './post-rows.server';

/**
 * The learner home's newest posts (issue 25): the newest posted posts of the learner's teams and
 * organisation (global announcements have their own notifications), newest first, as feed cards.
 * One query whatever the number of teams and posts (posts_posted index).
 */
export async function listNewestTeamPosts(db: Db, user: PolicyUser, limit = 3): Promise<PostSummary[]> {
  const teamIds = user.userPermissions.teams.map((t) => t.teamId);
  const orgId = user.userPermissions.organisationId;
  if (!teamIds.length && orgId === null) return [];
  const rows = await db
    .selectFrom('posts')
    .select(summarySelect(user.userId))
    .where('posts.posted_at', 'is not', null)
    .where((eb) => {
      const ors = [];
      if (teamIds.length) ors.push(eb('posts.team_id', 'in', teamIds));
      if (orgId !== null) ors.push(eb.and([eb('posts.audience_type', '=', AudienceType.Organisation), eb('posts.organisation_id', '=', orgId)]));
      return eb.or(ors);
    })
    .orderBy(sql`posts.posted_at`, 'desc')
    .orderBy('posts.id', 'desc')
    .limit(Math.min(Math.max(limit, 1), 10))
    .execute();
  return (rows as unknown as SummaryQueryRow[]).map(toSummary);
}
