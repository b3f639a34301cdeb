import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError, enqueue, type Db } from '@modules/shared/index.server';
import { sanitizeArticleHtml } from '@modules/catalogue/index.server';
import { listTeamJourneysForAdmin, type AdminTeamJourney } from '@modules/journeys/index.server';
import { addTeamUsers, createUser, removeTeamUsers, setTeamUserAdmin, updateTeam, updateUser } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { requireSomeoneToWelcome, welcomeRecipients } from './welcome.server';

/**
 * The team editor's use cases (admin-console: Team editor MEMBERS and SETTINGS General; /api/admin
 * getTeamById, updateTeam, addUserToTeam, toggleTeamUserAdmin, removeTeamUser, sendWelcomeEmails).
 * Product admins only: the routes guard, these functions trust their caller. Every change writes an
 * audit entry in the same transaction.
 */
export const TEAM_NOT_FOUND = 'This team does not exist.';
export const TEAM_USER_NOT_FOUND = 'This person is not in the team.';
export const ALREADY_MEMBER = 'This person is already in the team.';
export const STORY_NOT_FOUND = 'This story does not exist.';

export interface TeamUser {
  teamUserId: number;
  userId: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  isTeamAdmin: boolean;
  isOrganisationAdmin: boolean;
  isPasswordNonNull: boolean;
  lastLoginAt: Date | null;
}

export interface EditorTeam {
  teamId: number;
  name: string;
  description: string | null;
  isDisabled: boolean;
  createdAt: Date;
  organisationId: number;
  organisationName: string;
  /** admin-console s.3: the story the team features on its home (null: none). */
  featuredStoryId: number | null;
  teamUsers?: TeamUser[];
  /** The team schedule (getTeamById always sends it; updateTeam when it saved one). */
  teamJourneys?: AdminTeamJourney[];
}

async function teamRow(db: Db, teamId: number) {
  return db
    .selectFrom('teams')
    .innerJoin('organisations', 'organisations.id', 'teams.organisation_id')
    .select([
      'teams.id as teamId',
      'teams.name',
      'teams.description',
      'teams.is_disabled as isDisabled',
      'teams.created_at as createdAt',
      'teams.organisation_id as organisationId',
      'organisations.name as organisationName',
      'teams.featured_story_id as featuredStoryId',
    ])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
}

function teamUsersQuery(db: Db) {
  return db
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .select([
      'team_users.id as teamUserId',
      'team_users.team_id as teamId',
      'users.id as userId',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.email',
      'team_users.is_team_admin as isTeamAdmin',
      'users.is_organisation_admin as isOrganisationAdmin',
      sql<boolean>`users.password_hash is not null`.as('isPasswordNonNull'),
      'users.last_login_at as lastLoginAt',
    ]);
}

type TeamUserRow = Omit<TeamUser, 'fullName'> & { teamId: number };
const toTeamUser = ({ teamId: _teamId, ...r }: TeamUserRow): TeamUser => ({ ...r, fullName: `${r.firstName} ${r.lastName}`.trim() });

/** The team members, by name (one query; index team_users (team_id, user_id)). */
export async function listTeamUsers(db: Db, teamId: number): Promise<TeamUser[]> {
  const rows = await teamUsersQuery(db).where('team_users.team_id', '=', teamId).orderBy('users.first_name').orderBy('users.last_name').orderBy('team_users.id').execute();
  return rows.map(toTeamUser);
}

/**
 * getTeamById {teamId, includeUsers}: the team as admin-console s.3 names it (organisation,
 * featuredStoryId, teamJourneys in schedule order, and teamUsers when asked); 404 when it does not exist.
 */
export async function getTeamById(db: Db, teamId: number, opts: { includeUsers?: boolean } = {}): Promise<EditorTeam & { teamJourneys: AdminTeamJourney[] }> {
  const team = await teamRow(db, teamId);
  if (!team) throw new DomainError('not_found', TEAM_NOT_FOUND);
  const teamJourneys = await listTeamJourneysForAdmin(db, teamId);
  if (!opts.includeUsers) return { ...team, teamJourneys };
  return { ...team, teamJourneys, teamUsers: await listTeamUsers(db, teamId) };
}

/** The team, or null (screens render their own 404 panel). */
export async function findTeamForEditor(db: Db, teamId: number) {
  return (await teamRow(db, teamId)) ?? null;
}

