import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { loader as startLoader } from './sso._index';
import { loader as callbackLoader } from './sso.callback';
import { action as samlAction, loader as samlMetadataLoader } from './sso.saml';
import { action as loginAction, loader as loginLoader } from './login';
import { action as saveSsoApi } from '../api+/admin+/saveOrganisationSso';
import { action as editorAction, loader as editorLoader } from '../admin+/organisation-editor.($organisationId)';
import { args, formRequest, getRequest, jsonRequest, run } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { signInAtOidcProvider, startOidcProvider, startSamlIdp, type TestOidcProvider, type TestSamlIdp } from '../../../tests/support/test-idps';
import { getDb } from '@modules/shared/index.server';

/**
 * Single sign-on end to end through the routes (issue 26 s.1), against real identity providers on
 * loopback: oidc-provider and a samlify IdP. Each sign-in starts at GET /auth/sso?email=… and the
 * test plays the person at the IdP, then calls Leda's callback with what the browser would bring.
 */
const CALLBACK = 'http://localhost:3000/auth/sso/callback';
let op: TestOidcProvider;
let samlIdp: TestSamlIdp;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUri: CALLBACK });
  samlIdp = await startSamlIdp({ spMetadata: await (await samlMetadataLoader()).text() });
});
afterAll(async () => {
  await op?.close();
  await samlIdp?.close();
});

const domain = () => `${randomUUID().slice(0, 8)}.example.com`;

async function productAdminToken() {
  const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
  return (await signIn(admin.userId)).token;
}

async function oidcOrganisation(opts: { ssoRequired?: boolean; issuer?: string } = {}) {
  const { teamId, organisationId } = await makeTeam();
  const d = domain();
  const token = await productAdminToken();
  const res = await run(() =>
    saveSsoApi(
      args(
        jsonRequest(
          '/api/admin/saveOrganisationSso',
          { organisationId, protocol: 'oidc', issuer: opts.issuer ?? op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, emailDomains: [d], ssoRequired: opts.ssoRequired ?? false, defaultTeamId: teamId },
          { token },
        ),
      ),
    ),
  );
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return { organisationId, teamId, domain: d };
}

async function samlOrganisation() {
  const { teamId, organisationId } = await makeTeam();
  const d = domain();
  const body = { organisationId, protocol: 'saml', metadataUrl: samlIdp.metadataUrl, emailDomains: [d], ssoRequired: true, defaultTeamId: teamId };
  const anonymous = await run(() => saveSsoApi(args(jsonRequest('/api/admin/saveOrganisationSso', body))));
  expect(anonymous.status).toBe(403);
  const saved = await run(async () => saveSsoApi(args(jsonRequest('/api/admin/saveOrganisationSso', body, { token: await productAdminToken() }))));
  expect(saved.status, JSON.stringify(saved.data)).toBe(200);
  return { organisationId, teamId, domain: d };
}

/** GET /auth/sso?email=…: the IdP URL and the state cookie. */
async function start(email: string, thenTo?: string) {
  const q = new URLSearchParams({ email, ...(thenTo ? { thenTo } : {}) });
  const res = await run(() => startLoader(args(getRequest(`/auth/sso?${q}`))));
  expect(res.status, JSON.stringify(res.data)).toBe(302);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  expect(cookie).toMatch(/^leda_sso=/);
  return { idpUrl: res.location!, cookie };
}

const callback = (url: URL, cookie: string) => run(() => callbackLoader(args(getRequest(`${url.pathname}${url.search}`, { cookie }))));
const sessionCookieOf = (res: { headers: Headers }) => res.headers.getSetCookie?.().find((c) => c.startsWith('leda_session=')) ?? null;

async function userRow(email: string) {
  return getDb().selectFrom('users').select(['id', 'organisation_id', 'first_name']).where('email', '=', email).executeTakeFirst();
}

