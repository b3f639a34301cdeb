import { sql, type Kysely } from 'kysely';
import type { Database } from '@modules/shared/db/database';
import { prepared } from '@modules/shared/db/prepared.server';

/** A card on the team list: the team, its description as plain text, and how many members it has. */
export interface TeamCard {
  teamId: number;
  name: string;
  description: string | null;
  memberCount: number;
  isTeamAdmin: boolean;
}

/** Sanitised HTML to one plain-text paragraph (tags dropped, the common entities decoded, spaces collapsed). */
export function htmlToPlainText(html: string | null): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/** The user's enabled teams (by name, as the team list and the navigation order them), one query. */
export async function listTeamCards(db: Kysely<Database>, userId: number): Promise<TeamCard[]> {
  const rows = await teamCardRows(db, userId);
  return rows.map((r) => ({
    teamId: r.teamId,
    name: r.name,
    description: htmlToPlainText(r.description),
    memberCount: Number(r.memberCount ?? 0),
    isTeamAdmin: r.isTeamAdmin,
  }));
}

/** The team list's statement, compiled once (it runs on every visit of the team list). */
const teamCardRows = prepared((db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('team_users as mine')
    .innerJoin('teams', 'teams.id', 'mine.team_id')
    .select([
      'teams.id as teamId',
      'teams.name',
      'teams.description',
      'mine.is_team_admin as isTeamAdmin',
      (eb) =>
        eb
          .selectFrom('team_users as all_members')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('all_members.team_id', '=', 'teams.id')
          .as('memberCount'),
    ])
    .where('mine.user_id', '=', userId)
    .where('teams.is_disabled', '=', false)
    .orderBy('teams.name'),
);
