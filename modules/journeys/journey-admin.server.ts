import { sql } from 'kysely';
import { defineList, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';
import { BREAK_JOURNEY_ID } from './rules';
import { journeyBadgeSvg } from './awards.server';

/**
 * The admin console's journey list (admin-console s.2 Journey list, s.9) and
 * /api/admin/getAllJourneys: every journey but the break journey (id 1000), with its flags.
 * The summary HTML was sanitised on import and is sanitised again here, on the way out.
 */

export interface AdminJourney {
  journeyId: number;
  urlId: string;
  name: string;
  overview: string;
  htmlSummary: string;
  isLocked: boolean;
  isFeatured: boolean;
  isGlobal: boolean;
  createdAt: string;
  skills: { skillId: number }[];
}

export const journeyList = defineList({
  sorts: { id: 'j.id', name: 'j.name', createdAt: 'j.created_at', locked: 'j.is_locked', featured: 'j.is_featured', global: 'j.is_global' },
  defaultSort: 'name',
  tieBreak: 'j.id',
  search: ['j.name', 'j.overview'],
  pageSize: 25,
});
export type JourneyListQuery = ReturnType<typeof journeyList.parse>;

function base(db: Db) {
  return db
    .selectFrom('journeys as j')
    .where('j.id', '!=', BREAK_JOURNEY_ID)
    .select(['j.id', 'j.url_id', 'j.name', 'j.overview', 'j.html_summary', 'j.is_locked', 'j.is_featured', 'j.is_global', 'j.created_at'])
    .select(sql<number[]>`coalesce((select json_agg(s.skill_id order by s.ordinal, s.skill_id) from journey_skills s where s.journey_id = j.id), '[]')`.as('skills'));
}

type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
const toJourney = (r: Row): AdminJourney => ({
  journeyId: r.id,
  urlId: r.url_id,
  name: r.name,
  overview: r.overview,
  htmlSummary: sanitizeArticleHtml(r.html_summary),
  isLocked: r.is_locked,
  isFeatured: r.is_featured,
  isGlobal: r.is_global,
  createdAt: new Date(r.created_at).toISOString(),
  skills: r.skills.map((skillId) => ({ skillId })),
});

/** /admin/journey-list: one page of journeys (search, sort, page from the URL), each with its badge. */
export async function listJourneysForAdmin(db: Db, query: JourneyListQuery) {
  const page = await journeyList.run(base(db), query);
  return { ...page, rows: page.rows.map((r) => ({ ...toJourney(r), badgeSvg: journeyBadgeSvg({ journeyId: r.id, name: r.name }) })) };
}

/** /api/admin/getAllJourneys: every journey but the break journey, by name. */
export async function getAllJourneys(db: Db): Promise<AdminJourney[]> {
  const rows = await base(db).orderBy('j.name').orderBy('j.id').limit(5000).execute();
  return rows.map(toJourney);
}
