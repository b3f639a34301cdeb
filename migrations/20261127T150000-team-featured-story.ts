import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// admin-console s.3 Team.featuredStoryId: a team can feature one story (set in the team editor's
// General settings, shown on the team home). A deleted story stops being featured.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table teams add column featured_story_id integer references stories (id) on delete set null`.execute(db);
  await sql`create index teams_featured_story_idx on teams (featured_story_id) where featured_story_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists teams_featured_story_idx`.execute(db);
  await sql`alter table teams drop column if exists featured_story_id`.execute(db);
}
