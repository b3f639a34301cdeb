import { sql } from 'kysely';
import { boundedInt, type Db } from '@modules/shared/index.server';
import { createUser, endAllSessions, updateUser } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { parsePatchPath, type FilterClause } from './scim-filter';
import { SCIM, SCIM_ACTOR, ScimError, scimBoolean, type ScimPatchOp, type ScimUserBody } from './scim-schemas';

/**
 * SCIM Users (RFC 7643 s.4.1) on Leda's users, for one organisation (decision 285): userName and
 * externalId in scim_users, the email, names and job title on the user, `active` the opposite of
 * `is_locked`. Deactivating ends every session at once; DELETE deactivates and unlinks, the history
 * stays. Every change writes the audit log with the actor "SCIM".
 */
export interface ScimScope {
  db: Db;
  organisationId: number;
  /** e.g. https://leda.example/scim/v2 (for meta.location). */
  baseUrl: string;
}

export interface UserState {
  userName: string;
  givenName: string;
  familyName: string;
  email: string;
  active: boolean;
  externalId: string | null;
  title: string | null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const USER_NOT_FOUND = (id: string) => new ScimError(404, `User ${id.slice(0, 40)} not found.`);

function userQuery(db: Db, organisationId: number) {
  return db
    .selectFrom('scim_users as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id as userId',
      's.user_name as userName',
      's.external_id as externalId',
      'u.first_name as givenName',
      'u.last_name as familyName',
      'u.email',
      'u.job_title as title',
      'u.is_locked as isLocked',
      's.created_at as createdAt',
      's.updated_at as updatedAt',
    ])
    .where('s.organisation_id', '=', organisationId);
}
type UserRow = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirstOrThrow']>>;

export function userResource(row: UserRow, baseUrl: string) {
  const formatted = `${row.givenName} ${row.familyName}`.trim();
  return {
    schemas: [SCIM.user],
    id: String(row.userId),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    name: { givenName: row.givenName, familyName: row.familyName, formatted },
    displayName: formatted,
    ...(row.title ? { title: row.title } : {}),
    active: !row.isLocked,
    emails: [{ value: row.email, type: 'work', primary: true }],
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location: `${baseUrl}/Users/${row.userId}` },
  };
}

/** A SCIM id: Leda's user or team id as a string. */
export function scimId(id: string): number | null {
  // Strict: '01' is not the id '1' (a SCIM id is compared as a string).
  return /^[1-9]/.test(id) ? (boundedInt(id) ?? null) : null;
}

const stateOf = (r: UserRow): UserState => ({
  userName: r.userName,
  givenName: r.givenName,
  familyName: r.familyName,
  email: r.email,
  active: !r.isLocked,
  externalId: r.externalId,
  title: r.title,
});

function pickEmail(emails: ScimUserBody['emails']): string | undefined {
  if (!emails?.length) return undefined;
  const withValue = emails.filter((e) => e.value);
  return (withValue.find((e) => e.primary === true) ?? withValue.find((e) => e.type?.toLowerCase() === 'work') ?? withValue[0])?.value;
}

/** The state a POST or PUT body describes (absent `active`: the current value, or active). */
export function stateFromBody(body: ScimUserBody, current?: UserState): UserState {
  const email = (pickEmail(body.emails) ?? body.userName).trim();
  const fromDisplay = body.displayName?.trim().split(/\s+/) ?? [];
  const localPart = email.split('@')[0] ?? email;
  return {
    userName: body.userName.trim(),
    givenName: (body.name?.givenName ?? fromDisplay[0] ?? localPart).trim().slice(0, 250),
    familyName: (body.name?.familyName ?? fromDisplay.slice(1).join(' ')).trim().slice(0, 250),
    email,
    active: body.active ?? current?.active ?? true,
    externalId: body.externalId?.trim() || null,
    title: body.title?.trim() || null,
  };
}

function checkState(s: UserState) {
  if (!s.userName) throw new ScimError(400, 'userName is required.', 'invalidValue');
  if (!EMAIL.test(s.email) || s.email.length > 320)
    throw new ScimError(400, 'Leda needs an email address: give one in emails (type work or primary) or as the userName.', 'invalidValue');
}