describe('OpenID Connect sign-in', () => {
  it('creates an unknown person just in time, in the default team, and follows thenTo', async () => {
    const org = await oidcOrganisation();
    const email = `new.person@${org.domain}`;
    const { idpUrl, cookie } = await start(email, '/app/explore?x=1');
    const idp = new URL(idpUrl);
    expect(idp.origin).toBe(op.issuer);
    expect(idp.searchParams.get('code_challenge_method')).toBe('S256');
    expect(idp.searchParams.get('nonce')).toBeTruthy();
    const back = await signInAtOidcProvider(idpUrl, email);
    const res = await callback(back, cookie);
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    expect(res.location).toBe('/app/explore?x=1');
    expect(sessionCookieOf(res)).toMatch(/leda_session=\w+/);
    const user = await userRow(email);
    expect(user?.organisation_id).toBe(org.organisationId);
    expect(user?.first_name).toBe('Ida');
    const team = await getDb().selectFrom('team_users').select('team_id').where('user_id', '=', user!.id).execute();
    expect(team.map((t) => t.team_id)).toEqual([org.teamId]);
    const audit = await getDb().selectFrom('audit_log').select(['action', 'actor_email']).where('entity_id', '=', String(user!.id)).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'user.create', actor_email: 'SSO' },
      { action: 'user.ssoSignIn', actor_email: 'SSO' },
    ]);
  });

  it('links a known email without an organisation, and refuses a replayed callback', async () => {
    const org = await oidcOrganisation();
    const known = await makeUser({ email: `known@${org.domain}`, organisationId: null });
    const { idpUrl, cookie } = await start(known.email);
    const back = await signInAtOidcProvider(idpUrl, known.email);
    const first = await callback(back, cookie);
    expect(first.location).toBe('/app/home');
    expect((await userRow(known.email))?.organisation_id).toBe(org.organisationId);
    const replay = await callback(back, cookie);
    expect(replay.status).toBe(400);
    expect(replay.data.errorMsg).toBe('This sign-in could not be completed. Please start again from the login page.');
    expect(sessionCookieOf(replay)).toBeNull();
  });

  it('refuses a state that is not the browser’s (login CSRF) and a missing cookie', async () => {
    const org = await oidcOrganisation();
    const email = `someone@${org.domain}`;
    const mine = await start(email);
    const theirs = await start(email);
    const back = await signInAtOidcProvider(theirs.idpUrl, email);
    const res = await callback(back, mine.cookie);
    expect(res.status).toBe(400);
    expect(sessionCookieOf(res)).toBeNull();
    expect((await callback(back, '')).status).toBe(400);
  });

  it('refuses an email outside the organisation’s domains', async () => {
    const org = await oidcOrganisation();
    const { idpUrl, cookie } = await start(`someone@${org.domain}`);
    const back = await signInAtOidcProvider(idpUrl, 'intruder@elsewhere.example.org');
    const res = await callback(back, cookie);
    expect(res.status).toBe(400);
    expect(res.data.errorMsg).toMatch(/not one of your organisation’s email domains/);
    expect(await userRow('intruder@elsewhere.example.org')).toBeUndefined();
  });

  it('does not let a locked person in', async () => {
    const org = await oidcOrganisation();
    const locked = await makeUser({ email: `locked@${org.domain}`, organisationId: org.organisationId, isLocked: true });
    const { idpUrl, cookie } = await start(locked.email);
    const res = await callback(await signInAtOidcProvider(idpUrl, locked.email), cookie);
    expect(res.location).toBe('/license-expired');
    expect(sessionCookieOf(res)).toBeNull();
  });

  it('refuses an identity provider whose metadata names another issuer', async () => {
    const wrong = await startOidcProvider({ redirectUri: CALLBACK, issuerName: (url) => url.replace('127.0.0.1', 'localhost') });
    try {
      const { teamId, organisationId } = await makeTeam();
      const d = domain();
      const token = await productAdminToken();
      const saved = await run(() =>
        saveSsoApi(args(jsonRequest('/api/admin/saveOrganisationSso', { organisationId, protocol: 'oidc', issuer: wrong.issuer, clientId: wrong.clientId, clientSecret: wrong.clientSecret, emailDomains: [d], ssoRequired: false, defaultTeamId: teamId }, { token }))),
      );
      expect(saved.status).toBe(200);
      const res = await run(() => startLoader(args(getRequest(`/auth/sso?email=${encodeURIComponent(`a@${d}`)}`))));
      expect(res.status).toBe(502);
      expect(res.data.errorMsg).toMatch(/could not be reached/);
    } finally {
      await wrong.close();
    }
  });
});

describe('SAML 2.0 sign-in', () => {
  async function samlStart(email: string, thenTo?: string) {
    const org = await samlOrganisation();
    const s = await start(email.replace('DOMAIN', org.domain), thenTo);
    return { org, ...s, email: email.replace('DOMAIN', org.domain) };
  }
  const post = (fields: { SAMLResponse: string; RelayState: string }) => run(() => samlAction(args(formRequest('/auth/sso/saml', fields))));

  it('signs a person in from a signed assertion, across the POST and the callback, keeping thenTo', async () => {
    const { org, idpUrl, cookie, email } = await samlStart('jane.doe@DOMAIN', '/app/team');
    const answer = await samlIdp.respond(idpUrl, email);
    const posted = await post(answer);
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/auth\/sso\/callback\?state=/);
    const res = await callback(new URL(posted.location!, 'http://localhost:3000'), cookie);
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    expect(res.location).toBe('/app/team');
    expect(sessionCookieOf(res)).toMatch(/leda_session=/);
    const user = await userRow(email);
    expect(user).toMatchObject({ organisation_id: org.organisationId, first_name: 'Jane' });
  });

  it('refuses a replayed assertion', async () => {
    const { idpUrl, email } = await samlStart('replay@DOMAIN');
    const answer = await samlIdp.respond(idpUrl, email);
    expect((await post(answer)).location).toMatch(/^\/auth\/sso\/callback\?state=/);
    const again = await post(answer);
    expect(again.location).toBe('/auth/sso?failed=failed');
  });

  it('refuses an unsigned, an expired and a wrong-audience assertion', async () => {
    for (const opts of [{ unsigned: true }, { expired: true }, { audience: 'https://someone-else.example/sp' }]) {
      const { idpUrl, email, cookie } = await samlStart('x@DOMAIN');
      const res = await post(await samlIdp.respond(idpUrl, email, opts));
      expect(res.location, JSON.stringify(opts)).toBe('/auth/sso?failed=failed');
      // Nothing was parked on the state: the callback has nobody to sign in.
      const cb = await callback(new URL(`/auth/sso/callback?state=${new URL(idpUrl).searchParams.get('RelayState')}`, 'http://localhost:3000'), cookie);
      expect(cb.status).toBe(400);
    }
    const page = await run(() => startLoader(args(getRequest('/auth/sso?failed=failed'))));
    expect(page.data.errorMsg).toBe('This sign-in could not be completed. Please start again from the login page.');
  });

  it('refuses password sign-in for a member when SSO is required, saying where to sign in', async () => {
    const org = await samlOrganisation();
    const member = await makeUser({ email: `member@${org.domain}`, organisationId: org.organisationId });
    const res = await run(() => loginAction(args(formRequest('/auth/login', { email: member.email, password: member.password }))));
    expect(res.status).toBe(400);
    expect(res.data.error['']![0]).toMatch(/signs in with its own company account.*enter your work email and choose Continue/);
    expect(sessionCookieOf(res)).toBeNull();
  });
});

