import type { SsoProtocol, SsoSettingsView } from './constants';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Db } from '@modules/shared/db/database';
import { prepared } from '@modules/shared/db/prepared.server';
import { DomainError } from '@modules/shared/errors';
import { loadEnv, parseSecretKey } from '@modules/shared/env.server';
import { isPublicAddress, safeFetch, type SafeFetchOptions } from '@modules/shared/safe-fetch.server';

/**
 * An organisation's single sign-on settings (issue 26 s.1, decisions 289-293): its identity provider
 * (OpenID Connect: issuer, client id, client secret; SAML 2.0: metadata URL or XML), the email domains
 * that belong to it, whether SSO is required, and the team new people join. The client secret is
 * AES-256-GCM encrypted with SSO_SECRET_KEY and never leaves the server: readers get `hasClientSecret`.
 */

export interface SsoSettingsInput {
  organisationId: number;
  protocol: SsoProtocol;
  issuer?: string | null;
  clientId?: string | null;
  /** Empty or absent: keep the stored secret. */
  clientSecret?: string | null;
  metadataUrl?: string | null;
  metadataXml?: string | null;
  emailDomains: string[];
  ssoRequired: boolean;
  defaultTeamId?: number | null;
}


/** Everything a sign-in needs, the secret decrypted (server only). */
export interface SsoConnection extends Omit<SsoSettingsView, 'hasClientSecret'> {
  clientSecret: string | null;
}

export const SSO_DOMAIN_TAKEN = (domain: string) => `The email domain ${domain} already signs in through another organisation.`;
export const SSO_KEY_MISSING = 'Single sign-on needs SSO_SECRET_KEY in production (32 bytes, e.g. openssl rand -base64 32).';

// --- the key and the cipher ------------------------------------------------------------------

const DEV_KEY = createHash('sha256').update('leda development sso key: never used in production').digest();

/** SSO_SECRET_KEY; in development and staging a derived constant when unset; production refuses without it. */
function secretKey(): Buffer {
  const env = loadEnv();
  if (env.SSO_SECRET_KEY) return parseSecretKey(env.SSO_SECRET_KEY)!;
  if (env.APP_ENV === 'production') throw new DomainError('invalid', SSO_KEY_MISSING);
  return DEV_KEY;
}