const UNIQUE_USER = 'A user with this userName, externalId or email address already exists.';

/**
 * One query: whether another provisioned user of the organisation holds the userName or externalId
 * (`clash`), and who holds the email in all of Leda (`holder`, with whether they are provisioned).
 */
async function uniqueness(trx: Db, organisationId: number, s: UserState, selfId: number | null) {
  const row = await trx
    .selectNoFrom((eb) => [
      eb
        .selectFrom('scim_users')
        .select('user_id')
        .where('organisation_id', '=', organisationId)
        .where((w) => w.or([w(sql`lower(user_name)`, '=', s.userName.toLowerCase()), ...(s.externalId ? [w('external_id', '=', s.externalId)] : [])]))
        .$if(selfId !== null, (q) => q.where('user_id', '<>', selfId!))
        .limit(1)
        .as('clash'),
      eb
        .selectFrom('users')
        .select(sql<string>`json_build_array(users.id, users.organisation_id, users.is_leda_admin, exists (select 1 from scim_users su where su.user_id = users.id))::text`.as('h'))
        .where(sql`lower(users.email)`, '=', s.email.toLowerCase())
        .limit(1)
        .as('holder'),
    ])
    .executeTakeFirstOrThrow();
  if (row.clash !== null) throw new ScimError(409, UNIQUE_USER, 'uniqueness');
  if (row.holder === null) return undefined;
  const [id, holderOrganisationId, isLedaAdmin, linked] = JSON.parse(row.holder) as [number, number | null, boolean, boolean];
  return { id, organisation_id: holderOrganisationId, is_leda_admin: isLedaAdmin, linked };
}

async function getRow(db: Db, scope: ScimScope, userId: number) {
  return userQuery(db, scope.organisationId).where('u.id', '=', userId).executeTakeFirst();
}

export async function getScimUser(scope: ScimScope, id: string) {
  const userId = scimId(id);
  const row = userId ? await getRow(scope.db, scope, userId) : undefined;
  if (!row) throw USER_NOT_FOUND(id);
  return userResource(row, scope.baseUrl);
}

/**
 * POST /Users. A person who already has a Leda account with that email, in this organisation or in
 * none, and is not provisioned yet is linked (and joins the organisation); anyone else holding the
 * email is a 409.
 */
