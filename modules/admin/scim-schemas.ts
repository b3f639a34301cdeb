import { z } from 'zod';

/**
 * SCIM 2.0 (RFC 7643, 7644) wire shapes: the schema URNs, the request bodies (zod; unknown attributes
 * pass through and are ignored, as identity providers send many), and the error type with its
 * `scimType`. Decision 285 lists what Leda maps and what it ignores.
 */
export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_ACTOR = 'SCIM';
export const SCIM_MAX_RESULTS = 200;
/** The largest member list one PATCH or POST may carry. */
export const SCIM_MAX_MEMBERS = 10_000;

export type ScimType = 'uniqueness' | 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'mutability' | 'tooMany';

/** A SCIM error: answered as RFC 7644 s.3.12 `{ schemas, status, scimType, detail }`. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const scimErrorBody = (e: ScimError) => ({
  schemas: [SCIM.error],
  status: String(e.status),
  ...(e.scimType ? { scimType: e.scimType } : {}),
  detail: e.detail,
});

/** Entra ID sends booleans as the strings "True" and "False". */
export const scimBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE']).transform((v) => v.toLowerCase() === 'true')]);

const str = (max: number) => z.string().max(max);

const emailEntry = z.looseObject({
  value: str(320).optional(),
  type: str(50).optional(),
  primary: scimBoolean.optional(),
});

export const scimName = z.looseObject({
  givenName: str(250).nullish(),
  familyName: str(250).nullish(),
  formatted: str(600).nullish(),
});

/** POST and PUT /Users. */
export const scimUserBody = z.looseObject({
  schemas: z.array(str(200)).max(20).optional(),
  userName: z.string().trim().min(1, 'userName is required').max(320),
  externalId: str(200).nullish(),
  name: scimName.nullish(),
  displayName: str(600).nullish(),
  title: str(250).nullish(),
  active: scimBoolean.optional(),
  emails: z.array(emailEntry).max(20).nullish(),
});
export type ScimUserBody = z.infer<typeof scimUserBody>;

export const scimMember = z.looseObject({ value: z.string().min(1).max(20), display: str(600).nullish() });

/** POST and PUT /Groups. */
export const scimGroupBody = z.looseObject({
  schemas: z.array(str(200)).max(20).optional(),
  displayName: z.string().trim().min(1, 'displayName is required').max(250),
  externalId: str(200).nullish(),
  members: z.array(scimMember).max(SCIM_MAX_MEMBERS).nullish(),
});
export type ScimGroupBody = z.infer<typeof scimGroupBody>;

/** PATCH: op in any case (Entra ID sends "Replace", "Add", "Remove"). */
export const scimPatchBody = z.looseObject({
  schemas: z.array(str(200)).max(20).optional(),
  Operations: z
    .array(
      z.looseObject({
        op: z
          .string()
          .transform((s) => s.toLowerCase())
          .pipe(z.enum(['add', 'replace', 'remove'], { error: 'op must be add, replace or remove' })),
        path: str(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1, 'Operations is required')
    .max(1000),
});
export type ScimPatchOp = z.infer<typeof scimPatchBody>['Operations'][number];

/** Admin console and /api/admin/createScimToken. */
export const createScimTokenBody = z.object({ organisationId: z.number().int().min(1).max(2_147_483_647) });
export const scimAdminGroupName = z.string().trim().max(200, 'Group name too long (max 200 characters)');
