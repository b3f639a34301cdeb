import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '@modules/shared/db/database';
import { prepared } from '@modules/shared/db/prepared.server';
import { htmlToText } from '@modules/shared/html-text';

/** A card on the team list: the team, its description as plain text, and how many members it has. */
export interface TeamCard {
  teamId: number;
  name: string;
  description: string | null;
  memberCount: number;
  isTeamAdmin: boolean;
}

/** The user's enabled teams (by name, as the team list and the navigation order them), one query. */
export async function listTeamCards(db: Db, userId: number): Promise<TeamCard[]> {
  return toTeamCards(await teamCardRows(db, userId));
}

type TeamCardRow = { teamId: number; name: string; description: string | null; memberCount: number | string | null; isTeamAdmin: boolean };

/** The rows of either statement (listTeamCards', or teamCardsOfUser's JSON) as cards. */
export function toTeamCards(rows: readonly TeamCardRow[] | null): TeamCard[] {
  return (rows ?? []).map((r) => ({
    teamId: r.teamId,
    name: r.name,
    description: htmlToText(r.description, 'paragraph') || null,
    memberCount: Number(r.memberCount ?? 0),
    isTeamAdmin: r.isTeamAdmin,
  }));
}

/**
 * The same cards as one JSON value, correlated to `users`: the session's statement reads it along
 * for the team list page (app/utils/session.server.ts), which then needs no query of its own.
 */
export function teamCardsOfUser(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('team_users as mine')
    .innerJoin('teams', 'teams.id', 'mine.team_id')
    .select(
      sql<TeamCardRow[] | null>`json_agg(json_build_object(
        'teamId', teams.id, 'name', teams.name, 'description', teams.description, 'isTeamAdmin', mine.is_team_admin,
        'memberCount', (select count(*)::int from team_users as all_members where all_members.team_id = teams.id)
      ) order by teams.name)`.as('cards'),
    )
    .whereRef('mine.user_id', '=', 'users.id')
    .where('teams.is_disabled', '=', false)
    .$asScalar();
}

/** The team list's statement, compiled once (it runs on every visit of the team list). */
const teamCardRows = prepared((db: Db, userId: number) =>
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