describe('the login page with single sign-on somewhere', () => {
  it('asks for the email first; a company email gets the way to its sign-in, another the password form with the email kept', async () => {
    const org = await oidcOrganisation();
    const page = await run(() => loginLoader(args(getRequest('/auth/login'))));
    expect(page.data).toMatchObject({ emailFirst: true, ssoUrl: null });
    const company = await run(() => loginLoader(args(getRequest(`/auth/login?email=pat%40${org.domain}&thenTo=%2Fapp%2Fteam`))));
    expect(company.data).toMatchObject({ emailFirst: false, ssoUrl: `/auth/sso?email=pat%40${org.domain}&thenTo=%2Fapp%2Fteam` });
    expect(company.data.company).toMatch(/^Org /);
    const other = await run(() => startLoader(args(getRequest('/auth/sso?email=pat%40not-sso.example.net&thenTo=%2Fapp%2Fteam'))));
    expect(other.location).toBe('/auth/login?email=pat%40not-sso.example.net&thenTo=%2Fapp%2Fteam');
    const step2 = await run(() => loginLoader(args(getRequest(other.location!))));
    expect(step2.data).toMatchObject({ emailFirst: false, email: 'pat@not-sso.example.net' });
  });

  it('never answers the client secret', async () => {
    const org = await oidcOrganisation();
    const token = await productAdminToken();
    const res = await run(() =>
      saveSsoApi(args(jsonRequest('/api/admin/saveOrganisationSso', { organisationId: org.organisationId, protocol: 'oidc', issuer: op.issuer, clientId: op.clientId, emailDomains: [org.domain], ssoRequired: false }, { token }))),
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.data)).not.toContain(op.clientSecret);
    expect(res.data.sso).toMatchObject({ hasClientSecret: true, emailDomains: [org.domain] });
    const stored = await getDb().selectFrom('organisation_sso').select('client_secret_enc').where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();
    expect(stored.client_secret_enc).toMatch(/^v1\./);
    expect(stored.client_secret_enc).not.toContain(op.clientSecret);
  });

  it('is set in the organisation editor’s Sign-in section with a plain form, and shows the secret only as set', async () => {
    const { teamId, organisationId } = await makeTeam();
    const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
    const { cookie } = await signIn(admin.userId);
    const path = `/admin/organisation-editor/${organisationId}`;
    const params = { organisationId: String(organisationId) };
    const fields = { ssoIntent: 'save', protocol: 'oidc', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, emailDomains: 'editor-one.example, editor-two.example', ssoRequired: 'on', defaultTeamId: String(teamId) };
    const bad = await run(() => editorAction(args(formRequest(path, { ...fields, emailDomains: 'not a domain' }, { cookie }), params)));
    expect(bad.status).toBe(400);
    expect(bad.data.ssoError).toBe('Enter email domains such as example.com');
    const saved = await run(() => editorAction(args(formRequest(path, fields, { cookie }), params)));
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${path}?saved=ssoSaved`);
    const page = await run(() => editorLoader(args(getRequest(`${path}?saved=ssoSaved`, { cookie }), params)));
    expect(page.data.flash).toBe('Sign-in settings saved.');
    expect(page.data.sso.settings).toMatchObject({ protocol: 'oidc', hasClientSecret: true, ssoRequired: true, defaultTeamId: teamId, emailDomains: ['editor-one.example', 'editor-two.example'] });
    expect(JSON.stringify(page.data)).not.toContain(op.clientSecret);
    const removed = await run(() => editorAction(args(formRequest(path, { ssoIntent: 'remove' }, { cookie }), params)));
    expect(removed.location).toBe(`${path}?saved=ssoRemoved`);
    const audit = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'organisation').where('entity_id', '=', String(organisationId)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['organisation.sso.create', 'organisation.sso.remove']);
  });
});
