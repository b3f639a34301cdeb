import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';

/**
 * Every paged or sorted list, and every periodic delete, has its index (security review,
 * docs/decisions/080-security-review.md). A missing one means a full scan per page or per run.
 */
const EXPECTED: Record<string, string> = {
  contents_public_list_idx: 'articles and /api/public/getPublicContents (is_public, created_at desc, id desc)',
  content_tags_tag_idx: 'articles by tag',
  content_tags_pkey: 'tags of a page of articles (content_id first)',
  user_notifications_user_created_idx: 'notifications list, newest first',
  user_notifications_user_seen_idx: 'unseen notifications counter',
  my_activities_user_completed_idx: 'activities lists',
  page_views_user_created_idx: 'retention insights per user and time',
  page_events_user_created_idx: 'events per user and time',
  page_views_created_at_idx: 'retention: raw page views older than 13 months',
  page_events_created_at_idx: 'retention: raw page events older than 13 months',
  communications_created_at_idx: 'retention: email bodies older than 12 months',
  erasure_requests_due_idx: 'housekeeping: erasures due',
  users_created_at_idx: 'admin users list',
  enquiries_created_at_idx: 'admin enquiries list',
  communications_recipient_idx: 'communications by recipient, newest first',
  sessions_expires_idx: 'hourly expired-session prune',
  one_time_tokens_expires_idx: 'hourly expired-token prune',
  rate_limits_expires_idx: 'hourly rate-limit prune',
  posts_team_feed_idx: 'team feed: team posts, pinned first then newest',
  posts_org_feed_idx: 'team feed: organisation posts',
  posts_global_feed_idx: 'team feed: global posts',
  posts_team_created_idx: 'team Posts table',
  posts_due_idx: 'scheduled-post sweep',
  post_comments_post_idx: 'comments of a post by createdAt',
  post_files_post_idx: 'files of a post in order',
  user_notifications_user_id_idx: 'notification poll: newest id per user',
  team_journeys_unlocked_idx: 'journey unlock notifications job',
  user_contacts_user_requested_idx: 'peer feedback contacts, most recently asked first',
  feedback_responses_user_idx: 'peer feedback results and comments of a user',
  feedback_tokens_expires_idx: 'hourly expired feedback-token prune',
  data_exports_expires_idx: 'hourly expired data-export prune',
  data_exports_user_idx: 'a person\'s data exports, newest first',
  posts_creator_idx: 'data export: a person\'s posts',
  post_comments_user_idx: 'data export: a person\'s comments',
  team_users_member_order_idx: 'Team Information: the first 6 admins and members by name, and their counts; the members list',
};

describe('indexes', () => {
  it('exist for every paged or sorted list and every periodic delete', async () => {
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(getDb());
    const names = new Set(rows.map((r) => r.indexname));
    for (const [name, why] of Object.entries(EXPECTED)) expect(names.has(name), `${name}: ${why}`).toBe(true);
  });
});
