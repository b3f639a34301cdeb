import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { addTeamUsers, createTeam, removeTeamUsers, updateTeam } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { parsePatchPath, type FilterClause } from './scim-filter';
import { SCIM, SCIM_ACTOR, SCIM_MAX_MEMBERS, ScimError, type ScimGroupBody, type ScimPatchOp } from './scim-schemas';
import { scimId, type ScimScope } from './scim-users.server';

/**
 * SCIM Groups (RFC 7643 s.4.2) are teams of the organisation (decision 286). Members are SCIM users
 * of the same organisation. DELETE disables the team and unlinks it; the team, its members and its
 * history stay. The group named in the organisation's SCIM settings is the admin group: kept as a
 * disabled team, its members are team admins of every other provisioned team they are in.
 */
const GROUP_NOT_FOUND = (id: string) => new ScimError(404, `Group ${id.slice(0, 40)} not found.`);
const UNIQUE_GROUP = 'A group with this displayName or externalId already exists.';

function groupQuery(db: Db, organisationId: number) {
  return db
    .selectFrom('scim_groups as g')
    .innerJoin('teams as t', 't.id', 'g.team_id')
    .select(['t.id as teamId', 't.name as displayName', 'g.external_id as externalId', 'g.created_at as createdAt', 'g.updated_at as updatedAt'])
    .where('g.organisation_id', '=', organisationId);
}
type GroupRow = Awaited<ReturnType<ReturnType<typeof groupQuery>['executeTakeFirstOrThrow']>>;

async function membersOf(db: Db, teamIds: number[]) {
  if (!teamIds.length) return new Map<number, { value: string; display: string }[]>();
  const rows = await db
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .innerJoin('scim_users as s', 's.user_id', 'tu.user_id')
    .select(['tu.team_id as teamId', 'u.id as userId', 'u.first_name as firstName', 'u.last_name as lastName'])
    .where('tu.team_id', 'in', teamIds)
    .orderBy('tu.team_id')
    .orderBy('u.id')
    .limit(SCIM_MAX_MEMBERS * teamIds.length)
    .execute();
  const out = new Map<number, { value: string; display: string }[]>();
  for (const r of rows) out.set(r.teamId, [...(out.get(r.teamId) ?? []), { value: String(r.userId), display: `${r.firstName} ${r.lastName}`.trim() }]);
  return out;
}

function groupResource(row: GroupRow, baseUrl: string, members: { value: string; display: string }[] | null) {
  return {
    schemas: [SCIM.group],
    id: String(row.teamId),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members ? { members: members.map((m) => ({ ...m, $ref: `${baseUrl}/Users/${m.value}` })) } : {}),
    meta: { resourceType: 'Group', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location: `${baseUrl}/Groups/${row.teamId}` },
  };
}

async function render(scope: ScimScope, teamId: number, withMembers = true) {
  const row = await groupQuery(scope.db, scope.organisationId).where('t.id', '=', teamId).executeTakeFirst();
  if (!row) throw GROUP_NOT_FOUND(String(teamId));
  return groupResource(row, scope.baseUrl, withMembers ? (await membersOf(scope.db, [teamId])).get(teamId) ?? [] : null);
}

export async function getScimGroup(scope: ScimScope, id: string, opts: { members: boolean }) {
  const teamId = scimId(id);
  if (!teamId) throw GROUP_NOT_FOUND(id);
  return render(scope, teamId, opts.members);
}

async function adminGroupName(trx: Db, organisationId: number) {
  const row = await trx.selectFrom('scim_settings').select('admin_group_name').where('organisation_id', '=', organisationId).executeTakeFirst();
  return row?.admin_group_name?.trim().toLowerCase() || null;
}

/**
 * The admin group's rule for these users: team admin of every provisioned team of the organisation
 * (but the admin group's own) exactly when they are in the admin group. No admin group: unchanged.
 */
async function syncTeamAdmins(trx: Db, organisationId: number, userIds: number[]) {
  const name = await adminGroupName(trx, organisationId);
  if (!name || !userIds.length) return;
  for (let i = 0; i < userIds.length; i += 1000) {
    const chunk = userIds.slice(i, i + 1000);
    await sql`
      update team_users tu set is_team_admin = exists (
        select 1 from team_users a
        join scim_groups ag on ag.team_id = a.team_id and ag.organisation_id = ${organisationId}
        join teams at on at.id = a.team_id and lower(at.name) = ${name}
        where a.user_id = tu.user_id)
      from scim_groups g join teams t on t.id = g.team_id
      where g.team_id = tu.team_id and g.organisation_id = ${organisationId} and lower(t.name) <> ${name}
        and tu.user_id in (${sql.join(chunk)})`.execute(trx);
  }
}

