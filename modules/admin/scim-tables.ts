/** The SCIM 2.0 tables (decision 284), joined into AdminTables. */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** An organisation's SCIM bearer token: only its SHA-256 is kept. */
export interface ScimTokensTable {
  id: Generated<number>;
  organisation_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An organisation's SCIM settings. */
export interface ScimSettingsTable {
  organisation_id: number;
  /** The group whose members are team admins of the other teams they are in (null: none). */
  admin_group_name: string | null;
  updated_at: Stamp;
}

/** A user provisioned by SCIM: the identity provider's userName and externalId. */
export interface ScimUsersTable {
  user_id: number;
  organisation_id: number;
  user_name: string;
  external_id: string | null;
  created_at: CreatedAt;
  updated_at: Stamp;
}

/** A team provisioned by SCIM (a SCIM Group). */
export interface ScimGroupsTable {
  team_id: number;
  organisation_id: number;
  external_id: string | null;
  created_at: CreatedAt;
  updated_at: Stamp;
}

export interface ScimTables {
  scim_tokens: ScimTokensTable;
  scim_settings: ScimSettingsTable;
  scim_users: ScimUsersTable;
  scim_groups: ScimGroupsTable;
}