/** 'v1.' + base64(iv 12 | tag 16 | ciphertext); the organisation id is the additional data, so a secret cannot be moved to another row. */
export function encryptSecret(plain: string, organisationId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(), iv);
  cipher.setAAD(Buffer.from(`organisation_sso:${organisationId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptSecret(stored: string, organisationId: number): string {
  if (!stored.startsWith('v1.')) throw new Error('Unknown secret format');
  const raw = Buffer.from(stored.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`organisation_sso:${organisationId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

// --- outbound fetches to identity providers ----------------------------------------------------

const isLoopback = (address: string) => {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
};

/**
 * The SSRF-safe fetch's allowances for identity providers: public addresses on 80/443, and (only when
 * APP_ENV=development, so an IdP can be tried on one machine, and in the tests) loopback on any port.
 */
export function idpFetchOptions(): SafeFetchOptions {
  if (loadEnv().APP_ENV !== 'development') return {};
  return {
    allowedPorts: Array.from({ length: 65535 }, (_, i) => i + 1),
    isAllowedAddress: (a) => isPublicAddress(a) || (net.isIP(a) !== 0 && isLoopback(a)),
  };
}

export const loopbackAllowed = () => loadEnv().APP_ENV === 'development';

/** A WHATWG fetch over safeFetch (openid-client's customFetch): checked addresses, capped time and size. */
export async function idpFetch(url: string, init: { method?: string; headers?: HeadersInit; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((v, k) => (headers[k] = v));
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new DomainError('invalid', 'Unsupported request to the identity provider.');
  let body: string | undefined;
  if (init.body instanceof URLSearchParams) {
    body = init.body.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (typeof init.body === 'string') body = init.body;
  else if (init.body != null) throw new DomainError('invalid', 'Unsupported request to the identity provider.');
  const res = await safeFetch(url, {
    ...idpFetchOptions(),
    method,
    headers: { 'user-agent': 'Leda-SSO/1.0', accept: headers.accept ?? 'application/json', ...headers },
    body,
    maxBytes: 512 * 1024,
    accept: ['application/json', 'application/jwk-set+json', 'application/jwt', 'application/samlmetadata+xml', 'application/xml', 'text/xml', 'text/plain'],
  });
  if (res.truncated) throw new DomainError('invalid', 'The identity provider answered with too much data.');
  return new Response(res.status === 204 ? null : new Uint8Array(res.body), { status: res.status, headers: { 'content-type': res.contentType } });
}

// --- settings ----------------------------------------------------------------------------------

export function normaliseDomain(raw: string): string {
  return raw.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
}

export const emailDomainOf = (email: string) => normaliseDomain(email.slice(email.lastIndexOf('@') + 1));

async function domainsOf(db: Db, organisationId: number) {
  const rows = await db.selectFrom('organisation_sso_domains').select('domain').where('organisation_id', '=', organisationId).orderBy('domain').execute();
  return rows.map((r) => r.domain);
}

export async function getSsoSettings(db: Db, organisationId: number): Promise<SsoSettingsView | null> {
  const row = await db.selectFrom('organisation_sso').selectAll().where('organisation_id', '=', organisationId).executeTakeFirst();
  if (!row) return null;
  return {
    organisationId,
    protocol: row.protocol,
    issuer: row.issuer,
    clientId: row.client_id,
    hasClientSecret: row.client_secret_enc !== null,
    metadataUrl: row.metadata_url,
    metadataXml: row.metadata_xml,
    emailDomains: await domainsOf(db, organisationId),
    ssoRequired: row.sso_required,
    defaultTeamId: row.default_team_id,
  };
}

/**
 * Saves (creates or replaces) the settings, in the caller's transaction. The default team must be an
 * enabled team of the organisation; a domain may belong to one organisation only; OIDC needs an
 * issuer, a client id and a secret (new or kept), SAML a metadata URL or XML. Returns before/after
 * views for the audit log (no secret in either).
 */
export async function saveSsoSettings(db: Db, input: SsoSettingsInput) {
  const before = await getSsoSettings(db, input.organisationId);
  const org = await db.selectFrom('organisations').select('id').where('id', '=', input.organisationId).executeTakeFirst();
  if (!org) throw new DomainError('not_found', 'Organisation not found.');
  if (input.defaultTeamId != null) {
    const team = await db
      .selectFrom('teams')
      .select('id')
      .where('id', '=', input.defaultTeamId)
      .where('organisation_id', '=', input.organisationId)
      .where('is_disabled', '=', false)
      .executeTakeFirst();
    if (!team) throw new DomainError('invalid', 'The default team must be an enabled team of this organisation.');
  }
  const domains = [...new Set(input.emailDomains.map(normaliseDomain).filter(Boolean))];
  if (domains.length === 0) throw new DomainError('invalid', 'Enter at least one email domain.');
  const taken = await db
    .selectFrom('organisation_sso_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('organisation_id', '<>', input.organisationId)
    .executeTakeFirst();
  if (taken) throw new DomainError('conflict', SSO_DOMAIN_TAKEN(taken.domain));
  const oidc = input.protocol === 'oidc';
  const secret = input.clientSecret?.trim() ? encryptSecret(input.clientSecret.trim(), input.organisationId) : null;
  const storedSecret = oidc ? (secret ?? (before?.protocol === 'oidc' ? ((await storedSecretOf(db, input.organisationId)) ?? null) : null)) : null;
  if (oidc && (!input.issuer || !input.clientId)) throw new DomainError('invalid', 'OpenID Connect needs the issuer URL and the client id.');
  if (oidc && !storedSecret) throw new DomainError('invalid', 'OpenID Connect needs the client secret.');
  if (!oidc && !input.metadataUrl && !input.metadataXml) throw new DomainError('invalid', 'SAML needs the identity provider’s metadata URL or XML.');
  const values = {
    organisation_id: input.organisationId,
    protocol: input.protocol,
    issuer: oidc ? (input.issuer ?? null) : null,
    client_id: oidc ? (input.clientId ?? null) : null,
    client_secret_enc: storedSecret,
    metadata_url: oidc ? null : (input.metadataUrl ?? null),
    metadata_xml: oidc ? null : (input.metadataXml ?? null),
    sso_required: input.ssoRequired,
    default_team_id: input.defaultTeamId ?? null,
    updated_at: new Date(),
  };
  await db
    .insertInto('organisation_sso')
    .values(values)
    .onConflict((oc) => {
      const { organisation_id: _id, ...rest } = values;
      return oc.column('organisation_id').doUpdateSet(rest);
    })
    .execute();
  await db.deleteFrom('organisation_sso_domains').where('organisation_id', '=', input.organisationId).execute();
  await db
    .insertInto('organisation_sso_domains')
    .values(domains.map((domain) => ({ domain, organisation_id: input.organisationId })))
    .execute();
  return { before, after: await getSsoSettings(db, input.organisationId) };
}

async function storedSecretOf(db: Db, organisationId: number) {
  const row = await db.selectFrom('organisation_sso').select('client_secret_enc').where('organisation_id', '=', organisationId).executeTakeFirst();
  return row?.client_secret_enc ?? null;
}

/** Turns the organisation's single sign-on off (its domains go with it). */
export async function removeSsoSettings(db: Db, organisationId: number) {
  const before = await getSsoSettings(db, organisationId);
  await db.deleteFrom('organisation_sso').where('organisation_id', '=', organisationId).execute();
  return { before };
}

// Read on every view of the login page: built and compiled once (prepared).
const anySsoDomain = prepared((db) => db.selectFrom('organisation_sso_domains').select('domain').limit(1));
/** Whether any organisation signs in through its own identity provider (the login page then asks for the email first). */
export async function anySsoConfigured(db: Db): Promise<boolean> {
  return (await anySsoDomain(db)).length > 0;
}

/** The connection for an email's domain, or null when the domain has no single sign-on. */
export async function ssoConnectionForEmail(db: Db, email: string): Promise<SsoConnection | null> {
  const row = await db
    .selectFrom('organisation_sso_domains')
    .select('organisation_id')
    .where('domain', '=', emailDomainOf(email))
    .executeTakeFirst();
  return row ? ssoConnection(db, row.organisation_id) : null;
}

/** The organisation that signs in an email's domain through its identity provider (the login page names it), or null. */
export async function ssoOrganisationForEmail(db: Db, email: string): Promise<{ organisationId: number; name: string } | null> {
  const row = await db
    .selectFrom('organisation_sso_domains')
    .innerJoin('organisations', 'organisations.id', 'organisation_sso_domains.organisation_id')
    .select(['organisations.id', 'organisations.name'])
    .where('organisation_sso_domains.domain', '=', emailDomainOf(email))
    .executeTakeFirst();
  return row ? { organisationId: row.id, name: row.name } : null;
}

export async function ssoConnection(db: Db, organisationId: number): Promise<SsoConnection | null> {
  const view = await getSsoSettings(db, organisationId);
  if (!view) return null;
  const enc = await storedSecretOf(db, organisationId);
  const { hasClientSecret: _h, ...rest } = view;
  return { ...rest, clientSecret: enc ? decryptSecret(enc, organisationId) : null };
}

export const SSO_REQUIRED_MESSAGE = (organisationName: string) =>
  `${organisationName} signs in with its own company account. On the login page, enter your work email and choose Continue: you will be sent to your company’s sign-in page.`;

/**
 * Password sign-in is refused when SSO is required for the email's domain or for the person's
 * organisation (product admins keep their password: the way back in if an identity provider fails).
 * Returns the message that says where to sign in, or null.
 */
export async function passwordSignInRefusal(db: Db, input: { email: string; organisationId: number | null; isLedaAdmin: boolean }): Promise<string | null> {
  if (input.isLedaAdmin) return null;
  const domain = emailDomainOf(input.email);
  const row = await db
    .selectFrom('organisation_sso')
    .innerJoin('organisations', 'organisations.id', 'organisation_sso.organisation_id')
    .select('organisations.name')
    .where('organisation_sso.sso_required', '=', true)
    .where((eb) =>
      eb.or([
        eb('organisation_sso.organisation_id', 'in', eb.selectFrom('organisation_sso_domains').select('organisation_id').where('domain', '=', domain)),
        ...(input.organisationId !== null ? [eb('organisation_sso.organisation_id', '=', input.organisationId)] : []),
      ]),
    )
    .executeTakeFirst();
  return row ? SSO_REQUIRED_MESSAGE(row.name) : null;
}