/** Member values: ids of this organisation's provisioned users; anything else is a 400. */
async function memberIds(trx: Db, organisationId: number, values: unknown): Promise<number[]> {
  const list = Array.isArray(values) ? values : values === undefined || values === null ? [] : [values];
  if (list.length > SCIM_MAX_MEMBERS) throw new ScimError(400, `At most ${SCIM_MAX_MEMBERS} members at a time.`, 'tooMany');
  const ids = new Set<number>();
  for (const m of list) {
    const raw = typeof m === 'object' && m !== null ? (m as { value?: unknown }).value : m;
    const id = scimId(String(raw ?? ''));
    if (!id) throw new ScimError(400, `Member ${String(raw).slice(0, 40)} is not a user id.`, 'invalidValue');
    ids.add(id);
  }
  const wanted = [...ids];
  for (let i = 0; i < wanted.length; i += 1000) {
    const chunk = wanted.slice(i, i + 1000);
    const found = await trx.selectFrom('scim_users').select('user_id').where('organisation_id', '=', organisationId).where('user_id', 'in', chunk).execute();
    if (found.length !== chunk.length) {
      const known = new Set(found.map((f) => f.user_id));
      throw new ScimError(400, `Member ${chunk.find((c) => !known.has(c))} is not a user of this organisation.`, 'invalidValue');
    }
  }
  return wanted;
}

async function addMembers(trx: Db, teamId: number, userIds: number[]) {
  await addTeamUsers(
    trx,
    userIds.map((userId) => ({ teamId, userId })),
    { ifMember: 'keep' },
  );
}

async function removeMembers(trx: Db, teamId: number, userIds: number[] | 'all') {
  // Only provisioned members: people an admin added by hand stay.
  if (userIds !== 'all' && !userIds.length) return [];
  let q = trx
    .selectFrom('scim_users')
    .innerJoin('team_users', 'team_users.user_id', 'scim_users.user_id')
    .select('scim_users.user_id')
    .where('team_users.team_id', '=', teamId);
  if (userIds !== 'all') q = q.where('scim_users.user_id', 'in', userIds);
  const provisioned = (await q.execute()).map((r) => r.user_id);
  return removeTeamUsers(trx, { teamId, userIds: provisioned });
}

async function checkUnique(trx: Db, organisationId: number, name: string, externalId: string | null, selfId: number | null) {
  const clash = await groupQuery(trx, organisationId)
    .where((eb) => eb.or([eb(sql`lower(t.name)`, '=', name.toLowerCase()), ...(externalId ? [eb('g.external_id', '=', externalId)] : [])]))
    .$if(selfId !== null, (q) => q.where('t.id', '<>', selfId!))
    .executeTakeFirst();
  if (clash) throw new ScimError(409, UNIQUE_GROUP, 'uniqueness');
}

const audit = (trx: Db, action: string, teamId: number, before: unknown, after: unknown) =>
  recordAudit(trx, { actorId: null, actorLabel: SCIM_ACTOR, action, entity: 'team', entityId: teamId, before, after });

/** POST /Groups: a new team (or the organisation's unprovisioned team of that name, linked). */
export async function createScimGroup(scope: ScimScope, body: ScimGroupBody) {
  const name = body.displayName.trim();
  const externalId = body.externalId?.trim() || null;
  const teamId = await scope.db.transaction().execute(async (trx) => {
    await checkUnique(trx, scope.organisationId, name, externalId, null);
    const isAdminGroup = (await adminGroupName(trx, scope.organisationId)) === name.toLowerCase();
    const existing = await trx
      .selectFrom('teams')
      .leftJoin('scim_groups', 'scim_groups.team_id', 'teams.id')
      .select('teams.id')
      .where('teams.organisation_id', '=', scope.organisationId)
      .where(sql`lower(teams.name)`, '=', name.toLowerCase())
      .where('scim_groups.team_id', 'is', null)
      .where('teams.is_disabled', '=', false)
      .orderBy('teams.id')
      .executeTakeFirst();
    const id = existing?.id ?? (await createTeam(trx as never, { organisationId: scope.organisationId, name, isDisabled: isAdminGroup }));
    if (existing && isAdminGroup) await updateTeam(trx, id, { isDisabled: true });
    await trx.insertInto('scim_groups').values({ team_id: id, organisation_id: scope.organisationId, external_id: externalId }).execute();
    const members = await memberIds(trx, scope.organisationId, body.members);
    await addMembers(trx, id, members);
    await syncTeamAdmins(trx, scope.organisationId, members);
    await audit(trx, existing ? 'team.scimLink' : 'team.scimCreate', id, null, { name, externalId, members });
    return id;
  });
  return render(scope, teamId);
}

