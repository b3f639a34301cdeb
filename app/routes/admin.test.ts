import { describe, expect, it } from 'vitest';
import { args, getRequest, run } from '../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../tests/support/factories';
import { ADMIN_HOME_SECTIONS } from '~/features/admin/admin-routes';
import { allRoutes } from '../../tests/integration/route-table';
import { loader as adminLayout } from './admin';
import { loader as adminHome } from './admin+/_index';
import { loader as adminSplat } from './admin+/$';

type Loader = (a: ReturnType<typeof args>) => Promise<unknown>;

const ADMIN_ROUTES: [string, Loader, Record<string, string>][] = [
  ['/admin', adminLayout, {}],
  ['/admin', adminHome, {}],
  ['/admin/user-list', adminSplat, { '*': 'user-list' }],
  ['/admin/nonsense', adminSplat, { '*': 'nonsense' }],
];

describe('/admin guards', () => {
  it('sends anonymous visitors and everyone but a product admin to the public home', async () => {
    const { teamId, organisationId } = await makeTeam();
    const learner = await makeUser({ organisationId, teams: [{ teamId }] });
    const teamAdmin = await makeUser({ organisationId, teams: [{ teamId, isTeamAdmin: true }] });
    const orgAdmin = await makeUser({ organisationId, isOrganisationAdmin: true });
    const lockedAdmin = await makeUser({ isLedaAdmin: true, isLocked: true });
    const cookies = [undefined, ...(await Promise.all([learner, teamAdmin, orgAdmin, lockedAdmin].map(async (u) => (await signIn(u.userId)).cookie)))];
    for (const cookie of cookies) {
      for (const [path, loader, params] of ADMIN_ROUTES) {
        const res = await run(() => loader(args(getRequest(path, { cookie }), params)));
        expect(res.status, `${path} ${cookie ?? 'anonymous'}`).toBe(302);
        expect(res.location).toBe('/');
      }
    }
  });

  it('opens the console to a product admin, with the environment for the warning', async () => {
    const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
    const { cookie } = await signIn(admin.userId);
    const layout = await run(() => adminLayout(args(getRequest('/admin', { cookie }))));
    expect(layout.status).toBe(200);
    expect(layout.data).toEqual({ appEnv: 'development' });
    expect((await run(() => adminHome(args(getRequest('/admin', { cookie }))))).status).toBe(200);
  });

  it('answers 404 inside the console for an admin path without a screen', async () => {
    const admin = await makeUser({ isLedaAdmin: true });
    const { cookie } = await signIn(admin.userId);
    for (const splat of ['nonsense', 'team-editor/abc', 'user-list/extra', 'team-editor/3/settings/other', 'team-presets/x']) {
      const res = await run(() => adminSplat(args(getRequest(`/admin/${splat}`, { cookie }), { '*': splat })));
      expect(res.status, splat).toBe(404);
    }
  });

  it('links every admin home entry to a screen the console answers', async () => {
    const admin = await makeUser({ isLedaAdmin: true });
    const { cookie } = await signIn(admin.userId);
    expect(ADMIN_HOME_SECTIONS.map((s) => s.title)).toEqual(['User management', 'Site and content', 'Team settings']);
    // Each link is a route of its own (app/routes), which its own tests render.
    const paths = new Set(allRoutes().map((r) => r.path));
    for (const link of ADMIN_HOME_SECTIONS.flatMap((s) => s.links)) {
      expect([...paths].some((p) => p === link.to || p.startsWith(`${link.to}/`)), link.to).toBe(true);
    }
    expect((await run(() => adminHome(args(getRequest('/admin', { cookie }))))).status).toBe(200);
  });
});
