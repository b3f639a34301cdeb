import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { login } from '@modules/identity/index.server';
import { saveScimSettings } from '@modules/admin/index.server';
import { args, getRequest, jsonRequest, ORIGIN, run, type ApiAnswer } from '../../tests/support/remix';
import { makeOrganisation, makeUser, signIn } from '../../tests/support/factories';
import * as scimRoute from './scim.v2.$';
import * as apiCreateToken from './api+/admin+/createScimToken';

/**
 * SCIM 2.0 as Microsoft Entra ID and Okta drive it: the request sequences of their validators (Entra
 * ID's "SCIM validator" tests and Okta's "SCIM 2.0 Spec Test"), written out step by step, on the real
 * database through the route with real Requests. Then errors, isolation, deactivation and the audit log.
 */
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

async function tokenFor(organisationId: number) {
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  const { token } = await signIn(admin.userId);
  const out = await run<ApiAnswer<{ token: string }>>(() => apiCreateToken.action(args(jsonRequest('/api/admin/createScimToken', { organisationId }, { token })) as never));
  expect(out.status).toBe(200);
  return out.data.token;
}

async function scene() {
  const organisationId = await makeOrganisation();
  return { organisationId, token: await tokenFor(organisationId) };
}

/**
 * What these tests read from SCIM's answers: one shape for a User, a Group, a ListResponse, an Error
 * and the configuration endpoints (each answer has some of these fields; the tests read the ones it has).
 */
