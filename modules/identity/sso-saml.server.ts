import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';
import { DomainError } from '@modules/shared/errors';
import { idpFetch, type SsoConnection } from './sso-settings.server';
import type { AssertedPerson } from './sso-oidc.server';

/**
 * The SAML 2.0 service provider, all protocol work by samlify: the AuthnRequest (HTTP-Redirect), the
 * Response (HTTP-POST) parsed against the XML schema (node-xmllint, no Java), its signature verified
 * with the IdP metadata's certificate (unsigned is refused), the issuer and the time window checked.
 * On top, what samlify leaves to the caller: exactly one assertion, the audience (our entity id), the
 * recipient and destination (our ACS URL) and InResponseTo (the request this sign-in started).
 */
samlify.setSchemaValidator(xmllint);

export const samlEntityId = (publicUrl: string) => `${publicUrl}/auth/sso/saml`;
export const samlAcsUrl = (publicUrl: string) => `${publicUrl}/auth/sso/saml`;

export function serviceProvider(publicUrl: string) {
  return samlify.ServiceProvider({
    entityID: samlEntityId(publicUrl),
    authnRequestsSigned: false,
    wantAssertionsSigned: true,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: samlAcsUrl(publicUrl) }],
    clockDrifts: [-60_000, 60_000],
  });
}

/** The metadata IdP administrators ask for (served at GET /auth/sso/saml). */
export const serviceProviderMetadata = (publicUrl: string) => serviceProvider(publicUrl).getMetadata();

const metadataCache = new Map<string, { at: number; xml: Promise<string> }>();

async function idpMetadataXml(conn: SsoConnection): Promise<string> {
  if (conn.metadataXml) return conn.metadataXml;
  if (!conn.metadataUrl) throw new DomainError('invalid', 'Single sign-on is not set up completely for this organisation.');
  const hit = metadataCache.get(conn.metadataUrl);
  if (hit && Date.now() - hit.at < 10 * 60 * 1000) return hit.xml;
  const xml = idpFetch(conn.metadataUrl, { headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } }).then(async (res) => {
    if (res.status !== 200) throw new DomainError('invalid', 'The identity provider’s metadata could not be read.');
    return res.text();
  });
  xml.catch(() => metadataCache.delete(conn.metadataUrl!));
  metadataCache.set(conn.metadataUrl, { at: Date.now(), xml });
  return xml;
}

async function identityProvider(conn: SsoConnection) {
  try {
    return samlify.IdentityProvider({ metadata: await idpMetadataXml(conn), wantAuthnRequestsSigned: false });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid', 'The identity provider’s metadata could not be read.', { cause: error });
  }
}

/** The IdP URL to send the browser to (HTTP-Redirect binding) and the request's ID (the answer's InResponseTo). */
export async function samlLoginRedirect(conn: SsoConnection, input: { publicUrl: string; relayState: string }) {
  const idp = await identityProvider(conn);
  const sp = serviceProvider(input.publicUrl);
  const { id, context } = sp.createLoginRequest(idp, 'redirect', { relayState: input.relayState }) as { id: string; context: string };
  return { requestId: id, url: context };
}

export const SAML_REFUSED = 'Your company’s sign-in could not be verified. Please try again.';

const one = (v: unknown): string | null => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : null);

/**
 * Verifies a posted SAMLResponse. Returns the person and the assertion's id and expiry (for the replay
 * ledger); throws a DomainError otherwise (the reason goes to the logs through `cause`).
 */
export async function samlVerifyResponse(
  conn: SsoConnection,
  input: { publicUrl: string; samlResponse: string; expectedRequestId: string },
): Promise<AssertedPerson & { assertionId: string; notOnOrAfter: Date }> {
  const idp = await identityProvider(conn);
  const sp = serviceProvider(input.publicUrl);
  const fail = (reason: string, cause?: unknown) => new DomainError('invalid', SAML_REFUSED, { cause: cause ?? new Error(reason) });
  let result: Awaited<ReturnType<typeof sp.parseLoginResponse>>;
  try {
    result = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: input.samlResponse } });
  } catch (error) {
    throw fail('samlify refused the response', error);
  }
  const xml = result.samlContent;
  // One assertion, so that what is read below is the assertion whose signature was checked.
  if ((xml.match(/<(?:[\w-]+:)?Assertion[\s>]/g) ?? []).length !== 1) throw fail('not exactly one assertion');
  const more = samlify.Extractor.extract(xml, [
    { key: 'assertion', localPath: ['Response', 'Assertion'], attributes: ['ID'] },
    {
      key: 'confirmation',
      localPath: ['Response', 'Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'],
      attributes: ['Recipient', 'NotOnOrAfter', 'InResponseTo'],
    },
  ]) as { assertion?: string | { id?: string }; confirmation?: { recipient?: string; notOnOrAfter?: string; inResponseTo?: string } };
  const extract = result.extract as {
    audience?: string | string[];
    response?: { destination?: string; inResponseTo?: string };
    conditions?: { notOnOrAfter?: string };
    nameID?: string;
    attributes?: Record<string, unknown>;
  };
  const acs = samlAcsUrl(input.publicUrl);
  const audiences = Array.isArray(extract.audience) ? extract.audience : [extract.audience];
  if (!audiences.includes(samlEntityId(input.publicUrl))) throw fail('audience');
  if (extract.response?.destination && extract.response.destination !== acs) throw fail('destination');
  if (more.confirmation?.recipient !== acs) throw fail('recipient');
  if (more.confirmation?.inResponseTo !== input.expectedRequestId) throw fail('InResponseTo');
  if (extract.response?.inResponseTo && extract.response.inResponseTo !== input.expectedRequestId) throw fail('InResponseTo of the response');
  const confirmUntil = more.confirmation?.notOnOrAfter ? new Date(more.confirmation.notOnOrAfter) : null;
  if (!confirmUntil || Number.isNaN(confirmUntil.getTime()) || confirmUntil.getTime() + 60_000 < Date.now()) throw fail('subject confirmation expired');
  const assertionId = typeof more.assertion === 'string' ? more.assertion : more.assertion?.id;
  if (!assertionId) throw fail('assertion without an ID');
  const attrs = extract.attributes ?? {};
  const email = one(attrs.email) ?? one(attrs['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress']) ?? one(extract.nameID);
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new DomainError('invalid', 'Your company’s sign-in did not say your email address. Please ask your IT team.');
  const conditionsUntil = extract.conditions?.notOnOrAfter ? new Date(extract.conditions.notOnOrAfter) : confirmUntil;
  return {
    email,
    emailVerified: true,
    firstName: one(attrs.firstName) ?? one(attrs.givenName) ?? one(attrs['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname']),
    lastName: one(attrs.lastName) ?? one(attrs.surname) ?? one(attrs['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname']),
    assertionId,
    notOnOrAfter: new Date(Math.max(conditionsUntil.getTime(), confirmUntil.getTime())),
  };
}