/** Runs in the caller's transaction when given one (the use case that needs atomicity owns it), else in a new one. */
const inTrx = <T>(db: Db, fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

/**
 * Name, description (sanitised HTML), the enabled flag and the featured story (null: none): the
 * General part of updateTeam (team-schedule.server.ts). An unknown story id is refused (400).
 */
export async function updateTeamGeneral(
  db: Db,
  actorId: number,
  input: { teamId: number; name?: string; description?: string | null; isDisabled?: boolean; featuredStoryId?: number | null },
): Promise<EditorTeam> {
  return inTrx(db, async (trx) => {
    const before = await teamRow(trx, input.teamId);
    if (!before) throw new DomainError('not_found', TEAM_NOT_FOUND);
    const set: { name?: string; description?: string | null; isDisabled?: boolean; featuredStoryId?: number | null } = {};
    if (input.featuredStoryId !== undefined) {
      if (input.featuredStoryId !== null && !(await trx.selectFrom('stories').select('id').where('id', '=', input.featuredStoryId).executeTakeFirst())) {
        throw new DomainError('invalid', STORY_NOT_FOUND);
      }
      set.featuredStoryId = input.featuredStoryId;
    }
    if (input.name !== undefined) set.name = input.name.trim();
    if (input.description !== undefined) {
      const clean = input.description === null ? '' : sanitizeArticleHtml(input.description).trim();
      set.description = clean === '' ? null : clean;
    }
    if (input.isDisabled !== undefined) set.isDisabled = input.isDisabled;
    await updateTeam(trx, input.teamId, set);
    const after = (await teamRow(trx, input.teamId))!;
    await recordAudit(trx, {
      actorId,
      action: input.isDisabled !== undefined && input.name === undefined && input.description === undefined && input.featuredStoryId === undefined ? 'team.setDisabled' : 'team.update',
      entity: 'team',
      entityId: input.teamId,
      before,
      after,
    });
    return after;
  });
}

/**
 * Adds a person to the team by email (any case); returns the team user. Someone with no account yet
 * gets one in the team's organisation (so its licence), without a password: the member list shows
 * them with the grey dot and red mark, and "send welcome emails" invites them to create their
 * password (decision 287). A user without an organisation (created in the admin without one) joins
 * the team's organisation in the same transaction (decision 253). The answer's `organisationNotice`
 * tells the admin what happened; a user of another organisation keeps theirs and the notice says so.
 */
export async function addUserToTeam(
  db: Db,
  actorId: number,
  input: { teamId: number; email: string; isAdmin: boolean },
): Promise<TeamUser & { organisationNotice: string | null; created?: boolean }> {
  return db.transaction().execute(async (trx) => {
    const team = await teamRow(trx, input.teamId);
    if (!team) throw new DomainError('not_found', TEAM_NOT_FOUND);
    const user = await trx
      .selectFrom('users')
      .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
      .select(['users.id', 'users.organisation_id', 'organisations.name as organisationName'])
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', input.email.trim().toLowerCase()))
      .forUpdate('users')
      .executeTakeFirst();
    if (!user) return addNewcomer(trx, actorId, team, input);
    const [inserted] = await addTeamUsers(trx, [{ teamId: input.teamId, userId: user.id, isTeamAdmin: input.isAdmin }], { ifMember: 'keep' });
    if (!inserted) throw new DomainError('conflict', ALREADY_MEMBER);
    let organisationNotice: string | null = null;
    if (user.organisation_id === null) {
      await updateUser(trx, user.id, { organisationId: team.organisationId });
      await recordAudit(trx, {
        actorId,
        action: 'user.joinOrganisation',
        entity: 'user',
        entityId: user.id,
        before: { organisationId: null },
        after: { organisationId: team.organisationId, viaTeamId: input.teamId },
      });
      organisationNotice = joinedOrganisationNotice(team.organisationName);
    } else if (user.organisation_id !== team.organisationId) {
      organisationNotice = otherOrganisationNotice(user.organisationName ?? '');
    }
    const row = await teamUsersQuery(trx).where('team_users.id', '=', inserted.id).executeTakeFirstOrThrow();
    const teamUser = toTeamUser(row);
    await recordAudit(trx, { actorId, action: 'team.addUser', entity: 'team', entityId: input.teamId, after: teamUser });
    return { ...teamUser, organisationNotice };
  });
}

/** First and last name from an email's local part: jane.doe@x -> Jane Doe (the person can change them later). */
export function namesFromEmail(email: string): { firstName: string; lastName: string } {
  const words = (email.split('@')[0] ?? '')
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return { firstName: (words[0] ?? email).slice(0, 250), lastName: words.slice(1).join(' ').slice(0, 250) };
}

async function addNewcomer(
  trx: Db,
  actorId: number,
  team: { teamId: number; organisationId: number; organisationName: string },
  input: { email: string; isAdmin: boolean },
): Promise<TeamUser & { organisationNotice: string | null; created: true }> {
  const email = input.email.trim().toLowerCase();
  const userId = await createUser(trx as unknown as Db, { email, ...namesFromEmail(email), organisationId: team.organisationId });
  await recordAudit(trx, { actorId, action: 'user.create', entity: 'user', entityId: userId, after: { email, organisationId: team.organisationId, viaTeamId: team.teamId } });
  const [inserted] = await addTeamUsers(trx, [{ teamId: team.teamId, userId, isTeamAdmin: input.isAdmin }], { ifMember: 'keep' });
  const teamUser = toTeamUser(await teamUsersQuery(trx).where('team_users.id', '=', inserted!.id).executeTakeFirstOrThrow());
  await recordAudit(trx, { actorId, action: 'team.addUser', entity: 'team', entityId: team.teamId, after: teamUser });
  return { ...teamUser, organisationNotice: newAccountNotice(team.organisationName), created: true };
}

export const newAccountNotice = (organisationName: string) =>
  `They had no account: one was created in ${organisationName}, without a password. Send them a welcome email to invite them to create it.`;
export const joinedOrganisationNotice = (organisationName: string) => `They had no organisation and have joined ${organisationName}.`;
export const otherOrganisationNotice = (organisationName: string) =>
  `They belong to another organisation (${organisationName}) and keep it: their licence is that organisation's.`;

async function teamUserById(db: Db, teamUserId: number) {
  const row = await teamUsersQuery(db).where('team_users.id', '=', teamUserId).executeTakeFirst();
  if (!row) throw new DomainError('not_found', TEAM_USER_NOT_FOUND);
  return row;
}

/**
 * Flips (or sets, when `isTeamAdmin` is given: a form carries the value it shows, so a replayed
 * post does not flip twice) the team admin flag.
 */
export async function toggleTeamUserAdmin(db: Db, actorId: number, input: { teamUserId: number; isTeamAdmin?: boolean }) {
  return db.transaction().execute(async (trx) => {
    const before = await teamUserById(trx, input.teamUserId);
    const next = input.isTeamAdmin ?? !before.isTeamAdmin;
    await setTeamUserAdmin(trx, input.teamUserId, next);
    await recordAudit(trx, {
      actorId,
      action: 'team.setUserAdmin',
      entity: 'team',
      entityId: before.teamId,
      before: { teamUserId: before.teamUserId, userId: before.userId, isTeamAdmin: before.isTeamAdmin },
      after: { teamUserId: before.teamUserId, userId: before.userId, isTeamAdmin: next },
    });
    return { teamUserId: input.teamUserId, teamId: before.teamId, isTeamAdmin: next };
  });
}

/** Removes a member from the team (the account stays). */
export async function removeTeamUser(db: Db, actorId: number, input: { teamUserId: number }) {
  return db.transaction().execute(async (trx) => {
    const before = await teamUserById(trx, input.teamUserId);
    await removeTeamUsers(trx, { teamUserId: input.teamUserId });
    await recordAudit(trx, { actorId, action: 'team.removeUser', entity: 'team', entityId: before.teamId, before: toTeamUser(before) });
    return { teamUserId: input.teamUserId, teamId: before.teamId };
  });
}

/** A team member, or null (the route checks the id belongs to the team on screen). */
export async function findTeamUser(db: Db, teamUserId: number) {
  const row = await teamUsersQuery(db).where('team_users.id', '=', teamUserId).executeTakeFirst();
  return row ? { ...toTeamUser(row), teamId: row.teamId } : null;
}

export const WELCOME_BATCH_MAX = 10_000;

/**
 * sendWelcomeEmails: one batch job per request. The batch key comes from the request's idempotency
 * key (the form's hidden key, or the API's requestKey) or, without one, from the recipients and the
 * current minute; the job id and every email's message key derive from it, so a double click (the
 * same request twice) sends each person one email (decision 213). Only people who have not created
 * their password, at most one welcome email an hour each (welcome.server.ts, decision 247): the
 * others are named in the answer; nobody left is a 409 with the reason.
 */
export async function sendWelcomeEmails(
  db: Db,
  actorId: number,
  input: { emails?: string[]; userIds?: number[]; teamId?: number; requestKey?: string },
): Promise<{ batchKey: string; jobId: string; count: number; unknownEmails: string[]; alreadyActive: string[]; recentlyWelcomed: string[] }> {
  const emails = [...new Set((input.emails ?? []).map((e) => e.trim().toLowerCase()))];
  const found = new Map<number, string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', chunk))
      .execute();
    for (const r of rows) found.set(r.id, r.email.toLowerCase());
  }
  if (input.userIds?.length) {
    for (let i = 0; i < input.userIds.length; i += 1000) {
      const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', input.userIds.slice(i, i + 1000)).execute();
      for (const r of rows) found.set(r.id, r.email.toLowerCase());
    }
  }
  const known = new Set(found.values());
  const unknownEmails = emails.filter((e) => !known.has(e));
  const userIds = [...found.keys()].sort((a, b) => a - b).slice(0, WELCOME_BATCH_MAX);
  if (!userIds.length) throw new DomainError('invalid', 'None of these people has an account.');
  const batchKey = input.requestKey
    ? `req-${input.requestKey}`
    : `auto-${createHash('sha256').update(userIds.join(',')).digest('hex').slice(0, 16)}-${Math.floor(Date.now() / 60_000)}`;
  const jobId = `welcome-${batchKey}`;
  const recipients = await welcomeRecipients(db, userIds, { batchKey });
  requireSomeoneToWelcome(recipients);
  const toSend = recipients.eligible;
  await db.transaction().execute((trx) =>
    recordAudit(trx, { actorId, action: 'team.sendWelcomeEmails', entity: 'team', entityId: input.teamId ?? null, after: { batchKey, userIds: toSend } }),
  );
  await enqueue('welcome-email-batch', { batchKey, userIds: toSend }, { jobId });
  return {
    batchKey,
    jobId,
    count: toSend.length,
    unknownEmails,
    alreadyActive: recipients.activated.map((u) => u.email),
    recentlyWelcomed: recipients.recentlyWelcomed.map((u) => u.email),
  };
}