interface ScimAnswer {
  schemas: string[];
  id: string;
  userName: string;
  displayName: string;
  active: boolean;
  name: { givenName?: string; familyName?: string };
  password?: string;
  members: { value: string }[];
  totalResults: number;
  Resources: ScimAnswer[];
  status: string;
  scimType: string;
  token: string;
}
type Call = { status: number; data: ScimAnswer; headers: Headers };
async function scim(token: string | null, method: string, path: string, body?: unknown, contentType = 'application/scim+json'): Promise<Call> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = contentType;
  const request = new Request(`${ORIGIN}/scim/v2/${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const splat = path.split('?')[0]!;
  // SCIM answers untyped JSON of many shapes (User, Group, ListResponse, Error): read as Call's data.
  const out = await run<Call['data']>(() => (method === 'GET' ? scimRoute.loader : scimRoute.action)(args(request, { '*': splat }) as never));
  if (out.status !== 204) expect(out.headers.get('content-type')).toContain('application/scim+json');
  return out;
}
const q = encodeURIComponent;
const uniq = () => Math.random().toString(36).slice(2, 10);

describe('SCIM: Microsoft Entra ID validator sequence (users)', () => {
  it('creates, gets, finds by userName, finds nobody, patches multi- and single-valued attributes, disables with "False", deletes', async () => {
    const { token, organisationId } = await scene();
    const userName = `Test_User_${uniq()}@testuser.com`;
    const externalId = `ext-${uniq()}`;
    // 1. Create User
    const created = await scim(token, 'POST', 'Users', {
      schemas: [USER, ENTERPRISE],
      externalId,
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: `Test_User_${uniq()}@testuser.com` }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [ENTERPRISE]: { employeeNumber: '701984', department: 'Tour Operations', manager: { value: '123' } },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ schemas: [USER], userName, externalId, active: true, name: { givenName: 'givenName', familyName: 'familyName' } });
    const id = created.data.id;
    expect(created.headers.get('location')).toBe(`${ORIGIN}/scim/v2/Users/${id}`);
    const row = await getDb().selectFrom('users').select(['organisation_id', 'password_hash', 'is_locked']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(row).toEqual({ organisation_id: organisationId, password_hash: null, is_locked: false });
    // 2. Get User
    expect((await scim(token, 'GET', `Users/${id}`)).data).toMatchObject({ id, userName, meta: { resourceType: 'User' } });
    // 3. Get user by query (the validator changes the case: userName is not case-exact)
    const found = await scim(token, 'GET', `Users?filter=${q(`userName eq "${userName.toUpperCase()}"`)}`);
    expect(found.data).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.data.Resources[0]!.id).toBe(id);
    // ... and by externalId
    expect((await scim(token, 'GET', `Users?filter=${q(`externalId eq "${externalId}"`)}`)).data.totalResults).toBe(1);
    // 4. Get user by query - zero results
    const none = await scim(token, 'GET', `Users?filter=${q('userName eq "non-existent user"')}`);
    expect(none.data).toMatchObject({ totalResults: 0, Resources: [] });
    // 5. Update user [multi-valued properties]
    const newEmail = `updated-${uniq()}@microsoft.com`;
    const multi = await scim(token, 'PATCH', `Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: newEmail },
        { op: 'Replace', path: 'emails[type eq "work"].primary', value: true },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: `${ENTERPRISE}:employeeNumber`, value: '42' },
      ],
    });
    expect(multi.status).toBe(200);
    expect(multi.data).toMatchObject({ emails: [{ value: newEmail, type: 'work', primary: true }], name: { familyName: 'updatedFamilyName', givenName: 'givenName' } });
    // 6. Update user [single-valued properties], and a no-path replace with an object
    const newUserName = `${uniq()}@testuser.com`;
    expect((await scim(token, 'PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'userName', value: newUserName }] })).data.userName).toBe(newUserName);
    const noPath = await scim(token, 'PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', value: { 'name.givenName': 'Ada', displayName: 'Ada X', title: 'Engineer' } }] });
    expect(noPath.data).toMatchObject({ name: { givenName: 'Ada', familyName: 'updatedFamilyName' }, title: 'Engineer' });
    // 7. Disable user ("False" as a string, the form Entra ID sends)
    const disabled = await scim(token, 'PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(disabled.data.active).toBe(false);
    expect((await getDb().selectFrom('users').select('is_locked').where('id', '=', Number(id)).executeTakeFirstOrThrow()).is_locked).toBe(true);
    // 8. Delete user: gone for SCIM, the account and its history stay (locked)
    expect((await scim(token, 'DELETE', `Users/${id}`)).status).toBe(204);
    const gone = await scim(token, 'GET', `Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ schemas: [ERROR], status: '404' });
    expect(await getDb().selectFrom('users').select('is_locked').where('id', '=', Number(id)).executeTakeFirst()).toEqual({ is_locked: true });
    // The first test of the file also loads the route's modules: on a busy machine that takes a while.
  }, 120_000);

  it('refuses a second user with the same userName with 409 uniqueness', async () => {
    const { token } = await scene();
    const body = { schemas: [USER], userName: `dup-${uniq()}@testuser.com`, active: true };
    expect((await scim(token, 'POST', 'Users', body)).status).toBe(201);
    const again = await scim(token, 'POST', 'Users', body);
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });
});

describe('SCIM: Microsoft Entra ID validator sequence (groups)', () => {
  it('creates, gets without members, finds by displayName, renames, adds and removes members, deletes (the team is disabled, not lost)', async () => {
    const { token, organisationId } = await scene();
    const member = (await scim(token, 'POST', 'Users', { schemas: [USER], userName: `m-${uniq()}@testuser.com`, active: true })).data.id;
    const displayName = `Group_${uniq()}`;
    // 1. Create Group
    const created = await scim(token, 'POST', 'Groups', { schemas: [GROUP], externalId: `g-${uniq()}`, displayName, meta: { resourceType: 'Group' } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ schemas: [GROUP], displayName, members: [] });
    const id = created.data.id;
    const team = await getDb().selectFrom('teams').select(['organisation_id', 'name', 'is_disabled']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(team).toEqual({ organisation_id: organisationId, name: displayName, is_disabled: false });
    // 2. Get Group (excludedAttributes=members)
    const got = await scim(token, 'GET', `Groups/${id}?excludedAttributes=members`);
    expect(got.data.displayName).toBe(displayName);
    expect(got.data.members).toBeUndefined();
    // 3. Get Group by displayName
    const found = await scim(token, 'GET', `Groups?excludedAttributes=members&filter=${q(`displayName eq "${displayName}"`)}`);
    expect(found.data.totalResults).toBe(1);
    // 4. Update Group [non-member attributes]
    const renamed = `Renamed_${uniq()}`;
    expect((await scim(token, 'PATCH', `Groups/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'displayName', value: renamed }] })).status).toBe(204);
    // 5. Update Group [add members]
    expect((await scim(token, 'PATCH', `Groups/${id}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: member }] }] })).status).toBe(204);
    expect((await scim(token, 'GET', `Groups/${id}`)).data).toMatchObject({ displayName: renamed, members: [{ value: member }] });
    // Entra ID's membership check
    const isMember = await scim(token, 'GET', `Groups?filter=${q(`id eq "${id}" and members[value eq "${member}"]`)}&excludedAttributes=members`);
    expect(isMember.data.totalResults).toBe(1);
    // 6. Update Group [remove members]
    expect((await scim(token, 'PATCH', `Groups/${id}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: member }] }] })).status).toBe(204);
    expect((await scim(token, 'GET', `Groups/${id}`)).data.members).toEqual([]);
    // 7. Delete Group: 204, then 404; the team stays, disabled
    expect((await scim(token, 'DELETE', `Groups/${id}`)).status).toBe(204);
    expect((await scim(token, 'GET', `Groups/${id}`)).status).toBe(404);
    expect((await getDb().selectFrom('teams').select('is_disabled').where('id', '=', Number(id)).executeTakeFirstOrThrow()).is_disabled).toBe(true);
  });
});