export async function createScimUser(scope: ScimScope, body: ScimUserBody) {
  const state = stateFromBody(body);
  checkState(state);
  const { userId, endSessions, stamps } = await scope.db.transaction().execute(async (trx) => {
    const existing = await uniqueness(trx, scope.organisationId, state, null);
    let id: number;
    if (existing) {
      if (existing.linked || existing.is_leda_admin || (existing.organisation_id !== null && existing.organisation_id !== scope.organisationId)) {
        throw new ScimError(409, UNIQUE_USER, 'uniqueness');
      }
      id = existing.id;
      await updateUser(trx, id, { firstName: state.givenName, lastName: state.familyName, jobTitle: state.title, isLocked: !state.active, organisationId: scope.organisationId });
    } else {
      id = await createUser(trx, {
        email: state.email,
        firstName: state.givenName,
        lastName: state.familyName,
        jobTitle: state.title,
        organisationId: scope.organisationId,
        isLocked: !state.active,
      });
    }
    const link = await trx
      .insertInto('scim_users')
      .values({ user_id: id, organisation_id: scope.organisationId, user_name: state.userName, external_id: state.externalId })
      .returning(['created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actorId: null, actorLabel: SCIM_ACTOR, action: existing ? 'user.scimLink' : 'user.scimCreate', entity: 'user', entityId: id, after: state });
    return { userId: id, endSessions: existing !== undefined && !state.active, stamps: link };
  });
  if (endSessions) await endAllSessions(userId);
  // Built from what was written (no read back): the same shape GET answers.
  return userResource(
    { userId, ...state, email: state.email.toLowerCase(), isLocked: !state.active, createdAt: stamps.created_at, updatedAt: stamps.updated_at },
    scope.baseUrl,
  );
}

/** Writes a new state over the user's (PUT and PATCH): one transaction, one audit entry. */
async function writeState(scope: ScimScope, userId: number, next: (current: UserState) => UserState) {
  const { deactivated } = await scope.db.transaction().execute(async (trx) => {
    const row = await userQuery(trx, scope.organisationId).where('u.id', '=', userId).forUpdate('s').executeTakeFirst();
    if (!row) throw USER_NOT_FOUND(String(userId));
    const before = stateOf(row);
    const after = next(before);
    checkState(after);
    const holder = await uniqueness(trx, scope.organisationId, after, userId);
    if (holder && holder.id !== userId) throw new ScimError(409, UNIQUE_USER, 'uniqueness');
    await updateUser(trx, userId, { firstName: after.givenName, lastName: after.familyName, email: after.email.toLowerCase(), jobTitle: after.title, isLocked: !after.active });
    await trx.updateTable('scim_users').set({ user_name: after.userName, external_id: after.externalId, updated_at: new Date() }).where('user_id', '=', userId).execute();
    const action = before.active && !after.active ? 'user.scimDeactivate' : !before.active && after.active ? 'user.scimReactivate' : 'user.scimUpdate';
    await recordAudit(trx, { actorId: null, actorLabel: SCIM_ACTOR, action, entity: 'user', entityId: userId, before, after });
    return { deactivated: !after.active };
  });
  // Deactivated: every session ends now (the session check also refuses a locked user meanwhile).
  if (deactivated) await endAllSessions(userId);
  return userResource((await getRow(scope.db, scope, userId))!, scope.baseUrl);
}

export async function replaceScimUser(scope: ScimScope, id: string, body: ScimUserBody) {
  const userId = scimId(id);
  if (!userId) throw USER_NOT_FOUND(id);
  return writeState(scope, userId, (current) => stateFromBody(body, current));
}

export async function patchScimUser(scope: ScimScope, id: string, ops: ScimPatchOp[]) {
  const userId = scimId(id);
  if (!userId) throw USER_NOT_FOUND(id);
  return writeState(scope, userId, (current) => {
    const s = { ...current };
    for (const op of ops) applyUserOp(s, op);
    return s;
  });
}

/** DELETE /Users/{id}: deactivated (sessions ended) and unlinked; the account and its history stay. */
export async function deleteScimUser(scope: ScimScope, id: string) {
  const userId = scimId(id);
  if (!userId) throw USER_NOT_FOUND(id);
  await scope.db.transaction().execute(async (trx) => {
    const row = await userQuery(trx, scope.organisationId).where('u.id', '=', userId).forUpdate('s').executeTakeFirst();
    if (!row) throw USER_NOT_FOUND(id);
    await updateUser(trx, userId, { isLocked: true });
    await trx.deleteFrom('scim_users').where('user_id', '=', userId).execute();
    await recordAudit(trx, { actorId: null, actorLabel: SCIM_ACTOR, action: 'user.scimDelete', entity: 'user', entityId: userId, before: stateOf(row) });
  });
  await endAllSessions(userId);
}

// --- PATCH ------------------------------------------------------------------------------------

const CORE_PREFIX = `${SCIM.user}:`;

function asString(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  // Some clients wrap a single value: [{ value: 'x' }].
  if (Array.isArray(value) && value.length === 1 && typeof (value[0] as { value?: unknown })?.value === 'string') return (value[0] as { value: string }).value;
  throw new ScimError(400, `${what} must be a string.`, 'invalidValue');
}

function asBoolean(value: unknown, what: string): boolean {
  const parsed = scimBoolean.safeParse(value);
  if (!parsed.success) throw new ScimError(400, `${what} must be true or false.`, 'invalidValue');
  return parsed.data;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies one attribute of a PATCH (path given, or one key of a no-path value object). */
function applyAttr(s: UserState, rawPath: string, value: unknown, op: ScimPatchOp['op']) {
  let path = rawPath.trim();
  if (path.startsWith(CORE_PREFIX)) path = path.slice(CORE_PREFIX.length);
  // Extensions (enterprise: employeeNumber, manager, ...) are not kept by Leda: accepted, ignored.
  if (/^urn:/i.test(path)) return;
  const p = parsePatchPath(path);
  const key = `${p.attr}${p.subAttr ? `.${p.subAttr}` : ''}`.toLowerCase();
  const remove = op === 'remove';
  switch (key) {
    case 'username':
      if (remove) throw new ScimError(400, 'userName cannot be removed.', 'mutability');
      s.userName = asString(value, 'userName').trim();
      return;
    case 'externalid':
      s.externalId = remove || value === null ? null : asString(value, 'externalId').trim() || null;
      return;
    case 'active':
      if (remove) throw new ScimError(400, 'active cannot be removed.', 'mutability');
      s.active = asBoolean(value, 'active');
      return;
    case 'title':
      s.title = remove || value === null ? null : asString(value, 'title').trim().slice(0, 250) || null;
      return;
    case 'name':
      if (remove) {
        s.familyName = '';
        return;
      }
      if (!isObject(value)) throw new ScimError(400, 'name must be an object.', 'invalidValue');
      for (const [k, v] of Object.entries(value)) applyAttr(s, `name.${k}`, v, op);
      return;
    case 'name.givenname':
      s.givenName = remove ? '' : asString(value, 'name.givenName').trim().slice(0, 250);
      return;
    case 'name.familyname':
      s.familyName = remove ? '' : asString(value, 'name.familyName').trim().slice(0, 250);
      return;
    case 'emails':
    case 'emails.value': {
      if (remove) return; // Leda keeps one email per person; removing it is not possible and is ignored.
      if (p.subAttr && p.subAttr.toLowerCase() !== 'value') return;
      if (Array.isArray(value)) {
        const email = pickEmail(value as ScimUserBody['emails']);
        if (email) s.email = email.trim();
        return;
      }
      s.email = asString(value, 'emails.value').trim();
      return;
    }
    default:
      // emails[...].primary/type, displayName, name.formatted, phoneNumbers, addresses, locale, roles...:
      // not kept by Leda, accepted and ignored (decision 285).
      return;
  }
}

export function applyUserOp(s: UserState, op: ScimPatchOp) {
  if (op.path && op.path.trim()) return applyAttr(s, op.path, op.value, op.op);
  if (op.op === 'remove') throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
  if (!isObject(op.value)) throw new ScimError(400, 'An operation without a path needs an object value.', 'invalidValue');
  for (const [k, v] of Object.entries(op.value)) {
    // Extension objects ({ "urn:...:enterprise:2.0:User": {...} }) are ignored with the rest.
    applyAttr(s, k, v, op.op);
  }
}

// --- list -----------------------------------------------------------------------------------

export async function listScimUsers(scope: ScimScope, filter: FilterClause[], page: { startIndex: number; count: number }) {
  let q = userQuery(scope.db, scope.organisationId);
  for (const c of filter) {
    const v = c.value;
    switch (c.attr) {
      case 'username':
        q = q.where(sql`lower(s.user_name)`, '=', String(v).toLowerCase());
        break;
      case 'externalid':
        q = v === null ? q.where('s.external_id', 'is', null) : q.where('s.external_id', '=', String(v));
        break;
      case 'id': {
        const id = scimId(String(v));
        q = q.where('u.id', '=', id ?? -1);
        break;
      }
      case 'emails.value':
      case 'emails':
        q = q.where(sql`lower(u.email)`, '=', String(v).toLowerCase());
        break;
      case 'active':
        q = q.where('u.is_locked', '=', !asBoolean(v, 'active'));
        break;
      default:
        throw new ScimError(400, `Users cannot be filtered by ${c.attr}.`, 'invalidFilter');
    }
  }
  const total = await q
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = page.count === 0 ? [] : await q.orderBy('u.id').offset(page.startIndex - 1).limit(page.count).execute();
  return { total: total.n, resources: rows.map((r) => userResource(r, scope.baseUrl)) };
}
