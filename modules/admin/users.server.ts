import { sql, type ExpressionBuilder } from 'kysely';
import { boundedInt, DomainError, defineList, listFilter, type Database, type Db } from '@modules/shared/index.server';
import { createOrganisation, createUser, sendVerifyAccountEmail, updateUser } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { licenseWhere } from './organisations.server';
import { LICENSE_FILTERS } from './people-schemas';

/**
 * The admin user list, the admin user editor (saveUser) and Grant/Revoke org admin (admin-console
 * sections 2, 3, 7). Search is by prefix on indexed expressions (first name, last name, "first last",
 * email) or an exact id, so it stays fast at 50,000 users without pg_trgm (decision 207).
 */
export const USER_NOT_FOUND = 'User not found.';
export const EMAIL_IN_USE = 'Email address already in use by another user.';
export const NO_ORGANISATION = 'This user has no organisation.';

export const usersList = defineList({
  sorts: {
    created: 'users.created_at',
    name: 'users.first_name',
    lastActivity: 'last_activity_sort',
  },
  defaultSort: 'created',
  defaultDir: 'desc',
  tieBreak: 'users.id',
  // Searched by userSearch below; listed so ?q= is kept by the parser.
  search: ['users.email'],
  filters: { license: listFilter.oneOf(LICENSE_FILTERS) },
  pageSize: 25,
});
export type UsersQuery = ReturnType<typeof usersList.parse>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Prefix match on the indexed lower(...) expressions (text_pattern_ops), or the id. */
function userSearch(q: string) {
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const id = boundedInt(q) ?? null;
  return (eb: ExpressionBuilder<Database, 'users' | 'organisations'>) =>
    eb.or([
      eb(sql`lower(users.email)`, 'like', prefix),
      eb(sql`lower(users.first_name)`, 'like', prefix),
      eb(sql`lower(users.last_name)`, 'like', prefix),
      eb(sql`lower(users.first_name || ' ' || users.last_name)`, 'like', prefix),
      ...(id !== null ? [eb('users.id', '=', id)] : []),
    ]);
}

export interface AdminUserRow {
  userId: number;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  isLocked: boolean;
  isPasswordNonNull: boolean;
  lastLoginAt: Date | null;
  organisationId: number | null;
  organisationName: string | null;
  licenseType: number | null;
  isOrganisationAdmin: boolean;
}

function userListBase(db: Db, query: Pick<UsersQuery, 'q' | 'filters'>) {
  let base = db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select([
      'users.id as userId',
      'users.created_at as createdAt',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.email',
      'users.job_title as jobTitle',
      'users.is_locked as isLocked',
      sql<boolean>`users.password_hash is not null`.as('isPasswordNonNull'),
      'users.last_login_at as lastLoginAt',
      'users.organisation_id as organisationId',
      'organisations.name as organisationName',
      'organisations.license_type as licenseType',
      'users.is_organisation_admin as isOrganisationAdmin',
      // Never-logged-in users sort as the oldest activity (index users_last_activity_idx).
      sql<Date>`coalesce(users.last_login_at, '-infinity'::timestamptz)`.as('last_activity_sort'),
    ])
    .where(licenseWhere<Database, 'users' | 'organisations'>(query.filters.license));
  if (query.q) base = base.where(userSearch(query.q));
  return base;
}

/** The user list: one page (URL state) with the total count; two queries. */
export async function listUsers(db: Db, query: UsersQuery) {
  const page = await usersList.run(userListBase(db, query), { ...query, q: '' });
  const rows: AdminUserRow[] = page.rows.map(({ last_activity_sort: _s, ...r }) => r);
  return { ...page, rows, query: { ...page.query, q: query.q } };
}

/** One user for the editor; NotFound when missing. */
export async function getUserForEditor(db: Db, userId: number): Promise<AdminUserRow> {
  const row = await userListBase(db, { q: '', filters: {} }).where('users.id', '=', userId).executeTakeFirst();
  if (!row) throw new DomainError('not_found', USER_NOT_FOUND);
  const { last_activity_sort: _s, ...user } = row;
  return user;
}

export interface SaveUserInput {
  user: {
    userId?: number | null;
    firstName: string;
    lastName: string;
    email: string;
    jobTitle?: string | null;
    isAdmin?: boolean;
  };
  organisationLicenseType?: number | null;
  organisationName?: string | null;
}

/**
 * saveUser: creates the user (no userId) or updates email, names and job title. When creating with an
 * organisationName, the organisation is created first (with organisationLicenseType) and the user joins
 * it, as its organisation admin when isAdmin. isLedaAdmin, the password and another organisation's id
 * are never taken from the caller. Answers the saved user.
 *
 * Changing an existing user's email marks the account unverified and, once saved, sends a
 * verify-account email to the new address (decision 252): /auth/verify-account/{token} verifies it.
 */
