import { sql, type Kysely } from 'kysely';

// Issue 29 (decision 310): Team Information shows the first 6 admins and members of a team by name and
// each role's count. Ranking every member by a name that lives in users (2,000 rows joined and sorted,
// 12-18 ms of PostgreSQL) becomes a walk of 6 index entries: team_users keeps the member's sort name
// (lower(trim(first_name || ' ' || last_name)), the order every team member list uses), set by a trigger
// when a membership is written and when a user's name changes, and one index on
// (team_id, is_team_admin, sort_name, user_id) serves the top 6 per role, the counts and the members list.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table team_users add column sort_name text not null default ''`.execute(db);
  await sql`update team_users tu set sort_name = lower(trim(u.first_name || ' ' || u.last_name)) from users u where u.id = tu.user_id`.execute(db);
  await sql`
    create or replace function leda_team_user_sort_name() returns trigger language plpgsql as $$
    begin
      new.sort_name := coalesce((select lower(trim(u.first_name || ' ' || u.last_name)) from users u where u.id = new.user_id), '');
      return new;
    end
    $$`.execute(db);
  await sql`create trigger team_users_sort_name before insert or update of user_id on team_users for each row execute function leda_team_user_sort_name()`.execute(db);
  await sql`
    create or replace function leda_user_name_to_team_users() returns trigger language plpgsql as $$
    begin
      update team_users set sort_name = lower(trim(new.first_name || ' ' || new.last_name)) where user_id = new.id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_name_to_team_users after update of first_name, last_name on users for each row
    when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
    execute function leda_user_name_to_team_users()`.execute(db);
  await sql`create index team_users_member_order_idx on team_users (team_id, is_team_admin, sort_name, user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists team_users_member_order_idx`.execute(db);
  await sql`drop trigger if exists users_name_to_team_users on users`.execute(db);
  await sql`drop function if exists leda_user_name_to_team_users()`.execute(db);
  await sql`drop trigger if exists team_users_sort_name on team_users`.execute(db);
  await sql`drop function if exists leda_team_user_sort_name()`.execute(db);
  await sql`alter table team_users drop column if exists sort_name`.execute(db);
}
