import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, browserForThisFile, expectAccessible, loginAndWait, open, waitForHydration, waitForPath, type TestPage } from './support';
import { startOidcProvider, startSamlIdp, type TestOidcProvider, type TestSamlIdp } from '../support/test-idps';

/**
 * Single sign-on in a real browser (issue 26 s.1), with JavaScript on and off, through real identity
 * providers on loopback: oidc-provider and a samlify SAML IdP (tests/support/test-idps.ts). Two
 * organisations are set up through /api/admin/saveOrganisationSso; the last test removes single
 * sign-on in the organisation editor, so the files after this one find the plain login form again.
 */
const { newPage } = browserForThisFile();
const OIDC_DOMAIN = 'oidc-e2e.example';
const SAML_DOMAIN = 'saml-e2e.example';

let op: TestOidcProvider;
let samlIdp: TestSamlIdp;
let token = '';
const orgs: { oidc: number; saml: number } = { oidc: 0, saml: 0 };

async function api(path: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': token }, body: JSON.stringify(body) });
  const data = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

async function organisationWithTeam(name: string) {
  const { organisationId } = (await api('/api/admin/saveOrganisation', { name, licenseType: 2 })) as { organisationId: number };
  const { teamId } = (await api('/api/admin/createTeam', { teamName: `${name} Team`, organisationId })) as { teamId: number };
  return { organisationId, teamId };
}

beforeAll(async () => {
  op = await startOidcProvider({ redirectUri: `${baseUrl()}/auth/sso/callback` });
  samlIdp = await startSamlIdp({ spMetadata: await (await fetch(`${baseUrl()}/auth/sso/saml`)).text() });
  const login = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@leda.test', password: DEMO_PASSWORD }) });
  token = ((await login.json()) as { token: string }).token;
  const a = await organisationWithTeam('SSO OIDC Company');
  const b = await organisationWithTeam('SSO SAML Company');
  orgs.oidc = a.organisationId;
  orgs.saml = b.organisationId;
  await api('/api/admin/saveOrganisationSso', { organisationId: a.organisationId, protocol: 'oidc', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, emailDomains: [OIDC_DOMAIN], ssoRequired: false, defaultTeamId: a.teamId });
  await api('/api/admin/saveOrganisationSso', { organisationId: b.organisationId, protocol: 'saml', metadataUrl: samlIdp.metadataUrl, emailDomains: [SAML_DOMAIN], ssoRequired: true, defaultTeamId: b.teamId });
});

afterAll(async () => {
  await op?.close();
  await samlIdp?.close();
});

/** The login page's email step: a company email then follows the way to its IdP's sign-in page. */
async function continueWithEmail(tp: TestPage, email: string, thenTo: string, company?: string) {
  await open(tp, `/auth/login?thenTo=${encodeURIComponent(thenTo)}`);
  expect(await tp.page.getByLabel('Password').count()).toBe(0);
  await tp.page.getByLabel('Email').fill(email);
  await tp.page.getByRole('button', { name: 'Continue' }).click();
  if (!company) return;
  await tp.page.getByText(`${company} signs in with its own company account`).waitFor();
  await tp.page.getByRole('link', { name: 'Continue to company sign-in' }).click();
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

  describe(`single sign-on, ${mode}`, () => {
    it('signs a new person in through the OpenID Provider and lands on thenTo, in the default team', async () => {
      const tp = await newPage({ javaScript });
      const email = `oidc.person.${javaScript ? 'js' : 'nojs'}@${OIDC_DOMAIN}`;
      await continueWithEmail(tp, email, '/app/team', 'SSO OIDC Company');
      await tp.page.getByRole('heading', { name: 'Test OpenID Provider' }).waitFor();
      expect(await tp.page.getByLabel('Company email').inputValue()).toBe(email);
      await tp.page.getByRole('button', { name: 'Sign in at the IdP' }).click();
      await waitForPath(tp.page, /^\/app\/team/);
      if (javaScript) await waitForHydration(tp.page);
      const nav = tp.page.getByRole('navigation', { name: 'App' });
      await nav.waitFor();
      expect((await nav.innerText()).toUpperCase()).toContain('SSO OIDC COMPANY TEAM');
    });

    it('signs a new person in through the SAML IdP and lands on thenTo', async () => {
      const tp = await newPage({ javaScript });
      const email = `saml.person.${javaScript ? 'js' : 'nojs'}@${SAML_DOMAIN}`;
      await continueWithEmail(tp, email, '/app/explore', 'SSO SAML Company');
      await tp.page.getByRole('heading', { name: 'Test SAML IdP' }).waitFor();
      await tp.page.getByLabel('Company email').fill(email);
      await tp.page.getByRole('button', { name: 'Sign in at the IdP' }).click();
      await tp.page.getByRole('button', { name: 'Continue to Leda' }).click();
      await waitForPath(tp.page, '/app/explore');
      const nav = tp.page.getByRole('navigation', { name: 'App' });
      await nav.waitFor();
      expect((await nav.innerText()).toUpperCase()).toContain('SSO SAML COMPANY');
    });

    it('sends another email on to the password form, keeping the email', async () => {
      const tp = await newPage({ javaScript });
      await continueWithEmail(tp, 'learner@leda.test', '/app/explore');
      await waitForPath(tp.page, /^\/auth\/login\?email=/);
      expect(await tp.page.getByLabel('Email').inputValue()).toBe('learner@leda.test');
      await tp.page.getByLabel('Password').fill(DEMO_PASSWORD);
      await tp.page.getByRole('button', { name: 'Log in' }).click();
      await waitForPath(tp.page, '/app/explore');
    });
  });
}

describe('single sign-on, refusals and settings', () => {
  it('gives a company email no password form, and refuses its password on /api/auth/login, saying where to sign in', async () => {
    const tp = await newPage({ javaScript: false });
    const email = `saml.person.nojs@${SAML_DOMAIN}`;
    await open(tp, `/auth/login?email=${encodeURIComponent(email)}`);
    await tp.page.getByText('SSO SAML Company signs in with its own company account').waitFor();
    expect(await tp.page.getByLabel('Password').count()).toBe(0);
    const res = await fetch(`${baseUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'some-password-1' }) });
    const body = (await res.json()) as { success: boolean; errorMsg: string };
    expect(body.success).toBe(false);
    expect(body.errorMsg).toContain('SSO SAML Company signs in with its own company account');
  });

  it('shows the Sign-in section to a product admin without the secret, and removes single sign-on', async () => {
    const tp = await newPage({ javaScript: true });
    await loginAndWaitThroughEmailStep(tp);
    for (const [id, protocol] of [
      [orgs.saml, 'SAML 2.0'],
      [orgs.oidc, 'OpenID Connect'],
    ] as const) {
      await open(tp, `/admin/organisation-editor/${id}`);
      const section = tp.page.getByRole('region', { name: 'Sign-in' });
      expect(await section.getByLabel(protocol).isChecked()).toBe(true);
      if (protocol === 'OpenID Connect') {
        await section.getByText('Set. Leave empty to keep it').waitFor();
        expect(await tp.page.content()).not.toContain(op.clientSecret);
        await expectAccessible(tp.page);
      }
      await section.getByRole('button', { name: 'Remove single sign-on' }).click();
      await tp.page.getByText('Single sign-on removed').waitFor();
      if (tp.javaScript) await waitForHydration(tp.page);
    }
    const anon = await newPage({ javaScript: false });
    await open(anon, '/auth/login');
    await anon.page.getByLabel('Password').waitFor();
  });
});

/** The product admin signs in: the login page still asks for the email first while SSO exists. */
async function loginAndWaitThroughEmailStep(tp: TestPage) {
  await continueWithEmail(tp, 'admin@leda.test', '/app/home');
  await waitForPath(tp.page, /^\/auth\/login\?email=/);
  await loginAndWait(tp, 'admin@leda.test', '/app/home');
}