interface GroupChange {
  name?: string;
  externalId?: string | null;
  add: number[];
  remove: number[] | 'all';
  /** Replace the members with exactly these. */
  set?: number[];
}

async function applyChange(scope: ScimScope, teamId: number, change: (trx: Db, before: GroupRow) => Promise<GroupChange>) {
  await scope.db.transaction().execute(async (trx) => {
    const before = await groupQuery(trx, scope.organisationId).where('t.id', '=', teamId).forUpdate('g').executeTakeFirst();
    if (!before) throw GROUP_NOT_FOUND(String(teamId));
    const c = await change(trx, before);
    const name = c.name?.trim() ?? before.displayName;
    const externalId = c.externalId === undefined ? before.externalId : c.externalId;
    if (!name) throw new ScimError(400, 'displayName cannot be empty.', 'invalidValue');
    const renamed = name !== before.displayName;
    if (renamed || externalId !== before.externalId) await checkUnique(trx, scope.organisationId, name, externalId, teamId);
    const adminName = await adminGroupName(trx, scope.organisationId);
    if (renamed) {
      const becomesAdmin = adminName === name.toLowerCase();
      const wasAdmin = adminName === before.displayName.toLowerCase();
      await updateTeam(trx, teamId, { name, ...(becomesAdmin !== wasAdmin ? { isDisabled: becomesAdmin } : {}) });
    }
    await trx.updateTable('scim_groups').set({ external_id: externalId, updated_at: new Date() }).where('team_id', '=', teamId).execute();
    let removed: number[] = [];
    let added = c.add;
    if (c.set) {
      const current = (await trx.selectFrom('team_users').select('user_id').where('team_id', '=', teamId).execute()).map((r) => r.user_id);
      const keep = new Set(c.set);
      removed = await removeMembers(
        trx,
        teamId,
        current.filter((u) => !keep.has(u)),
      );
      added = c.set;
    } else if (c.remove === 'all' || c.remove.length) {
      removed = await removeMembers(trx, teamId, c.remove);
    }
    await addMembers(trx, teamId, added);
    let touched = [...new Set([...added, ...removed])];
    // A rename into or out of the admin group changes every member's role.
    if (renamed && adminName && (adminName === name.toLowerCase() || adminName === before.displayName.toLowerCase())) {
      touched = (await trx.selectFrom('team_users').select('user_id').where('team_id', '=', teamId).execute()).map((r) => r.user_id).concat(removed);
    }
    await syncTeamAdmins(trx, scope.organisationId, touched);
    await audit(
      trx,
      'team.scimUpdate',
      teamId,
      { name: before.displayName, externalId: before.externalId },
      { name, externalId, addedMembers: added, removedMembers: removed },
    );
  });
}

