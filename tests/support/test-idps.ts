import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';
import Provider from 'oidc-provider';

/**
 * Real identity providers on loopback for the SSO tests (issue 26 s.1): oidc-provider (a certified
 * OpenID Provider) and a SAML 2.0 IdP built with samlify. Each has a tiny sign-in page (an email field
 * and a button, plain HTML forms) so a browser can go through it with JavaScript on or off, and
 * helpers that play the person at the IdP without a browser for the integration tests.
 */
samlify.setSchemaValidator(xmllint);

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test IdP</title></head><body><main>${body}</main></body></html>`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

// --- OpenID Connect --------------------------------------------------------------------------

export interface TestOidcProvider {
  /** The issuer Leda is configured with. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * oidc-provider with one confidential client (code flow, PKCE required). `issuerName` lets a test
 * serve metadata naming another issuer than the URL it answers on (the wrong-issuer case).
 */
export async function startOidcProvider(input: { redirectUri: string; issuerName?: (url: string) => string }): Promise<TestOidcProvider> {
  const server = http.createServer();
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  const clientId = `leda-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const provider = new Provider(input.issuerName ? input.issuerName(url) : url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [input.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, given_name: 'Ida', family_name: 'Provider' }),
    }),
    cookies: { keys: ['leda-test-oidc-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!m) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!m[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            html(`<h1>Test OpenID Provider</h1><form method="post" action="/interaction/${esc(details.uid)}/login"><label for="email">Company email</label> <input id="email" name="email" type="email" value="${esc(details.params.login_hint ?? '')}"> <button type="submit">Sign in at the IdP</button></form>`),
          );
          return;
        }
        const email = (await readBody(req)).get('email') ?? '';
        const grant = new provider.Grant({ accountId: email, clientId: details.params.client_id });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    })();
  });
  return { issuer: url, clientId, clientSecret, close: () => new Promise((r) => server.close(() => r())) };
}

/** A tiny cookie jar for following an IdP's redirects without a browser. */
class Jar {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1));
    }
  }
}

/**
 * Plays the person at the OpenID Provider: from Leda's authorization URL to the callback URL the
 * provider sends the browser back to (with code and state), signing in as `email`.
 */
export async function signInAtOidcProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let i = 0; i < 10; i++) {
    const isLogin = /\/interaction\/[\w-]+$/.test(new URL(url).pathname);
    const res = isLogin
      ? await fetch(`${url}/login`, { method: 'POST', redirect: 'manual', headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }) })
      : await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`The OpenID Provider stopped at ${url} (${res.status}): ${(await res.text()).slice(0, 300)}`);
    const next = new URL(location, url);
    if (next.pathname === '/auth/sso/callback') return next;
    url = next.toString();
  }
  throw new Error('Too many redirects at the OpenID Provider');
}

// --- SAML 2.0 ---------------------------------------------------------------------------------

export interface TestSamlIdp {
  /** Where its metadata is served (Leda's metadataUrl). */
  metadataUrl: string;
  metadataXml: string;
  /** A signed (or, with `unsigned`, an unsigned) SAMLResponse to the AuthnRequest in Leda's redirect URL. */
  respond(redirectUrl: string, email: string, opts?: { unsigned?: boolean; expired?: boolean; audience?: string }): Promise<{ SAMLResponse: string; RelayState: string }>;
  close(): Promise<void>;
}

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A samlify IdP (signs its assertions with the key in tests/support/fixtures) on loopback; `spMetadata` is Leda's. */
export async function startSamlIdp(input: { spMetadata: string }): Promise<TestSamlIdp> {
  const server = http.createServer();
  const port = await listen(server);
  const base = `http://127.0.0.1:${port}`;
  const idp = samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey: fs.readFileSync(path.join(fixtures, 'saml-idp.key')),
    signingCert: fs.readFileSync(path.join(fixtures, 'saml-idp.crt')),
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${base}/sso` }],
    nameIDFormat: [EMAIL_FORMAT],
    wantAuthnRequestsSigned: false,
  });
  const sp = samlify.ServiceProvider({ metadata: input.spMetadata });
  const metadataXml = idp.getMetadata();

  async function respond(redirectUrl: string, email: string, opts: { unsigned?: boolean; expired?: boolean; audience?: string } = {}) {
    const url = new URL(redirectUrl);
    const query = Object.fromEntries(url.searchParams);
    const request = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: '' } as never);
    const requestId = (request.extract as { request: { id: string } }).request.id;
    const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const tags = (id: string) => ({
      ID: id,
      AssertionID: `_${randomUUID()}`,
      Destination: acs,
      Audience: opts.audience ?? sp.entityMeta.getEntityID(),
      EntityID: sp.entityMeta.getEntityID(),
      SubjectRecipient: acs,
      Issuer: idp.entityMeta.getEntityID(),
      IssueInstant: at(opts.expired ? -3_600_000 : 0),
      AssertionConsumerServiceURL: acs,
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: at(opts.expired ? -3_600_000 : 0),
      ConditionsNotOnOrAfter: at(opts.expired ? -3_000_000 : 300_000),
      SubjectConfirmationDataNotOnOrAfter: at(opts.expired ? -3_000_000 : 300_000),
      NameIDFormat: EMAIL_FORMAT,
      NameID: email,
      InResponseTo: requestId,
      AuthnStatement: '',
      AttributeStatement: '',
    });
    const template = samlify.SamlLib.defaultLoginResponseTemplate.context;
    if (opts.unsigned) {
      return { SAMLResponse: Buffer.from(samlify.SamlLib.replaceTagsByValue(template, tags(`_${randomUUID()}`))).toString('base64'), RelayState: url.searchParams.get('RelayState') ?? '' };
    }
    const { context } = await idp.createLoginResponse(sp, request as never, 'post', { email }, (t: string) => {
      const id = `_${randomUUID()}`;
      return { id, context: samlify.SamlLib.replaceTagsByValue(t, tags(id)) };
    });
    return { SAMLResponse: context, RelayState: url.searchParams.get('RelayState') ?? '' };
  }

  server.on('request', (req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', base);
        if (url.pathname === '/metadata') {
          res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
          res.end(metadataXml);
        } else if (url.pathname === '/sso' && req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            html(
              `<h1>Test SAML IdP</h1><form method="post" action="/sso/login"><input type="hidden" name="request" value="${esc(url.toString())}"><label for="email">Company email</label> <input id="email" name="email" type="email"> <button type="submit">Sign in at the IdP</button></form>`,
            ),
          );
        } else if (url.pathname === '/sso/login' && req.method === 'POST') {
          const form = await readBody(req);
          const answer = await respond(form.get('request') ?? '', form.get('email') ?? '');
          const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
          // The HTTP-POST binding: a form the browser posts to Leda (a button, so the same page works without JavaScript).
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            html(
              `<form id="saml" method="post" action="${esc(acs)}"><input type="hidden" name="SAMLResponse" value="${esc(answer.SAMLResponse)}"><input type="hidden" name="RelayState" value="${esc(answer.RelayState)}"><button type="submit">Continue to Leda</button></form>`,
            ),
          );
        } else {
          res.writeHead(404);
          res.end();
        }
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    })();
  });
  return { metadataUrl: `${base}/metadata`, metadataXml, respond, close: () => new Promise((r) => server.close(() => r())) };
}