describe('SCIM: Okta SCIM 2.0 spec test sequence', () => {
  it('lists with paging, finds nobody, creates, gets, refuses a duplicate, answers 404 for an unknown id, deactivates with a no-path replace, and runs the group push', async () => {
    const { token } = await scene();
    for (let i = 0; i < 3; i++) await scim(token, 'POST', 'Users', { schemas: [USER], userName: `seed${i}-${uniq()}@example.com`, name: { givenName: 'S', familyName: String(i) } });
    // Test 1: GET /Users?count=1&startIndex=1
    const page = await scim(token, 'GET', 'Users?count=1&startIndex=1');
    expect(page.data).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 1 });
    expect(page.data.Resources).toHaveLength(1);
    const page3 = await scim(token, 'GET', 'Users?count=2&startIndex=3');
    expect(page3.data).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 3 });
    // Test 2: a random user is not there
    const random = `${uniq()}@example.com`;
    expect((await scim(token, 'GET', `Users?filter=${q(`userName eq "${random}"`)}&startIndex=1&count=100`)).data.totalResults).toBe(0);
    // Test 3: create the user
    const body = {
      schemas: [USER],
      userName: random,
      name: { givenName: 'Okta', familyName: 'Tester' },
      emails: [{ primary: true, value: random, type: 'work' }],
      active: true,
      password: 'not-kept-by-leda-1',
      groups: [],
    };
    const created = await scim(token, 'POST', 'Users', body);
    expect(created.status).toBe(201);
    const id = created.data.id;
    expect(created.data.password).toBeUndefined();
    // Test 4: get it by id
    expect((await scim(token, 'GET', `Users/${id}`)).data).toMatchObject({ id, userName: random, active: true });
    // Test 5: the same user again is a 409
    expect((await scim(token, 'POST', 'Users', body)).status).toBe(409);
    // Test 6: an unknown id is a 404 in the SCIM error format
    const unknown = await scim(token, 'GET', 'Users/2147483000');
    expect(unknown.status).toBe(404);
    expect(unknown.data.schemas).toEqual([ERROR]);
    // Profile update (PUT) and deactivation (PATCH replace without a path)
    const put = await scim(token, 'PUT', `Users/${id}`, { ...body, name: { givenName: 'Okta', familyName: 'Renamed' } });
    expect(put.data.name.familyName).toBe('Renamed');
    const off = await scim(token, 'PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.data.active).toBe(false);
    const on = await scim(token, 'PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.data.active).toBe(true);

    // Group push: create with members, rename ({id, displayName}), add, remove by value filter, delete.
    const other = (await scim(token, 'GET', 'Users?count=1')).data.Resources[0]!.id;
    const group = await scim(token, 'POST', 'Groups', { schemas: [GROUP], displayName: `Okta ${uniq()}`, members: [{ value: id, display: random }] });
    expect(group.status).toBe(201);
    expect(group.data.members).toEqual([expect.objectContaining({ value: id })]);
    const gid = group.data.id;
    expect((await scim(token, 'PATCH', `Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { id: gid, displayName: 'Okta renamed' } }] })).status).toBe(204);
    await scim(token, 'PATCH', `Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: other, display: 'x' }] }] });
    await scim(token, 'PATCH', `Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }] });
    const after = await scim(token, 'GET', `Groups/${gid}`);
    expect(after.data).toMatchObject({ displayName: 'Okta renamed', members: [{ value: other }] });
    // PUT replaces the members
    const replaced = await scim(token, 'PUT', `Groups/${gid}`, { schemas: [GROUP], displayName: 'Okta renamed', members: [{ value: id }] });
    expect(replaced.data.members.map((m) => m.value)).toEqual([id]);
    expect((await scim(token, 'DELETE', `Groups/${gid}`)).status).toBe(204);
  });
});

describe('SCIM: errors, isolation, deactivation, audit', () => {
  it('answers 401 without a token or with a revoked or unknown one, and the discovery endpoints without one', async () => {
    const { token } = await scene();
    const anonymous = await scim(null, 'GET', 'Users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toMatchObject({ schemas: [ERROR], status: '401' });
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    expect((await scim('x'.repeat(43), 'GET', 'Users')).status).toBe(401);
    await getDb().updateTable('scim_tokens').set({ revoked_at: new Date() }).execute();
    expect((await scim(token, 'GET', 'Users')).status).toBe(401);
    const spc = await scim(null, 'GET', 'ServiceProviderConfig');
    expect(spc.data).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
    expect((await scim(null, 'GET', 'ResourceTypes')).data.Resources.map((r) => r.id)).toEqual(['User', 'Group']);
    expect((await scim(null, 'GET', 'Schemas')).data.totalResults).toBe(2);
    expect((await scim(null, 'GET', `Schemas/${USER}`)).data.id).toBe(USER);
  });

  it('keeps each organisation to its own users and teams (404), and answers bad filters, bodies and values with 400', async () => {
    const a = await scene();
    const b = await scene();
    const user = (await scim(a.token, 'POST', 'Users', { schemas: [USER], userName: `a-${uniq()}@example.com` })).data.id;
    const group = (await scim(a.token, 'POST', 'Groups', { schemas: [GROUP], displayName: 'A team' })).data.id;
    for (const [method, path, body] of [
      ['GET', `Users/${user}`],
      ['PATCH', `Users/${user}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }],
      ['PUT', `Users/${user}`, { schemas: [USER], userName: 'x@example.com' }],
      ['DELETE', `Users/${user}`],
      ['GET', `Groups/${group}`],
      ['DELETE', `Groups/${group}`],
    ] as const) {
      const out = await scim(b.token, method, path, body);
      expect(out.status, `${method} ${path}`).toBe(404);
    }
    expect((await scim(b.token, 'GET', 'Users')).data.totalResults).toBe(0);
    // B cannot put A's user in its group
    const bGroup = (await scim(b.token, 'POST', 'Groups', { schemas: [GROUP], displayName: 'B team' })).data.id;
    const foreign = await scim(b.token, 'PATCH', `Groups/${bGroup}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: user }] }] });
    expect(foreign).toMatchObject({ status: 400, data: { scimType: 'invalidValue' } });
    // Filters Leda does not answer
    for (const filter of ['userName co "a"', 'userName eq', 'title eq "x"', '(userName eq "a")']) {
      const out = await scim(a.token, 'GET', `Users?filter=${q(filter)}`);
      expect(out.status, filter).toBe(400);
      expect(out.data.scimType, filter).toBe('invalidFilter');
    }
    expect((await scim(a.token, 'POST', 'Users', '{not json')).data).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect((await scim(a.token, 'POST', 'Users', { schemas: [USER] })).data).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim(a.token, 'POST', 'Users', { userName: 'not-an-email' })).data).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim(a.token, 'PATCH', `Users/${user}`, { Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] })).data).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim(a.token, 'PATCH', `Users/${user}`, { Operations: [{ op: 'move', path: 'active', value: true }] })).status).toBe(400);
    expect((await scim(a.token, 'GET', 'Users?startIndex=abc')).data).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim(a.token, 'POST', 'Users', { userName: 'x@example.com' }, 'text/plain')).status).toBe(415);
    // Duplicate group name: 409
    expect((await scim(a.token, 'POST', 'Groups', { schemas: [GROUP], displayName: 'a TEAM' })).data).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('deactivation ends every session at once and refuses sign-in; an existing person of the organisation is linked, not duplicated; the audit log says SCIM', async () => {
    const { token, organisationId } = await scene();
    const person = await makeUser({ organisationId, email: `linked-${uniq()}@example.com` });
    const { cookie } = await signIn(person.userId);
    expect(cookie).toBeTruthy();
    const linked = await scim(token, 'POST', 'Users', { schemas: [USER], userName: person.email.toUpperCase(), name: { givenName: 'Lin', familyName: 'Ked' } });
    expect(linked.status).toBe(201);
    expect(linked.data.id).toBe(String(person.userId));
    const off = await scim(token, 'PATCH', `Users/${person.userId}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.data.active).toBe(false);
    expect(await getDb().selectFrom('sessions').select('id').where('user_id', '=', person.userId).execute()).toEqual([]);
    const signInAgain = await login(getDb(), { email: person.email, password: person.password, clientIp: `10.9.${Math.floor(Math.random() * 250)}.1` });
    expect(signInAgain.status).toBe('locked');
    // Someone else's account (another organisation) is not taken over
    const stranger = await makeUser({ email: `stranger-${uniq()}@example.com` });
    expect((await scim(token, 'POST', 'Users', { userName: stranger.email })).data).toMatchObject({ status: '409', scimType: 'uniqueness' });
    const audit = await getDb().selectFrom('audit_log').select(['action', 'actor_id', 'actor_email']).where('entity', '=', 'user').where('entity_id', '=', String(person.userId)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['user.scimLink', 'user.scimDeactivate']);
    expect(audit.every((a) => a.actor_id === null && a.actor_email === 'SCIM')).toBe(true);
  });

  it('makes the members of the settings’ admin group team admins of their other teams, and takes it back', async () => {
    const { token, organisationId } = await scene();
    const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
    await saveScimSettings(getDb(), admin.userId, { organisationId, adminGroupName: 'Leda Team Admins' });
    const ann = (await scim(token, 'POST', 'Users', { userName: `ann-${uniq()}@example.com` })).data.id;
    const bob = (await scim(token, 'POST', 'Users', { userName: `bob-${uniq()}@example.com` })).data.id;
    const sales = (await scim(token, 'POST', 'Groups', { displayName: 'Sales', members: [{ value: ann }, { value: bob }] })).data.id;
    const admins = (await scim(token, 'POST', 'Groups', { displayName: 'Leda team admins', members: [{ value: ann }] })).data.id;
    const flags = async () =>
      Object.fromEntries(
        (await getDb().selectFrom('team_users').select(['user_id', 'is_team_admin']).where('team_id', '=', Number(sales)).execute()).map((r) => [String(r.user_id), r.is_team_admin]),
      );
    expect(await flags()).toEqual({ [ann]: true, [bob]: false });
    expect((await getDb().selectFrom('teams').select('is_disabled').where('id', '=', Number(admins)).executeTakeFirstOrThrow()).is_disabled).toBe(true);
    await scim(token, 'PATCH', `Groups/${admins}`, { Operations: [{ op: 'Add', path: 'members', value: [{ value: bob }] }, { op: 'Remove', path: `members[value eq "${ann}"]` }] });
    expect(await flags()).toEqual({ [ann]: false, [bob]: true });
  });
});

describe('/api/admin/createScimToken', () => {
  it('answers a token to product admins and the organisation’s own admins; stores only its hash', async () => {
    const organisationId = await makeOrganisation();
    const orgAdmin = await makeUser({ organisationId, isOrganisationAdmin: true });
    const { token: session } = await signIn(orgAdmin.userId);
    const call = (body: unknown) => run<ApiAnswer<{ token: string }>>(() => apiCreateToken.action(args(jsonRequest('/api/admin/createScimToken', body, { token: session })) as never));
    const ok = await call({ organisationId });
    expect(ok.status).toBe(200);
    expect(ok.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await getDb().selectFrom('scim_tokens').select('token_hash').where('organisation_id', '=', organisationId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(ok.data.token);
    expect((await call({ organisationId: await makeOrganisation() })).status).toBe(403);
    expect((await call({ organisationId: 'x' })).status).toBe(400);
    expect((await scim(ok.data.token, 'GET', 'Users')).status).toBe(200);
    expect((await run(() => scimRoute.loader(args(getRequest('/scim/v2/Nope'), { '*': 'Nope' }) as never))).status).toBe(404);
  }, 120_000);
});
