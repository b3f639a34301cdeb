/**
 * The bench's grown-data case: adds skills, stories (one chapter each) and public articles to a
 * seeded PostgreSQL database until it holds SKILLS skills, STORIES stories and ARTICLES public
 * articles, then bumps the catalogue version so a running server reloads its reference data.
 * Plain SQL over pg: the bench's scratch database only, never a database somebody uses.
 */
export const GROWN = { skills: 1000, stories: 500, articles: 5000 } as const;

export async function growCatalogue(databaseUrl: string, target: { skills: number; stories: number; articles: number } = GROWN) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const count = async (table: string, where = 'true') => Number((await db.query(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n);
    const groups = (await db.query<{ id: number }>('select id from skill_groups order by id')).rows.map((r) => r.id);
    const modules = (await db.query<{ id: number }>('select id from modules order by id')).rows.map((r) => r.id);
    const video = (await db.query<{ id: number }>('select id from videos order by id limit 1')).rows[0]?.id ?? null;
    if (!groups.length) throw new Error('growCatalogue: seed the catalogue first (no skill groups).');

    const skills = target.skills - (await count('skills'));
    if (skills > 0) {
      await db.query(
        `insert into skills (url_id, name, overview, content, is_locked, skill_group_id, ordinal)
         select 'grown-skill-' || i, 'Grown skill ' || i, 'A skill added for the bench.', '<p>Bench skill.</p>', false,
                ($1::int[])[1 + (i % cardinality($1::int[]))], 1000 + i
         from generate_series(1, $2::int) as i`,
        [groups, skills],
      );
    }
    const stories = target.stories - (await count('stories'));
    if (stories > 0) {
      const ids = await db.query<{ id: number }>(
        `insert into stories (url_id, module_id, name, overview, is_locked, is_featured, ordinal)
         select 'grown-story-' || i, ($1::int[])[1 + (i % greatest(cardinality($1::int[]), 1))], 'Grown story ' || i, 'A story added for the bench.', false, false, 1000 + i
         from generate_series(1, $2::int) as i returning id`,
        [modules, stories],
      );
      await db.query(
        `insert into chapters (story_id, url_id, ordinal, name, overview, html_content, video_id)
         select s, 'chapter-one', 1, 'Chapter one', 'The only chapter.', '<p>Bench chapter.</p>', $2::int from unnest($1::int[]) as s`,
        [ids.rows.map((r) => r.id), video],
      );
    }
    const articles = target.articles - (await count('contents', 'is_public'));
    if (articles > 0) {
      await db.query(
        `insert into contents (url_id, name, is_public, is_featured, author_label, overview, html_content, created_at, updated_at)
         select 'grown-article-' || translate(i::text, '0123456789', 'abcdefghij'), 'Grown article ' || i, true, false, 'Bench', 'An article added for the bench.',
                '<p>' || repeat('Bench article text. ', 200) || '</p>', now() - make_interval(days => i), now() - make_interval(days => i)
         from generate_series(1, $1::int) as i`,
        [articles],
      );
    }
    await db.query('update catalogue_version set version = version + 1');
    await db.query('commit');
  } catch (e) {
    await db.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await db.end();
  }
}
