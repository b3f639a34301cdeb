import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument, registerApiRoutes } from '~/utils/openapi.server';
import { loader } from '~/routes/api+/openapi[.json]';
import { allRoutes } from './route-table';

/**
 * The OpenAPI document (decision 288): generated from the routes' own zod schemas, it documents
 * every /api path the spec lists, says for each path what the route parses, and passes Redocly's
 * recommended lint rules with no error.
 */
type Doc = ReturnType<typeof buildOpenApiDocument>;
type Action = { schema?: z.ZodType; multipartSchema?: z.ZodType };

const SPEC_PATHS = fs
  // A copy of the spec's list (shared/spec/api-paths.txt), kept in the repository so a clean clone can run this.
  .readFileSync(path.resolve(__dirname, '../../docs/api-paths.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.startsWith('/api/'));

let doc: Doc;
const modules = new Map<string, Action>();

beforeAll(async () => {
  const routes: Parameters<typeof buildOpenApiDocument>[0] = {};
  for (const entry of allRoutes().filter((r) => r.path.startsWith('/api/'))) {
    const module = await entry.load();
    modules.set(entry.path, module.action as Action);
    routes[entry.id] = { id: entry.id, parentId: 'root', path: entry.path.slice(1), module: module as never };
  }
  routes.root = { id: 'root', parentId: undefined, path: '', module: {} as never };
  registerApiRoutes(routes);
  doc = buildOpenApiDocument(routes);
});

describe('the OpenAPI document', () => {
  it('documents every /api path of the spec as a POST with the body its route parses', () => {
    // A '{name}' in the spec's list is a family of paths (/api/public/submit{product}): at least one must be there.
    const documented = Object.keys(doc.paths);
    const missing = SPEC_PATHS.filter((p) => {
      const pattern = new RegExp(`^${p.replace(/\{[^}]+\}/g, '[A-Za-z]+')}$`);
      return !documented.some((d) => pattern.test(d));
    });
    expect(missing).toEqual([]);
    expect(documented.filter((p) => p.startsWith('/api/')).length).toBeGreaterThanOrEqual(SPEC_PATHS.length);
    for (const [p, item] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/'))) {
      const action = modules.get(p)!;
      const content = item.post!.requestBody!.content as unknown as Record<string, { schema: Record<string, unknown> }>;
      const [mediaType, { schema }] = Object.entries(content)[0]!;
      const source = action.multipartSchema ?? action.schema!;
      const { $schema: _ignored, ...expected } = z.toJSONSchema(source, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
      expect({ p, mediaType: mediaType === 'multipart/form-data', schema }).toEqual({ p, mediaType: Boolean(action.multipartSchema), schema: expected });
    }
  });

  it('names the fields a caller must send, as the route refuses them', () => {
    const body = doc.paths['/api/journey/createUserJourney']!.post!.requestBody!.content as unknown as Record<string, { schema: { required?: string[]; properties: Record<string, { type: string }> } }>;
    const schema = body['application/json']!.schema;
    expect(schema.required).toEqual(['journeyId']);
    expect(schema.properties.journeyId!.type).toBe('integer');
    const upload = doc.paths['/api/file/uploadImages']!.post!.requestBody!.content as Record<string, unknown>;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
  });

  it('passes the Redocly recommended rules with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => `${p.ruleId}: ${p.message}`);
    expect(warnings).toEqual([]);
  });

  it('is served at /api/openapi.json', async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    const served = (await response.json()) as Doc;
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths)).toEqual(Object.keys(doc.paths));
  });
});
