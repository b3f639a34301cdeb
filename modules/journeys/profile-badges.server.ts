import type { Db } from '@modules/shared/index.server';
import { journeyBadgeSvg } from './awards.server';

/**
 * Journey badges on a profile (learner-app s.2 "User profile"): the journeys the user has completed,
 * newest first, each with its badge picture (the same SVG as /app/journey/{journey}/badge.svg).
 * One query over user_journeys (unique user_id, journey_id).
 */
export interface JourneyBadge {
  journeyId: number;
  urlId: string;
  name: string;
  completedAt: string;
  badgeSvg: string;
}

export async function listJourneyBadges(db: Db, userId: number): Promise<JourneyBadge[]> {
  const rows = await db
    .selectFrom('user_journeys as uj')
    .innerJoin('journeys as j', 'j.id', 'uj.journey_id')
    .select(['j.id', 'j.url_id', 'j.name', 'uj.completed_at'])
    .where('uj.user_id', '=', userId)
    .where('uj.completed_at', 'is not', null)
    .orderBy('uj.completed_at', 'desc')
    .orderBy('j.id')
    .execute();
  return rows.map((r) => ({
    journeyId: r.id,
    urlId: r.url_id,
    name: r.name,
    completedAt: new Date(r.completed_at!).toISOString(),
    badgeSvg: journeyBadgeSvg({ journeyId: r.id, name: r.name }),
  }));
}
