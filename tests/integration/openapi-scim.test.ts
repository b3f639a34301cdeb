import { z } from 'zod';
import { SCIM_OPERATIONS } from '@modules/admin/index.server';
import { buildOpenApiDocument } from '~/utils/openapi.server';
import * as scimRoute from '~/routes/scim.v2.$';
import * as apiCreateToken from '~/routes/api+/admin+/createScimToken';
import { args, jsonRequest, ORIGIN, run } from '../support/remix';
import { makeOrganisation, makeUser, signIn } from '../support/factories';

/**
 * /scim/v2 in the OpenAPI document (decision 340): built from the SCIM module's list of operations,
 * each body with the zod schema the handler parses; the handler answers every listed operation and
 * refuses every other method on the same resources, so the list and the handler cannot drift.
 */
type Doc = ReturnType<typeof buildOpenApiDocument>;
const doc: Doc = buildOpenApiDocument({ root: { id: 'root', parentId: undefined, path: '', module: {} as never } });

async function tokenFor(organisationId: number) {
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  const { token } = await signIn(admin.userId);
  const out = await run<{ token: string }>(() => apiCreateToken.action(args(jsonRequest('/api/admin/createScimToken', { organisationId }, { token })) as never));
  return out.data.token;
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/scim+json';
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const splat = path.slice('/scim/v2/'.length);
  return run(() => (method === 'GET' ? scimRoute.loader : scimRoute.action)(args(request, { '*': splat }) as never));
}

describe('the OpenAPI document of /scim/v2', () => {
  it('documents every SCIM operation with the body schema its handler parses', () => {
    for (const op of SCIM_OPERATIONS) {
      const documented = doc.paths[op.path]?.[op.method];
      expect(documented, `${op.method} ${op.path}`).toBeDefined();
      if (!op.body) {
        expect(documented!.requestBody).toBeUndefined();
        continue;
      }
      const { $schema: _ignored, ...expected } = z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
      expect(documented!.requestBody!.content['application/scim+json']!.schema).toEqual(expected);
      expect(Object.keys(documented!.responses)).toContain(String(op.success));
    }
  });

  it('lists what the handler answers, and the handler refuses what the list leaves out', async () => {
    const token = await tokenFor(await makeOrganisation());
    const userName = `openapi-${Date.now()}@example.com`;
    const user = await call(token, 'POST', '/scim/v2/Users', { userName, active: true });
    expect(user.status).toBe(201);
    const group = await call(token, 'POST', '/scim/v2/Groups', { displayName: `OpenAPI ${Date.now()}` });
    expect(group.status).toBe(201);
    const ids: Record<string, string> = {
      Users: (user.data as { id: string }).id,
      Groups: (group.data as { id: string }).id,
      ResourceTypes: 'User',
      Schemas: 'urn:ietf:params:scim:schemas:core:2.0:User',
    };
    const bodies: Record<string, unknown> = {
      Users: { userName, name: { givenName: 'Put' } },
      Groups: { displayName: `OpenAPI put ${Date.now()}` },
      patch: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'displayName', value: 'Renamed' }] },
    };
    const paths = [...new Set(SCIM_OPERATIONS.map((o) => o.path))];
    const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
    const answered: string[] = [];
    // Deletes last, so the resources exist for the other calls.
    for (const method of methods) {
      for (const path of paths) {
        const resource = path.split('/')[3]!;
        const concrete = path.replace('{id}', encodeURIComponent(ids[resource] ?? 'x'));
        const fresh: Record<string, unknown> = { Users: { userName: `openapi-new-${Date.now()}@example.com` }, Groups: { displayName: `OpenAPI new ${Date.now()}` } };
        const body =
          method === 'patch'
            ? bodies.patch
            : method === 'post'
              ? fresh[resource] ?? {}
              : method === 'put'
                ? bodies[resource] ?? {}
                : undefined;
        const out = await call(token, method.toUpperCase(), concrete, body);
        if (out.status !== 405) answered.push(`${method} ${path}`);
        const listed = SCIM_OPERATIONS.some((o) => o.method === method && o.path === path);
        expect({ op: `${method} ${path}`, status: listed ? out.status < 300 : out.status }).toEqual({ op: `${method} ${path}`, status: listed ? true : 405 });
      }
    }
    expect(answered.sort()).toEqual(SCIM_OPERATIONS.map((o) => `${o.method} ${o.path}`).sort());
  });
});
