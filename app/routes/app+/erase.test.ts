import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { args, formRequest, getRequest, jsonRequest, run, runData } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn, type MadeUser } from '../../../tests/support/factories';
import * as api from '../api+/admin+/eraseUser';
import * as adminErase from '../admin+/user-erase.$userId';
import * as orgErase from './profile.$userId_.erase';
import * as profile from './profile.$userId';
import * as settingsErase from './settings.erase';

/**
 * Who may erase whom (issue 27 s.3), through the screens and /api/admin/eraseUser, with real users:
 * product admins anyone; organisation admins their own organisation's people; nobody else; nobody themselves.
 */
let orgId: number;
let teamId: number;
const who = {} as Record<'learner' | 'teamAdmin' | 'orgAdmin' | 'otherOrgAdmin' | 'productAdmin', MadeUser & { cookie: string; token: string }>;
const erasedAt = async (userId: number) => (await getDb().selectFrom('users').select('erased_at').where('id', '=', userId).executeTakeFirstOrThrow()).erased_at;

async function person() {
  return makeUser({ organisationId: orgId, teams: [{ teamId }] });
}

beforeAll(async () => {
  ({ teamId, organisationId: orgId } = await makeTeam());
  const other = await makeTeam();
  const specs = {
    learner: { organisationId: orgId, teams: [{ teamId }] },
    teamAdmin: { organisationId: orgId, teams: [{ teamId, isTeamAdmin: true }] },
    orgAdmin: { organisationId: orgId, isOrganisationAdmin: true, teams: [{ teamId }] },
    otherOrgAdmin: { organisationId: other.organisationId, isOrganisationAdmin: true, teams: [{ teamId }] },
    productAdmin: { organisationId: null, isLedaAdmin: true },
  } as const;
  for (const [role, spec] of Object.entries(specs)) {
    const u = await makeUser(spec as never);
    who[role as keyof typeof who] = { ...u, ...(await signIn(u.userId)) };
  }
});

describe('POST /api/admin/eraseUser', () => {
  const call = (body: unknown, token: string) => run<{ errorMsg?: string }>(() => api.action(args(jsonRequest('/api/admin/eraseUser', body, { token })) as never));

  it('refuses learners, team admins, other organisations’ admins and oneself with a 403, and erases nothing', async () => {
    const p = await person();
    for (const role of ['learner', 'teamAdmin', 'otherOrgAdmin'] as const) {
      const r = await call({ userId: p.userId }, who[role].token);
      expect(r.status, role).toBe(403);
      expect(r.data.errorMsg).toBeTruthy();
    }
    expect((await call({ userId: who.orgAdmin.userId }, who.orgAdmin.token)).status).toBe(403);
    expect(await erasedAt(p.userId)).toBeNull();
  });

  it('answers bad input with a 400 and an unknown user with a 403', async () => {
    for (const body of [{}, { userId: 'x' }, { userId: 1.5 }, { userId: 2 ** 40 }]) expect((await call(body, who.productAdmin.token)).status).toBe(400);
    expect((await call({ userId: 2_000_000_000 }, who.productAdmin.token)).status).toBe(403);
  });

  it("lets the person's organisation admin and a product admin erase, at once", async () => {
    const a = await person();
    const r = await call({ userId: a.userId }, who.orgAdmin.token);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ userId: a.userId, isErased: true, wasErasedNow: true });
    expect(await erasedAt(a.userId)).not.toBeNull();
    const b = await person();
    expect((await call({ userId: b.userId, deletePosts: true }, who.productAdmin.token)).status).toBe(200);
    expect(await erasedAt(b.userId)).not.toBeNull();
  });
});

