/** Browser-safe identity values with no zod (docs/decisions/141); schemas.ts re-exports them. */
export const LicenseType = { NoLicense: 0, Trial: 1, Full: 2, Student: 3 } as const;
export type LicenseTypeValue = (typeof LicenseType)[keyof typeof LicenseType];

/** The identity-provider protocols an organisation can sign in with (decision 290). */
export type SsoProtocol = 'oidc' | 'saml';

/** An organisation's SSO settings as the organisation editor shows them: the secret only as "set" or not. */
export interface SsoSettingsView {
  organisationId: number;
  protocol: SsoProtocol;
  issuer: string | null;
  clientId: string | null;
  hasClientSecret: boolean;
  metadataUrl: string | null;
  metadataXml: string | null;
  emailDomains: string[];
  ssoRequired: boolean;
  defaultTeamId: number | null;
}