export async function saveUser(db: Db, actorId: number, input: SaveUserInput): Promise<AdminUserRow> {
  const email = input.user.email.trim().toLowerCase();
  let emailChanged = false;
  const userId = await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email)
      .executeTakeFirst();
    if (clash && clash.id !== input.user.userId) throw new DomainError('conflict', EMAIL_IN_USE);
    const fields = {
      email,
      firstName: input.user.firstName,
      lastName: input.user.lastName,
      jobTitle: input.user.jobTitle?.trim() || null,
    };
    if (!input.user.userId) {
      let organisationId: number | null = null;
      const orgName = input.organisationName?.trim();
      if (orgName) {
        organisationId = await createOrganisation(trx as unknown as Db, { name: orgName, licenseType: input.organisationLicenseType ?? null });
        await recordAudit(trx, {
          actorId,
          action: 'organisation.create',
          entity: 'organisation',
          entityId: organisationId,
          after: { name: orgName, licenseType: input.organisationLicenseType ?? null },
        });
      }
      const id = await createUser(trx as unknown as Db, {
        ...fields,
        organisationId,
        isOrganisationAdmin: organisationId !== null && input.user.isAdmin === true,
      });
      await recordAudit(trx, { actorId, action: 'user.create', entity: 'user', entityId: id, after: { ...fields, organisationId, isOrganisationAdmin: organisationId !== null && input.user.isAdmin === true } });
      return id;
    }
    const before = await trx
      .selectFrom('users')
      .select(['email', 'first_name as firstName', 'last_name as lastName', 'job_title as jobTitle'])
      .where('id', '=', input.user.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new DomainError('not_found', USER_NOT_FOUND);
    emailChanged = before.email.toLowerCase() !== fields.email;
    await updateUser(trx, input.user.userId, { email: fields.email, firstName: fields.firstName, lastName: fields.lastName, jobTitle: fields.jobTitle, ...(emailChanged ? { isVerified: false } : {}) });
    await recordAudit(trx, {
      actorId,
      action: 'user.update',
      entity: 'user',
      entityId: input.user.userId,
      before,
      after: emailChanged ? { ...fields, isVerified: false, verifyAccountEmailSent: true } : fields,
    });
    return input.user.userId;
  });
  // After the commit: the email's link is minted for the address the row now holds.
  if (emailChanged) await sendVerifyAccountEmail(db, userId);
  return getUserForEditor(db, userId);
}

/** Grant or revoke organisation admin (after the console's confirmation). */
export async function setIsOrganisationAdmin(db: Db, actorId: number, input: { userId: number; isOrganisationAdmin: boolean }) {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['organisation_id', 'is_organisation_admin']).where('id', '=', input.userId).forUpdate().executeTakeFirst();
    if (!user) throw new DomainError('not_found', USER_NOT_FOUND);
    if (user.organisation_id === null && input.isOrganisationAdmin) throw new DomainError('invalid', NO_ORGANISATION);
    if (user.is_organisation_admin === input.isOrganisationAdmin) return;
    await updateUser(trx, input.userId, { isOrganisationAdmin: input.isOrganisationAdmin });
    await recordAudit(trx, {
      actorId,
      action: input.isOrganisationAdmin ? 'user.grantOrganisationAdmin' : 'user.revokeOrganisationAdmin',
      entity: 'user',
      entityId: input.userId,
      before: { isOrganisationAdmin: user.is_organisation_admin, organisationId: user.organisation_id },
      after: { isOrganisationAdmin: input.isOrganisationAdmin, organisationId: user.organisation_id },
    });
  });
}

/** getAllUsers' page size: 25 (the user list's) unless asked, at most GET_ALL_USERS_MAX_PAGE_SIZE. */
export const GET_ALL_USERS_MAX_PAGE_SIZE = 500;

/**
 * /api/admin/getAllUsers: the user list, one page at a time (decision 252): the same filters, sorts
 * and search as the list's URL, `pageSize` 1-500 (default 25) and `page`; the answer carries
 * `total`, `page`, `pageSize` and `pageCount`, so a caller reads the whole list by asking for pages
 * 1 to pageCount.
 */
export async function getAllUsers(db: Db, params: { q?: string; license?: string; sort?: string; dir?: string; page?: number; pageSize?: number }) {
  const { pageSize, ...rest } = params;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== '') search.set(k, String(v));
  const parsed = usersList.parse(search);
  const query = { ...parsed, pageSize: Math.min(Math.max(1, pageSize ?? parsed.pageSize), GET_ALL_USERS_MAX_PAGE_SIZE) };
  const page = await listUsers(db, query);
  return { users: page.rows, total: page.total, page: page.query.page, pageSize: query.pageSize, pageCount: page.pageCount };
}
