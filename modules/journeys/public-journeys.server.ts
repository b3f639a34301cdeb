import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';

/**
 * The public journey catalogue (/how, public-site spec 3): every journey that may be shown to
 * visitors, by skill group. Journey 1000 is the hidden "break" item of the old catalogue and is
 * never listed. The skill group is the group of the journey's first skill. One query.
 */
export const HIDDEN_JOURNEY_ID = 1000;

export interface PublicJourney {
  journeyId: number;
  skillGroupId: number | null;
  name: string;
  skills: string[];
  /** Sanitised HTML. */
  htmlSummary: string;
}

export const isListedJourney = (journey: Pick<PublicJourney, 'journeyId'>) => journey.journeyId !== HIDDEN_JOURNEY_ID;

export async function listPublicJourneys(db: Db): Promise<PublicJourney[]> {
  const rows = await db
    .selectFrom('journeys as j')
    .select(['j.id as journeyId', 'j.name', 'j.html_summary as htmlSummary'])
    .select(sql<number | null>`(select s.skill_group_id from journey_skills js join skills s on s.id = js.skill_id where js.journey_id = j.id order by js.ordinal, s.id limit 1)`.as('skillGroupId'))
    .select(sql<string[]>`coalesce((select json_agg(s.name order by js.ordinal, s.id) from journey_skills js join skills s on s.id = js.skill_id where js.journey_id = j.id), '[]')`.as('skills'))
    .where('j.id', '!=', HIDDEN_JOURNEY_ID)
    .orderBy('j.ordinal')
    .orderBy('j.id')
    .limit(500)
    .execute();
  return rows.filter(isListedJourney);
}
