import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { announce } from '@modules/shared/events.server';
import { loadEnv } from '@modules/shared/env.server';
import { logger } from '@modules/shared/logger.server';
import { rateLimiter, tryConsume } from '@modules/shared/rate-limit.server';
import { addTeamUser, createUser } from './directory.server';
import { appHomePath, getCurrentUser, isAccessBlocked } from './permissions.server';
import { startSession } from './sessions.server';
import { hashToken, mintToken } from './tokens.server';
import { emailDomainOf, ssoConnection, ssoConnectionForEmail, type SsoConnection } from './sso-settings.server';
import type { SsoProtocol } from './constants';
import { oidcAuthorizationUrl, oidcExchange, randomOidcValues, type AssertedPerson } from './sso-oidc.server';
import { samlLoginRedirect, samlVerifyResponse } from './sso-saml.server';

/**
 * Sign-in through an organisation's identity provider (issue 26 s.1, decisions 289-293).
 *
 * State lives on the server (`sso_states`, keyed by the SHA-256 of a random state, 10 minutes, used
 * once) and the browser holds the state itself in an HttpOnly, SameSite=Lax cookie limited to
 * /auth/sso: the callback must bring both, so a sign-in started in another browser (login CSRF)
 * fails. SAML's POST arrives cross-site without the cookie: it is verified, its person parked on the
 * state, and the browser is sent (303) to the callback, where the cookie comes along and the
 * sign-in finishes. Replays: the state is used once, and every OIDC code and SAML assertion id is
 * kept in `sso_replays` until it could no longer be valid.
 */
declare module '@modules/shared/events.server' {
  interface DomainEvents {
    /** identity: someone signed in through their organisation's identity provider (admin writes the audit log). */
    'sso.signedIn': {
      fact: { userId: number; organisationId: number; protocol: SsoProtocol; created: boolean; linked: boolean };
      answer: void;
    };
  }
}

export const SSO_STATE_COOKIE = 'leda_sso';
const SSO_STARTS_PER_MINUTE = 30;
const STATE_TTL_MS = 10 * 60 * 1000;
export const SSO_FAILED = 'This sign-in could not be completed. Please start again from the login page.';
export const SSO_OUTSIDE_DOMAINS = 'Your company account’s email is not one of your organisation’s email domains in Leda. Please ask your IT team.';
export const SSO_OTHER_ORGANISATION = 'This email address belongs to another organisation in Leda. Please ask your administrator.';

const publicUrl = () => loadEnv().PUBLIC_URL;
export const ssoCallbackUrl = () => `${publicUrl()}/auth/sso/callback`;

