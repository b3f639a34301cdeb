import * as client from 'openid-client';
import { DomainError } from '@modules/shared/errors';
import { idpFetch, loopbackAllowed, type SsoConnection } from './sso-settings.server';

/**
 * The OpenID Connect relying party, all protocol work by openid-client (v6, certified): discovery,
 * the authorization URL (code flow, PKCE S256, state, nonce) and the code exchange, which checks the
 * state, the issuer, the audience, the nonce, the times and (enableNonRepudiationChecks) the ID
 * token's signature with the IdP's published keys. Every request goes through the SSRF-safe fetch.
 */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const configs = new Map<string, { at: number; config: Promise<client.Configuration> }>();

export const SSO_IDP_UNREACHABLE = 'Your company’s sign-in service could not be reached. Please try again later or ask your IT team.';

async function discover(conn: SsoConnection): Promise<client.Configuration> {
  if (!conn.issuer || !conn.clientId || !conn.clientSecret) throw new DomainError('invalid', 'Single sign-on is not set up completely for this organisation.');
  const issuer = new URL(conn.issuer);
  const insecure = issuer.protocol === 'http:';
  if (insecure && !loopbackAllowed()) throw new DomainError('invalid', 'The issuer URL must use https.');
  const config = await client.discovery(issuer, conn.clientId, conn.clientSecret, undefined, {
    [client.customFetch]: idpFetch as client.CustomFetch,
    // http is only reachable on loopback in development (idpFetchOptions): https everywhere else.
    execute: insecure ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
  config[client.customFetch] = idpFetch as client.CustomFetch;
  client.enableNonRepudiationChecks(config);
  return config;
}

/** One discovery per organisation and settings for ten minutes (a failed one is forgotten at once). */
export function oidcConfiguration(conn: SsoConnection): Promise<client.Configuration> {
  const key = JSON.stringify([conn.organisationId, conn.issuer, conn.clientId, conn.clientSecret]);
  const hit = configs.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = discover(conn).catch((error: unknown) => {
    configs.delete(key);
    throw error instanceof DomainError ? error : new DomainError('invalid', SSO_IDP_UNREACHABLE, { cause: error });
  });
  configs.set(key, { at: Date.now(), config });
  return config;
}

export async function oidcAuthorizationUrl(
  conn: SsoConnection,
  input: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint: string | null },
): Promise<string> {
  const config = await oidcConfiguration(conn);
  const params: Record<string, string> = {
    redirect_uri: input.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
    code_challenge_method: 'S256',
    state: input.state,
    nonce: input.nonce,
  };
  if (input.loginHint) params.login_hint = input.loginHint;
  return client.buildAuthorizationUrl(config, params).href;
}

export interface AssertedPerson {
  email: string;
  /** null: the IdP did not say. */
  emailVerified: boolean | null;
  firstName: string | null;
  lastName: string | null;
}

/** Exchanges the code; any failed check is a DomainError the callback shows (never the library's text). */
export async function oidcExchange(
  conn: SsoConnection,
  input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
): Promise<AssertedPerson> {
  const config = await oidcConfiguration(conn);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Providers that keep the profile out of the ID token (oidc-provider, some Okta set-ups) answer it at
    // userinfo; openid-client checks that its subject is the ID token's.
    if (idToken && typeof idToken.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    }
  } catch (error) {
    throw new DomainError('invalid', 'Your company’s sign-in could not be verified. Please try again.', { cause: error });
  }
  if (!claims) throw new DomainError('invalid', 'Your company’s sign-in could not be verified. Please try again.');
  const email = typeof claims.email === 'string' ? claims.email : null;
  if (!email) throw new DomainError('invalid', 'Your company’s sign-in did not say your email address. Please ask your IT team.');
  return {
    email,
    emailVerified: claims.email_verified === undefined ? null : claims.email_verified === true || claims.email_verified === 'true',
    firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
  };
}

export const randomOidcValues = () => ({ state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() });