export async function replaceScimGroup(scope: ScimScope, id: string, body: ScimGroupBody) {
  const teamId = scimId(id);
  if (!teamId) throw GROUP_NOT_FOUND(id);
  await applyChange(scope, teamId, async (trx) => ({
    name: body.displayName,
    externalId: body.externalId?.trim() || null,
    add: [],
    remove: [],
    set: await memberIds(trx, scope.organisationId, body.members ?? []),
  }));
  return render(scope, teamId);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function asName(value: unknown) {
  if (typeof value !== 'string' || !value.trim() || value.length > 250) throw new ScimError(400, 'displayName must be a text of 1 to 250 characters.', 'invalidValue');
  return value;
}

/** PATCH /Groups/{id}: displayName, externalId, members add/remove/replace (Entra ID and Okta forms). */
export async function patchScimGroup(scope: ScimScope, id: string, ops: ScimPatchOp[]) {
  const teamId = scimId(id);
  if (!teamId) throw GROUP_NOT_FOUND(id);
  await applyChange(scope, teamId, async (trx) => {
    const c: GroupChange = { add: [], remove: [] };
    const removeSet = new Set<number>();
    for (const op of ops) {
      const entries: [string, unknown][] = op.path?.trim()
        ? [[op.path.trim(), op.value]]
        : isObject(op.value)
          ? Object.entries(op.value)
          : (() => {
              throw new ScimError(400, 'An operation without a path needs an object value.', 'invalidValue');
            })();
      for (const [rawPath, value] of entries) {
        const path = rawPath.startsWith(`${SCIM.group}:`) ? rawPath.slice(SCIM.group.length + 1) : rawPath;
        const p = parsePatchPath(path);
        const attr = p.attr.toLowerCase();
        if (attr === 'displayname') {
          if (op.op === 'remove') throw new ScimError(400, 'displayName cannot be removed.', 'mutability');
          c.name = asName(value);
        } else if (attr === 'externalid') {
          c.externalId = op.op === 'remove' || value === null ? null : String(value).trim().slice(0, 200) || null;
        } else if (attr === 'members') {
          if (op.op === 'remove') {
            if (p.selector) {
              if (p.selector.sub !== 'value') throw new ScimError(400, 'Members are chosen by value.', 'invalidFilter');
              const one = scimId(String(p.selector.value));
              if (one) removeSet.add(one);
            } else if (value === undefined || value === null) {
              c.remove = 'all';
            } else {
              for (const m of Array.isArray(value) ? value : [value]) {
                const one = scimId(String(isObject(m) ? m.value : m));
                if (one) removeSet.add(one);
              }
            }
          } else {
            const ids = await memberIds(trx, scope.organisationId, value);
            if (op.op === 'replace') {
              c.set = ids;
              c.add = [];
              removeSet.clear();
            } else c.add.push(...ids);
          }
        } else if (attr === 'id' || attr === 'schemas' || attr === 'meta') {
          // Okta's rename sends { id, displayName }: the id is not changed.
        } else {
          throw new ScimError(400, `Groups have no attribute ${path.slice(0, 100)}.`, 'invalidPath');
        }
      }
    }
    if (c.remove !== 'all') c.remove = [...removeSet];
    if (c.set) c.set = [...new Set([...c.set, ...c.add])].filter((u) => !removeSet.has(u));
    return c;
  });
}

/** DELETE /Groups/{id}: the team is disabled and unlinked; its members and history stay. */
export async function deleteScimGroup(scope: ScimScope, id: string) {
  const teamId = scimId(id);
  if (!teamId) throw GROUP_NOT_FOUND(id);
  await scope.db.transaction().execute(async (trx) => {
    const before = await groupQuery(trx, scope.organisationId).where('t.id', '=', teamId).forUpdate('g').executeTakeFirst();
    if (!before) throw GROUP_NOT_FOUND(id);
    await updateTeam(trx, teamId, { isDisabled: true });
    await trx.deleteFrom('scim_groups').where('team_id', '=', teamId).execute();
    const members = (await trx.selectFrom('team_users').select('user_id').where('team_id', '=', teamId).execute()).map((r) => r.user_id);
    await syncTeamAdmins(trx, scope.organisationId, members);
    await audit(trx, 'team.scimDelete', teamId, { name: before.displayName, externalId: before.externalId }, { isDisabled: true });
  });
}

export async function listScimGroups(scope: ScimScope, filter: FilterClause[], page: { startIndex: number; count: number }, opts: { members: boolean }) {
  let q = groupQuery(scope.db, scope.organisationId);
  for (const c of filter) {
    const v = c.value;
    switch (c.attr) {
      case 'displayname':
        q = q.where(sql`lower(t.name)`, '=', String(v).toLowerCase());
        break;
      case 'externalid':
        q = v === null ? q.where('g.external_id', 'is', null) : q.where('g.external_id', '=', String(v));
        break;
      case 'id':
        q = q.where('t.id', '=', scimId(String(v)) ?? -1);
        break;
      case 'members.value':
      case 'members': {
        const userId = scimId(String(v)) ?? -1;
        q = q.where((eb) => eb.exists(eb.selectFrom('team_users as m').select('m.id').whereRef('m.team_id', '=', 't.id').where('m.user_id', '=', userId)));
        break;
      }
      default:
        throw new ScimError(400, `Groups cannot be filtered by ${c.attr}.`, 'invalidFilter');
    }
  }
  const total = await q
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = page.count === 0 ? [] : await q.orderBy('t.id').offset(page.startIndex - 1).limit(page.count).execute();
  const members = opts.members ? await membersOf(scope.db, rows.map((r) => r.teamId)) : null;
  return { total: total.n, resources: rows.map((r) => groupResource(r, scope.baseUrl, members ? members.get(r.teamId) ?? [] : null)) };
}
