import { SCIM, SCIM_MAX_RESULTS } from './scim-schemas';

/** RFC 7644 s.4: what Leda's SCIM service supports, its resource types and their schemas (what Leda keeps). */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCIM.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "A bearer token made in the organisation editor of Leda's admin console.",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [SCIM.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the organisation',
      schema: SCIM.user,
      schemaExtensions: [{ schema: SCIM.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of the organisation',
      schema: SCIM.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attr = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCIM.schema],
      id: SCIM.user,
      name: 'User',
      description: 'User Account',
      attributes: [
        attr('userName', { required: true, uniqueness: 'server' }),
        attr('externalId', { caseExact: true }),
        attr('name', {
          type: 'complex',
          subAttributes: [attr('givenName'), attr('familyName'), attr('formatted', { mutability: 'readOnly' })],
        }),
        attr('displayName', { mutability: 'readOnly' }),
        attr('title'),
        attr('active', { type: 'boolean' }),
        attr('emails', {
          type: 'complex',
          multiValued: true,
          subAttributes: [attr('value'), attr('type', { canonicalValues: ['work'] }), attr('primary', { type: 'boolean' })],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM.user}` },
    },
    {
      schemas: [SCIM.schema],
      id: SCIM.group,
      name: 'Group',
      description: 'Group (a Leda team)',
      attributes: [
        attr('displayName', { required: true, uniqueness: 'server' }),
        attr('externalId', { caseExact: true }),
        attr('members', {
          type: 'complex',
          multiValued: true,
          subAttributes: [attr('value', { mutability: 'immutable' }), attr('display', { mutability: 'readOnly' }), attr('$ref', { type: 'reference', referenceTypes: ['User'] })],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM.group}` },
    },
  ];
}
