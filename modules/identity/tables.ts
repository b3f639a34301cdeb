import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  /** LicenseType: NoLicense 0, Trial 1, Full 2, Student 3; null means none. */
  license_type: number | null;
  /** Empty (null) means unlimited. */
  license_expired_at: Timestamp | null;
  license_notes: string | null;
  is_private_users: Generated<boolean>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  job_title: string | null;
  bio: string | null;
  profile_photo_blob_id: string | null;
  password_hash: string | null;
  password_updated_at: Timestamp | null;
  is_leda_admin: Generated<boolean>;
  is_locked: Generated<boolean>;
  is_verified: Generated<boolean>;
  last_login_at: Timestamp | null;
  organisation_id: number | null;
  is_organisation_admin: Generated<boolean>;
  created_at: CreatedAt;
  /** Set when the account was erased (issue 27, decision 262): the row stays, anonymised. */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface TeamsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  /** Sanitised HTML. */
  description: string | null;
  is_disabled: Generated<boolean>;
  created_at: CreatedAt;
  /** admin-console s.3 Team.featuredStoryId: the story the team features (null: none). */
  featured_story_id: Generated<number | null>;
}

export interface TeamUsersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  is_team_admin: Generated<boolean>;
  created_at: CreatedAt;
  /** The member's name as team lists sort it, lower(trim(first || ' ' || last)); kept by triggers (decision 310). */
  sort_name: Generated<string>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: Timestamp;
  /** The absolute lifetime is counted from here, however often the session slides. */
  created_at: CreatedAt;
}

export type OneTimeTokenPurpose = 'password-reset' | 'password-create' | 'verify-account';

export interface OneTimeTokensTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is only ever in the email. */
  token_hash: string;
  purpose: OneTimeTokenPurpose;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface IdentityTables {
  organisations: OrganisationsTable;
  users: UsersTable;
  teams: TeamsTable;
  team_users: TeamUsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  user_settings: UserSettingsTable;
  unsubscribe_tokens: UnsubscribeTokensTable;
  organisation_sso: OrganisationSsoTable;
  organisation_sso_domains: OrganisationSsoDomainsTable;
  sso_states: SsoStatesTable;
  sso_replays: SsoReplaysTable;
}

/** One user setting (learner-app 3: keys with text values, booleans as 'true'); a missing key is its default. */
export interface UserSettingsTable {
  user_id: number;
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A one-click unsubscribe link's token (its SHA-256), for one kind of email (decision 200). */
export interface UnsubscribeTokensTable {
  token_hash: string;
  user_id: number;
  kind: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
export type NewOrganisation = Insertable<OrganisationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type NewTeam = Insertable<TeamsTable>;
export type TeamUserRow = Selectable<TeamUsersTable>;

/** An organisation's identity provider (issue 26 s.1, decisions 289-293). The client secret is AES-256-GCM encrypted. */
export interface OrganisationSsoTable {
  organisation_id: number;
  protocol: 'oidc' | 'saml';
  issuer: string | null;
  client_id: string | null;
  client_secret_enc: string | null;
  metadata_url: string | null;
  metadata_xml: string | null;
  sso_required: Generated<boolean>;
  default_team_id: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An email domain (lower case) that belongs to one organisation's identity provider. */
export interface OrganisationSsoDomainsTable {
  domain: string;
  organisation_id: number;
}

/** A sign-in under way: keyed by the SHA-256 of the state the browser holds (cookie and state/RelayState). */
export interface SsoStatesTable {
  state_hash: string;
  organisation_id: number;
  protocol: 'oidc' | 'saml';
  nonce: string | null;
  code_verifier: string | null;
  /** SAML: the AuthnRequest's ID (the response's InResponseTo). */
  request_id: string | null;
  then_to: string | null;
  email_hint: string | null;
  /** SAML: the verified assertion's person, kept until the browser comes back with its cookie. */
  asserted_email: string | null;
  asserted_first_name: string | null;
  asserted_last_name: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A SAML assertion id or an OIDC code already used (their SHA-256), kept until it could no longer be valid. */
export interface SsoReplaysTable {
  kind: 'saml-assertion' | 'oidc-code';
  value_hash: string;
  expires_at: Timestamp;
}