function stateCookie(value: string, maxAgeSeconds: number) {
  const secure = loadEnv().APP_ENV !== 'development' ? '; Secure' : '';
  return `${SSO_STATE_COOKIE}=${value}; Path=/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}
export const clearSsoStateCookie = () => stateCookie('', 0);

function readStateCookie(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === SSO_STATE_COOKIE) return v.join('=') || null;
  }
  return null;
}

const sameString = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function pruneExpired(db: Db) {
  const now = new Date();
  await db.deleteFrom('sso_states').where('expires_at', '<', now).execute();
  await db.deleteFrom('sso_replays').where('expires_at', '<', now).execute();
}

/** Records a code or assertion id as used; false when it was used before (a replay). */
async function firstUse(db: Db, kind: 'saml-assertion' | 'oidc-code', value: string, until: Date) {
  const row = await db
    .insertInto('sso_replays')
    .values({ kind, value_hash: hashToken(value), expires_at: until })
    .onConflict((oc) => oc.columns(['kind', 'value_hash']).doNothing())
    .returning('value_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * GET /auth/sso?email=…: where the browser goes next. Null when the email's domain has no single
 * sign-on (the caller shows the password form). `thenTo` must already be a safe path.
 */
export async function startSso(db: Db, input: { email: string; thenTo: string | null; clientIp: string }): Promise<{ redirectUrl: string; setCookie: string } | null> {
  const conn = await ssoConnectionForEmail(db, input.email);
  if (!conn) return null;
  // Each start stores a state and may reach the IdP: 30 a minute for one client address.
  if (!(await tryConsume(rateLimiter('sso-start', SSO_STARTS_PER_MINUTE, 60), [`ip:${input.clientIp}`]))) {
    throw new DomainError('rate_limited', 'Too many sign-in attempts. Please wait a minute and try again.');
  }
  await pruneExpired(db);
  const base = { organisation_id: conn.organisationId, protocol: conn.protocol, then_to: input.thenTo, email_hint: input.email.trim().toLowerCase(), expires_at: new Date(Date.now() + STATE_TTL_MS) };
  if (conn.protocol === 'oidc') {
    const { state, nonce, codeVerifier } = randomOidcValues();
    const redirectUrl = await oidcAuthorizationUrl(conn, { redirectUri: ssoCallbackUrl(), state, nonce, codeVerifier, loginHint: base.email_hint });
    await db.insertInto('sso_states').values({ ...base, state_hash: hashToken(state), nonce, code_verifier: codeVerifier }).execute();
    return { redirectUrl, setCookie: stateCookie(state, STATE_TTL_MS / 1000) };
  }
  const { token: state, tokenHash } = mintToken();
  const { requestId, url } = await samlLoginRedirect(conn, { publicUrl: publicUrl(), relayState: state });
  await db.insertInto('sso_states').values({ ...base, state_hash: tokenHash, request_id: requestId }).execute();
  return { redirectUrl: url, setCookie: stateCookie(state, STATE_TTL_MS / 1000) };
}

async function stateRow(db: Db, state: string) {
  return db.selectFrom('sso_states').selectAll().where('state_hash', '=', hashToken(state)).where('expires_at', '>', new Date()).where('used_at', 'is', null).executeTakeFirst();
}

/** Uses the state up (once: a second callback with it finds nothing). */
async function spendState(db: Db, state: string) {
  const row = await db
    .updateTable('sso_states')
    .set({ used_at: new Date() })
    .where('state_hash', '=', hashToken(state))
    .where('expires_at', '>', new Date())
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new DomainError('invalid', SSO_FAILED);
  return row;
}

export type SsoSignInResult =
  | { status: 'ok'; setCookie: string; thenTo: string | null; homePath: string }
  | { status: 'locked' };

/**
 * POST /auth/sso/saml {SAMLResponse, RelayState}: verifies the response against the sign-in the
 * RelayState names and parks the person on it. Returns the callback path to send the browser to.
 */
export async function acceptSamlResponse(db: Db, input: { samlResponse: string; relayState: string }): Promise<string> {
  const row = await stateRow(db, input.relayState);
  if (!row || row.protocol !== 'saml' || !row.request_id || row.asserted_email) throw new DomainError('invalid', SSO_FAILED);
  const conn = await ssoConnection(db, row.organisation_id);
  if (!conn || conn.protocol !== 'saml') throw new DomainError('invalid', SSO_FAILED);
  let person: Awaited<ReturnType<typeof samlVerifyResponse>>;
  try {
    person = await samlVerifyResponse(conn, { publicUrl: publicUrl(), samlResponse: input.samlResponse, expectedRequestId: row.request_id });
  } catch (error) {
    logger().warn({ err: error instanceof DomainError ? error.cause : error, organisationId: conn.organisationId }, 'saml response refused');
    throw error;
  }
  if (!(await firstUse(db, 'saml-assertion', `${conn.organisationId}:${person.assertionId}`, new Date(person.notOnOrAfter.getTime() + 120_000)))) {
    logger().warn({ organisationId: conn.organisationId }, 'saml assertion replayed');
    throw new DomainError('invalid', SSO_FAILED);
  }
  checkDomain(conn, person);
  const parked = await db
    .updateTable('sso_states')
    .set({ asserted_email: person.email.toLowerCase(), asserted_first_name: person.firstName?.slice(0, 200) ?? null, asserted_last_name: person.lastName?.slice(0, 200) ?? null })
    .where('state_hash', '=', row.state_hash)
    .where('asserted_email', 'is', null)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(parked.numUpdatedRows) !== 1) throw new DomainError('invalid', SSO_FAILED);
  return `/auth/sso/callback?state=${encodeURIComponent(input.relayState)}`;
}

/** GET /auth/sso/callback: finishes an OIDC sign-in (code) or a SAML one (parked person); the state cookie must match. */
export async function finishSso(db: Db, input: { url: URL; cookieHeader: string | null }): Promise<SsoSignInResult> {
  const state = input.url.searchParams.get('state');
  const fromCookie = readStateCookie(input.cookieHeader);
  if (!state || !fromCookie || !sameString(state, fromCookie)) throw new DomainError('invalid', SSO_FAILED);
  const row = await spendState(db, state);
  const conn = await ssoConnection(db, row.organisation_id);
  if (!conn || conn.protocol !== row.protocol) throw new DomainError('invalid', SSO_FAILED);
  let person: AssertedPerson;
  if (row.protocol === 'saml') {
    if (!row.asserted_email) throw new DomainError('invalid', SSO_FAILED);
    person = { email: row.asserted_email, emailVerified: true, firstName: row.asserted_first_name, lastName: row.asserted_last_name };
  } else {
    const error = input.url.searchParams.get('error');
    if (error) throw new DomainError('invalid', 'Your company’s sign-in was cancelled or refused. Please try again.');
    const code = input.url.searchParams.get('code');
    if (!code || !row.nonce || !row.code_verifier) throw new DomainError('invalid', SSO_FAILED);
    if (!(await firstUse(db, 'oidc-code', `${conn.organisationId}:${code}`, new Date(Date.now() + STATE_TTL_MS)))) throw new DomainError('invalid', SSO_FAILED);
    const callbackUrl = new URL(`${ssoCallbackUrl()}${input.url.search}`);
    try {
      person = await oidcExchange(conn, { callbackUrl, state, nonce: row.nonce, codeVerifier: row.code_verifier });
    } catch (err) {
      logger().warn({ err: err instanceof DomainError ? (err.cause ?? err) : err, organisationId: conn.organisationId }, 'oidc callback refused');
      throw err;
    }
    // email_verified: false is refused; absent (Entra ID sends none) is taken on the domain's word (decision 291).
    if (person.emailVerified === false) throw new DomainError('invalid', SSO_OUTSIDE_DOMAINS);
  }
  checkDomain(conn, person);
  return signInPerson(db, conn, person, row.then_to);
}

function checkDomain(conn: SsoConnection, person: AssertedPerson) {
  if (!conn.emailDomains.includes(emailDomainOf(person.email))) throw new DomainError('invalid', SSO_OUTSIDE_DOMAINS);
}

function namesFrom(person: AssertedPerson) {
  const local = person.email.slice(0, person.email.indexOf('@'));
  const parts = local.split(/[._-]+/).filter(Boolean).map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return {
    firstName: (person.firstName?.trim() || parts[0] || local).slice(0, 100),
    lastName: (person.lastName?.trim() || parts.slice(1).join(' ') || '-').slice(0, 100),
  };
}

/**
 * Just-in-time accounts (decision 291): an unknown email of a verified domain gets an account in the
 * organisation (identity's createUser), in its default team, so with its licence; a known email
 * without an organisation is linked to it; an email of another organisation is refused. A locked
 * account, or one whose licence expired, does not get a session.
 */
async function signInPerson(db: Db, conn: SsoConnection, person: AssertedPerson, thenTo: string | null): Promise<SsoSignInResult> {
  const email = person.email.trim().toLowerCase();
  const { userId, created, linked } = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'organisation_id', 'is_leda_admin', 'erased_at'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    if (existing) {
      if (existing.erased_at) throw new DomainError('invalid', SSO_FAILED);
      if (existing.organisation_id !== null && existing.organisation_id !== conn.organisationId) throw new DomainError('forbidden', SSO_OTHER_ORGANISATION);
      const link = existing.organisation_id === null && !existing.is_leda_admin;
      await trx
        .updateTable('users')
        .set({ is_verified: true, ...(link ? { organisation_id: conn.organisationId } : {}) })
        .where('id', '=', existing.id)
        .execute();
      return { userId: existing.id, created: false, linked: link };
    }
    const names = namesFrom(person);
    const id = await createUser(trx, { email, firstName: names.firstName, lastName: names.lastName, organisationId: conn.organisationId });
    await trx.updateTable('users').set({ is_verified: true }).where('id', '=', id).execute();
    if (conn.defaultTeamId !== null) {
      const team = await trx.selectFrom('teams').select('id').where('id', '=', conn.defaultTeamId).where('organisation_id', '=', conn.organisationId).where('is_disabled', '=', false).executeTakeFirst();
      if (team) await addTeamUser(trx, { teamId: team.id, userId: id });
    }
    return { userId: id, created: true, linked: false };
  });
  const current = await getCurrentUser(db, userId);
  if (!current || isAccessBlocked(current)) return { status: 'locked' };
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
  const session = await startSession(userId);
  await announce(db, 'sso.signedIn', { userId, organisationId: conn.organisationId, protocol: conn.protocol, created, linked }, { isolate: true });
  return { status: 'ok', setCookie: session.setCookie, thenTo, homePath: appHomePath(current) };
}

/** The messages a failed sign-in may show, by a short code (the SAML post answers with a redirect that names one). */
const SSO_MESSAGES: Record<string, string> = {
  failed: SSO_FAILED,
  domain: SSO_OUTSIDE_DOMAINS,
  other: SSO_OTHER_ORGANISATION,
};
export function ssoFailureCode(error: DomainError): string {
  return Object.entries(SSO_MESSAGES).find(([, m]) => m === error.message)?.[0] ?? 'failed';
}
export const ssoFailureMessage = (code: string | null) => (code && Object.hasOwn(SSO_MESSAGES, code) ? SSO_MESSAGES[code]! : SSO_FAILED);
