import { z } from 'zod';
import type { ServerBuild } from '@remix-run/node';
import { SESSION_COOKIE } from '@modules/identity/index.server';
import { SCIM_OPERATIONS, type ScimOperation } from '@modules/admin/index.server';
import type { Access } from './api.server';

/**
 * The OpenAPI 3.1 document of every /api path, generated from the zod schemas the routes parse
 * their bodies with (apiRoute and uploadRoute attach them to the action), so it cannot drift from
 * the code (docs/decisions/288). /scim/v2 comes from the SCIM module's list of operations and the
 * same zod schemas its handler parses with (decision 340). Served at /api/openapi.json; linted in
 * the suite with Redocly.
 */
type RouteRecord = Pick<ServerBuild['routes'][string], 'id' | 'parentId' | 'path' | 'module'>;
type DocumentedAction = { schema?: z.ZodType; multipartSchema?: z.ZodType; access?: Access; optionalAuth?: boolean };

export const OPENAPI_PATH = '/api/openapi.json';

let serverRoutes: Record<string, RouteRecord> | null = null;

/** The web server hands the build's route table over at start-up (app/runtime/http-app.server.ts). */
export function registerApiRoutes(routes: Record<string, RouteRecord>) {
  serverRoutes = routes;
  cached = null;
}

let cached: object | null = null;

/** The document for the registered routes (built once per process); null before the web server registered them. */
export function openApiDocument(): object | null {
  if (!serverRoutes) return null;
  cached ??= buildOpenApiDocument(serverRoutes);
  return cached;
}

/** The URL path of a route: its own path under its parents' (flat routes nest through '+' folders). */
function fullPath(routes: Record<string, RouteRecord>, route: RouteRecord): string {
  const parts: string[] = [];
  for (let r: RouteRecord | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

const ERROR_BODY = {
  type: 'object',
  properties: { errorMsg: { type: 'string', description: 'What went wrong, in words for people.' } },
  required: ['errorMsg'],
} as const;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** JSON Schema (2020-12, what OpenAPI 3.1 uses) of what a caller sends, without the draft marker. */
function inputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

/** One path's operation: a POST with its body, the answers every /api path can give. */
function operation(path: string, action: DocumentedAction) {
  const access = action.access ?? 'public';
  const tag = path.split('/')[2] ?? 'api';
  const body = action.multipartSchema
    ? { required: true, content: { 'multipart/form-data': { schema: inputSchema(action.multipartSchema) } } }
    : { required: false, content: { 'application/json': { schema: action.schema ? inputSchema(action.schema) : { type: 'object' } } } };
  return {
    operationId: path.slice('/api/'.length).replace(/[^A-Za-z0-9]+/g, '_'),
    summary: `POST ${path}`,
    tags: [tag],
    ...(access === 'public' && !action.optionalAuth ? { security: [] } : access === 'public' ? { security: [{}, { session: [] }] } : {}),
    ...(access === 'productAdmin' ? { description: 'Product admins only.' } : {}),
    requestBody: body,
    responses: {
      '200': { description: 'Done: the answer the spec names for this path.', content: { 'application/json': { schema: { type: 'object' } } } },
      '400': errorResponse('The body is not valid: errorMsg says which field and why.'),
      ...(access === 'public' ? {} : { '403': errorResponse('No session, or the session may not do this.') }),
      '404': errorResponse('The thing the body names does not exist.'),
      '405': errorResponse('Only POST is answered.'),
      '413': errorResponse('The request is too large.'),
      '429': errorResponse('Too many requests: try again later.'),
    },
  };
}

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** What the document's readers (the test, the linter) look at in an operation. */
interface OperationObject {
  operationId: string;
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}

const SCIM_ERROR_BODY = {
  type: 'object',
  description: 'RFC 7644 s.3.12',
  properties: {
    schemas: { type: 'array', items: { type: 'string' } },
    status: { type: 'string' },
    scimType: { type: 'string', description: 'uniqueness, invalidFilter, invalidValue, invalidSyntax, invalidPath, noTarget, mutability or tooMany' },
    detail: { type: 'string' },
  },
  required: ['schemas', 'status', 'detail'],
} as const;

const scimError = (description: string) => ({ description, content: { 'application/scim+json': { schema: { $ref: '#/components/schemas/ScimError' } } } });

/** One /scim/v2 operation, from the SCIM module's list (modules/admin/scim-operations.ts). */
function scimOperation(op: ScimOperation) {
  const idParam = op.path.includes('{id}')
    ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 200 }, description: 'The resource id Leda gave it.' }]
    : [];
  const listParams = op.list
    ? [
        { name: 'filter', in: 'query', required: false, schema: { type: 'string', maxLength: 1000 }, description: 'userName eq "…", externalId eq "…" or displayName eq "…".' },
        { name: 'startIndex', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        { name: 'count', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 200 } },
      ]
    : [];
  const success =
    op.success === 204
      ? { '204': { description: 'Done.' } }
      : { [String(op.success)]: { description: op.success === 201 ? 'Created: the new resource.' : 'The resource or list.', content: { 'application/scim+json': { schema: { type: 'object' } } } } };
  return {
    operationId: `scim_${op.method}_${op.path.slice('/scim/v2/'.length).replace(/\{id\}/, 'one').replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: op.summary,
    tags: ['scim'],
    security: op.public ? [] : [{ scimBearer: [] }],
    ...(idParam.length + listParams.length ? { parameters: [...idParam, ...listParams] } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/scim+json': { schema: inputSchema(op.body) } } } } : {}),
    responses: {
      ...success,
      '400': scimError('Not valid: scimType says how (invalidValue, invalidFilter, invalidSyntax).'),
      ...(op.public ? {} : { '401': scimError('No bearer token, or one that was revoked.') }),
      '404': scimError("Not found, or another organisation's resource."),
      ...(op.method === 'post' || op.method === 'put' ? { '409': scimError('A resource with this userName or displayName exists (scimType uniqueness).') } : {}),
    },
  };
}

function scimPaths() {
  const paths: Record<string, Record<string, ReturnType<typeof scimOperation>>> = {};
  for (const op of SCIM_OPERATIONS) (paths[op.path] ??= {})[op.method] = scimOperation(op);
  return paths;
}

export function buildOpenApiDocument(routes: Record<string, RouteRecord>) {
  const paths: Record<string, { post: ReturnType<typeof operation> }> = {};
  for (const route of Object.values(routes)) {
    const path = fullPath(routes, route);
    if (!path.startsWith('/api/') || path.includes(':') || path.endsWith('*') || path === OPENAPI_PATH) continue;
    const action = (route.module as { action?: DocumentedAction }).action;
    if (!action || !(action.schema || action.multipartSchema)) continue;
    paths[path] = { post: operation(path, action) };
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Leda API',
      version: '1.0.0',
      description: 'Every /api path of Leda: POST with a JSON body (multipart for /api/file/*), answered with JSON; failures carry { errorMsg }.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Leda' },
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    tags: [
      ...[...new Set(Object.values(sorted).flatMap((p) => p.post.tags))].sort().map((name) => ({ name, description: `The /api/${name} paths.` })),
      { name: 'scim', description: 'SCIM 2.0 provisioning (RFC 7643, 7644) with an organisation bearer token.' },
    ],
    paths: { ...sorted, ...scimPaths() } as Record<string, Partial<Record<HttpMethod, OperationObject>>>,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by signing in.' },
        scimBearer: { type: 'http', scheme: 'bearer', description: "An organisation's SCIM token (admin console, organisation editor)." },
      },
      schemas: { Error: ERROR_BODY, ScimError: SCIM_ERROR_BODY },
    },
  };
}
