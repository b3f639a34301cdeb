import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, formRequest, ORIGIN, run, runData } from '../../../tests/support/remix';
import { makeOrganisation, makeUser, signIn } from '../../../tests/support/factories';
import * as orgEditor from './organisation-editor.($organisationId)';
import * as scimRoute from '../scim.v2.$';

/** The organisation editor's Provisioning (SCIM) section: a token shown once, revoked at once, the admin group setting. */
describe('organisation editor: SCIM tokens', () => {
  it('creates a token shown only once, lists it by fingerprint, revokes it (the identity provider gets 401), saves the admin group name', async () => {
    const organisationId = await makeOrganisation();
    const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
    const { cookie } = await signIn(admin.userId);
    const path = `/admin/organisation-editor/${organisationId}`;
    const params = { organisationId: String(organisationId) };
    const post = (fields: Record<string, string>) => runData(() => orgEditor.action(args(formRequest(path, fields, { cookie }), params) as never));
    const listUsers = (token: string) =>
      run(() => scimRoute.loader(args(new Request(`${ORIGIN}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } }), { '*': 'Users' }) as never));

    const before = await renderRoute(path, { route: orgEditor, cookie, params });
    expect(before.text).toContain('Provisioning (SCIM)');
    expect(before.text).toContain(`${ORIGIN}/scim/v2`);
    expect(before.text).toContain('No SCIM token yet.');

    const created = await post({ scimIntent: 'create' });
    expect(created.status).toBe(200);
    const token = 'scimToken' in created.data ? created.data.scimToken : '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await listUsers(token)).status).toBe(200);

    const after = await renderRoute(path, { route: orgEditor, cookie, params });
    expect(after.html).not.toContain(token);
    const row = await getDb().selectFrom('scim_tokens').select(['id', 'token_hash']).where('organisation_id', '=', organisationId).executeTakeFirstOrThrow();
    expect(after.text).toContain(`${row.token_hash.slice(0, 8)}…`);

    const revoked = await post({ scimIntent: 'revoke', tokenId: String(row.id) });
    expect(revoked.location).toBe(`${path}?saved=scimRevoked`);
    expect((await listUsers(token)).status).toBe(401);
    expect((await post({ scimIntent: 'revoke', tokenId: String(row.id) })).status).toBe(404);
    expect((await post({ scimIntent: 'revoke', tokenId: 'abc' })).status).toBe(404);

    expect((await post({ scimIntent: 'settings', adminGroupName: 'x'.repeat(201) })).data).toMatchObject({ scimError: 'Group name too long (max 200 characters)' });
    expect((await post({ scimIntent: 'settings', adminGroupName: ' Leda Admins ' })).location).toBe(`${path}?saved=scimSettings`);
    const page = await renderRoute(`${path}?saved=scimSettings`, { route: orgEditor, cookie, params });
    expect(page.text).toContain('SCIM settings saved.');
    expect(page.html).toContain('value="Leda Admins"');
    const audit = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'organisation').where('entity_id', '=', String(organisationId)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['organisation.createScimToken', 'organisation.revokeScimToken', 'organisation.saveScimSettings']);
  });
});