describe('/admin/user-erase/{userId}', () => {
  it('is for product admins: it names the person and what happens, and erases on confirm', async () => {
    const p = await person();
    const path = `/admin/user-erase/${p.userId}`;
    const refused = await run(() => adminErase.loader(args(getRequest(path, { cookie: who.orgAdmin.cookie }), { userId: String(p.userId) })));
    expect(refused.status).not.toBe(200);
    const page = await runData(() => adminErase.loader(args(getRequest(path, { cookie: who.productAdmin.cookie }), { userId: String(p.userId) })));
    expect(page.data).toMatchObject({ userId: p.userId, email: p.email, erased: false, allowed: true });
    expect((await run(() => adminErase.loader(args(getRequest('/admin/user-erase/x', { cookie: who.productAdmin.cookie }), { userId: 'x' })))).status).toBe(404);
    const bad = await run(() => adminErase.action(args(formRequest(path, { posts: 'maybe' }, { cookie: who.productAdmin.cookie }), { userId: String(p.userId) })));
    expect(bad.status).toBe(400);
    expect(await erasedAt(p.userId)).toBeNull();
    const done = await run(() => adminErase.action(args(formRequest(path, { posts: 'delete' }, { cookie: who.productAdmin.cookie }), { userId: String(p.userId) })));
    expect(done.status).toBe(303);
    expect(done.location).toBe('/admin/user-list?saved=erased');
    expect(await erasedAt(p.userId)).not.toBeNull();
  });
});

describe('/app/profile/{userId}/erase', () => {
  it("is for the person's organisation admins (a link on the profile), a 404 for everyone else", async () => {
    const p = await person();
    const path = `/app/profile/${p.userId}/erase`;
    for (const role of ['learner', 'teamAdmin', 'otherOrgAdmin'] as const) {
      expect((await run(() => orgErase.loader(args(getRequest(path, { cookie: who[role].cookie }), { userId: String(p.userId) })))).status, role).toBe(404);
      const prof = await runData(() => profile.loader(args(getRequest(`/app/profile/${p.userId}`, { cookie: who[role].cookie }), { userId: String(p.userId) })));
      expect('canErase' in prof.data ? prof.data.canErase : false, role).toBe(false);
    }
    const prof = await runData(() => profile.loader(args(getRequest(`/app/profile/${p.userId}`, { cookie: who.orgAdmin.cookie }), { userId: String(p.userId) })));
    expect('canErase' in prof.data && prof.data.canErase).toBe(true);
    const page = await runData(() => orgErase.loader(args(getRequest(path, { cookie: who.orgAdmin.cookie }), { userId: String(p.userId) })));
    expect(page.data).toMatchObject({ done: false, userId: p.userId, email: p.email });
    const done = await run(() => orgErase.action(args(formRequest(path, { posts: 'keep' }, { cookie: who.orgAdmin.cookie }), { userId: String(p.userId) })));
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${path}?done=1`);
    expect(await erasedAt(p.userId)).not.toBeNull();
    const after = await runData(() => orgErase.loader(args(getRequest(`${path}?done=1`, { cookie: who.orgAdmin.cookie }), { userId: String(p.userId) })));
    expect(after.data).toEqual({ done: true });
  });
});

describe('/app/settings/erase', () => {
  it('records a request (confirmed), shows when it will happen, and withdraws it', async () => {
    const p = await person();
    const { cookie } = await signIn(p.userId);
    const path = '/app/settings/erase';
    const empty = await runData(() => settingsErase.loader(args(getRequest(path, { cookie }))));
    expect(empty.data.pending).toBeNull();
    expect((await run(() => settingsErase.action(args(formRequest(path, { intent: 'request' }, { cookie }))))).status).toBe(400);
    const asked = await run(() => settingsErase.action(args(formRequest(path, { intent: 'request', confirm: 'on' }, { cookie }))));
    expect(asked.location).toBe(`${path}?done=requested`);
    const pending = await runData(() => settingsErase.loader(args(getRequest(`${path}?done=requested`, { cookie }))));
    expect(pending.data.pending?.dueOn).toBeTruthy();
    expect(pending.data.message).toMatch(/erased in 14 days/);
    const withdrawn = await run(() => settingsErase.action(args(formRequest(path, { intent: 'withdraw' }, { cookie }))));
    expect(withdrawn.location).toBe(`${path}?done=withdrawn`);
    expect((await runData(() => settingsErase.loader(args(getRequest(path, { cookie }))))).data.pending).toBeNull();
    expect(await erasedAt(p.userId)).toBeNull();
  });
});
