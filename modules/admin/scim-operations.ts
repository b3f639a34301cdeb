import type { z } from 'zod';
import { scimGroupBody, scimPatchBody, scimUserBody } from './scim-schemas';

/**
 * Every operation /scim/v2 answers (scim-http.server.ts routes exactly these), with the zod schema
 * its body is parsed with: the OpenAPI document is built from this list (decision 340), and a test
 * sends each listed operation to the handler and every unlisted method to get 405.
 */
export interface ScimOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  /** Answered without the organisation's bearer token (discovery, RFC 7644 s.4). */
  public?: boolean;
  body?: z.ZodType;
  /** The success status: 200, 201 or 204. */
  success: 200 | 201 | 204;
  /** Takes filter, startIndex and count (RFC 7644 s.3.4.2). */
  list?: boolean;
}

export const SCIM_OPERATIONS: readonly ScimOperation[] = [
  { method: 'get', path: '/scim/v2/ServiceProviderConfig', summary: 'What this service provider supports', public: true, success: 200 },
  { method: 'get', path: '/scim/v2/ResourceTypes', summary: 'The resource types (User, Group)', public: true, success: 200 },
  { method: 'get', path: '/scim/v2/ResourceTypes/{id}', summary: 'One resource type', public: true, success: 200 },
  { method: 'get', path: '/scim/v2/Schemas', summary: 'The schemas', public: true, success: 200 },
  { method: 'get', path: '/scim/v2/Schemas/{id}', summary: 'One schema', public: true, success: 200 },
  { method: 'get', path: '/scim/v2/Users', summary: "List the organisation's users", list: true, success: 200 },
  { method: 'post', path: '/scim/v2/Users', summary: 'Create a user', body: scimUserBody, success: 201 },
  { method: 'get', path: '/scim/v2/Users/{id}', summary: 'Get a user', success: 200 },
  { method: 'put', path: '/scim/v2/Users/{id}', summary: 'Replace a user', body: scimUserBody, success: 200 },
  { method: 'patch', path: '/scim/v2/Users/{id}', summary: 'Change a user (active: false deactivates)', body: scimPatchBody, success: 200 },
  { method: 'delete', path: '/scim/v2/Users/{id}', summary: 'Deactivate a user (their history stays)', success: 204 },
  { method: 'get', path: '/scim/v2/Groups', summary: "List the organisation's groups (teams)", list: true, success: 200 },
  { method: 'post', path: '/scim/v2/Groups', summary: 'Create a group (a team)', body: scimGroupBody, success: 201 },
  { method: 'get', path: '/scim/v2/Groups/{id}', summary: 'Get a group', success: 200 },
  { method: 'put', path: '/scim/v2/Groups/{id}', summary: 'Replace a group', body: scimGroupBody, success: 200 },
  { method: 'patch', path: '/scim/v2/Groups/{id}', summary: 'Rename a group, add or remove members', body: scimPatchBody, success: 204 },
  { method: 'delete', path: '/scim/v2/Groups/{id}', summary: 'Delete a group (the team is disabled)', success: 204 },
];
