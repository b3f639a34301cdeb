/**
 * The bench's grown team feed (issue 12): the demo Leadership Team (team 1) gets 2,000 members and
 * 20,000 posts, each with 3 likes and 2 comments, every third with an image. Plain SQL over pg, on
 * the bench's scratch database only. Team home and feed page 100 must keep their query count, and
 * page 100 must cost at most 1.5 x page 1.
 */
export const GROWN_FEED = { members: 2000, posts: 20000 } as const;

export async function growFeed(databaseUrl: string, teamId = 1, target = GROWN_FEED) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const team = (await db.query<{ organisation_id: number }>('select organisation_id from teams where id = $1', [teamId])).rows[0];
    if (!team) throw new Error(`growFeed: no team ${teamId} (seed first).`);
    const have = Number((await db.query<{ n: string }>('select count(*) n from team_users where team_id = $1', [teamId])).rows[0]!.n);
    await db.query(
      `insert into users (first_name, last_name, email, organisation_id)
       select 'Bench', 'Member ' || g, 'bench-member-' || g || '@leda.test', $1 from generate_series(1, $2::int) g`,
      [team.organisation_id, Math.max(0, target.members - have)],
    );
    await db.query(`insert into team_users (team_id, user_id) select $1, id from users where email like 'bench-member-%@leda.test'`, [teamId]);
    const author = (await db.query<{ id: number }>('select user_id id from team_users where team_id = $1 and is_team_admin order by id limit 1', [teamId])).rows[0]?.id ?? null;
    await db.query(
      `insert into posts (text, audience_type, organisation_id, team_id, creator_id, posted_at)
       select 'Bench post ' || g || ' with **some** text', 3, $1, $2, $3, now() - (g || ' minutes')::interval from generate_series(1, $4::int) g`,
      [team.organisation_id, teamId, author, target.posts],
    );
    const file = await db.query<{ id: number }>(
      `insert into files (blob_id, file_name, type, content_type, creator_id) values ('benchfeedblob0000001', 'bench.png', 1, 'image/png', $1) returning id`,
      [author],
    );
    await db.query(`insert into post_files (post_id, file_id) select id, $2 from posts where team_id = $1 and id % 3 = 0`, [teamId, file.rows[0]!.id]);
    await db.query(
      `insert into post_likes (post_id, user_id)
       select p.id, u.user_id from posts p
       join lateral (select user_id from team_users where team_id = $1 order by (user_id + p.id) % 97, user_id limit 3) u on true
       where p.team_id = $1 on conflict do nothing`,
      [teamId],
    );
    await db.query(
      `insert into post_comments (post_id, user_id, text) select p.id, coalesce($2, p.creator_id), 'Bench comment ' || g from posts p, generate_series(1, 2) g where p.team_id = $1 and $2::int is not null`,
      [teamId, author],
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (e) {
    await db.query('rollback');
    throw e;
  } finally {
    await db.end();
  }
}
