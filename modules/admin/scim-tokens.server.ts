import { DomainError, type Db } from '@modules/shared/index.server';
import { hashToken, isTokenShaped, mintToken } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';
import { ORGANISATION_NOT_FOUND } from './organisations.server';

/**
 * An organisation's SCIM bearer tokens (decision 284): minted by identity's mintToken, shown once,
 * only the SHA-256 kept; revoked at once. A token answers one organisation, nothing else.
 */
export const SCIM_TOKEN_NOT_FOUND = 'This SCIM token does not exist.';
export const SCIM_TOKENS_MAX = 10;
export const SCIM_TOKENS_TOO_MANY = `An organisation has at most ${SCIM_TOKENS_MAX} live SCIM tokens: revoke one first.`;

export interface ScimTokenRow {
  tokenId: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The first characters of the hash: tells two tokens apart without revealing either. */
  fingerprint: string;
}

async function requireOrganisation(db: Db, organisationId: number) {
  const org = await db.selectFrom('organisations').select('id').where('id', '=', organisationId).executeTakeFirst();
  if (!org) throw new DomainError('not_found', ORGANISATION_NOT_FOUND);
}

/** A new token for the organisation: the only time it is ever returned. */
export async function createScimToken(db: Db, actorId: number, input: { organisationId: number }): Promise<{ token: string; tokenId: number }> {
  return db.transaction().execute(async (trx) => {
    await requireOrganisation(trx, input.organisationId);
    const live = await trx
      .selectFrom('scim_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisation_id', '=', input.organisationId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= SCIM_TOKENS_MAX) throw new DomainError('conflict', SCIM_TOKENS_TOO_MANY);
    const { token, tokenHash } = mintToken();
    const row = await trx
      .insertInto('scim_tokens')
      .values({ organisation_id: input.organisationId, token_hash: tokenHash, created_by: actorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actorId, action: 'organisation.createScimToken', entity: 'organisation', entityId: input.organisationId, after: { credentialId: row.id } });
    return { token, tokenId: row.id };
  });
}

export async function revokeScimToken(db: Db, actorId: number, input: { organisationId: number; tokenId: number }) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('scim_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', input.tokenId)
      .where('organisation_id', '=', input.organisationId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', SCIM_TOKEN_NOT_FOUND);
    await recordAudit(trx, { actorId, action: 'organisation.revokeScimToken', entity: 'organisation', entityId: input.organisationId, after: { credentialId: row.id } });
  });
}

/** The live tokens of an organisation, newest first. */
export async function listScimTokens(db: Db, organisationId: number): Promise<ScimTokenRow[]> {
  const rows = await db
    .selectFrom('scim_tokens')
    .select(['id', 'created_at', 'last_used_at', 'token_hash'])
    .where('organisation_id', '=', organisationId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SCIM_TOKENS_MAX)
    .execute();
  return rows.map((r) => ({ tokenId: r.id, createdAt: r.created_at, lastUsedAt: r.last_used_at, fingerprint: r.token_hash.slice(0, 8) }));
}

const USED_AT_GRANULARITY_MS = 60_000;

/** The organisation a bearer token answers, or null (unknown, revoked, malformed). */
export async function organisationOfScimToken(db: Db, authorization: string | null): Promise<number | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m || !isTokenShaped(m[1]!)) return null;
  const row = await db
    .selectFrom('scim_tokens')
    .select(['id', 'organisation_id', 'last_used_at'])
    .where('token_hash', '=', hashToken(m[1]!))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  // Last used, to the minute: one write a minute per token, not one per request.
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > USED_AT_GRANULARITY_MS) {
    await db.updateTable('scim_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  }
  return row.organisation_id;
}

/** The SCIM settings: the group whose members are team admins (null: none). */
export async function getScimSettings(db: Db, organisationId: number): Promise<{ adminGroupName: string | null }> {
  const row = await db.selectFrom('scim_settings').select('admin_group_name').where('organisation_id', '=', organisationId).executeTakeFirst();
  return { adminGroupName: row?.admin_group_name ?? null };
}

export async function saveScimSettings(db: Db, actorId: number, input: { organisationId: number; adminGroupName: string | null }) {
  const name = input.adminGroupName?.trim() || null;
  await db.transaction().execute(async (trx) => {
    await requireOrganisation(trx, input.organisationId);
    const before = await getScimSettings(trx, input.organisationId);
    await trx
      .insertInto('scim_settings')
      .values({ organisation_id: input.organisationId, admin_group_name: name })
      .onConflict((oc) => oc.column('organisation_id').doUpdateSet({ admin_group_name: name, updated_at: new Date() }))
      .execute();
    await recordAudit(trx, { actorId, action: 'organisation.saveScimSettings', entity: 'organisation', entityId: input.organisationId, before, after: { adminGroupName: name } });
  });
}
