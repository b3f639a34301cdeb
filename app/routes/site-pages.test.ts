import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { resetEnvCache } from '@modules/shared/env.server';
import { isUnsubscribed } from '@modules/admin/index.server';
import { CONSENT_MESSAGE } from '@modules/admin/schemas';
import * as home from './_index';
import * as contact from './contact';
import * as tryForFree from './try-for-free';
import * as pricing from './pricing';
import * as unsubscribe from './unsubscribe';
import * as how from './how';
import * as platform from './platform';
import * as privacy from './privacy-policy';
import * as terms from './terms-conditions';
import * as licenseExpired from './license-expired';
import * as underConstruction from './under-construction';
import * as notFoundPage from './404';
import * as splat from './$';
import * as legacy from './site.$';
import * as courses from './courses';
import { args, formRequest, getRequest, run, runData } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';
import { renderRoute } from '../../tests/support/render-route';
import { documentStatus } from '../../tests/support/document-status';

let ipSeq = 0;
const fresh = () => ({ headers: { 'x-test-client-ip': `10.2.0.${++ipSeq}` } });
const person = { firstName: 'Jo', lastName: 'Citizen', email: 'jo@example.test', organisation: 'Acme', consentToNews: 'on' };
const count = async (kind: string) =>
  Number((await getDb().selectFrom('enquiries').select(getDb().fn.countAll<number>().as('n')).where('kind', '=', kind as never).executeTakeFirstOrThrow()).n);

describe('contact and try for free', () => {
  it('prefills the form from the query', async () => {
    const res = await runData(() => tryForFree.loader(args(getRequest('/try-for-free?email=ann%40example.test&firstName=Ann'))));
    expect(res.data.prefill).toEqual({ email: 'ann@example.test', firstName: 'Ann' });
  });

  it('shows the spec messages for empty and bad fields', async () => {
    const empty = await runData(() => contact.action(args(formRequest('/contact', {}, fresh()))));
    expect(empty.status).toBe(400);
    const e = empty.data.result?.error;
    expect(e?.firstName).toEqual(['Enter a first name']);
    expect(e?.lastName).toEqual(['Enter a last name']);
    expect(e?.email).toEqual(['This field is required']);
    expect(e?.organisation).toEqual(['Enter an organisation']);
    // Spec 5: consentToNews (contact) "checkbox required" (decision 255).
    expect(e?.consentToNews).toEqual([CONSENT_MESSAGE]);
    const spaces = await runData(() =>
      contact.action(args(formRequest('/contact', { ...person, email: 'nope', firstName: '   ', lastName: ' ', organisation: '  ' }, fresh()))),
    );
    expect(spaces.data.result?.error?.email).toEqual(['Enter a valid email address']);
    expect(spaces.data.result?.error?.firstName).toEqual(['Enter a first name']);
    expect(spaces.data.result?.error?.lastName).toEqual(['Enter a last name']);
    expect(spaces.data.result?.error?.organisation).toEqual(['Enter an organisation']);
    const emptyTrial = await runData(() => tryForFree.action(args(formRequest('/try-for-free', {}, fresh()))));
    expect(emptyTrial.data.result?.error).toMatchObject({ firstName: ['Enter a first name'], lastName: ['Enter a last name'], organisation: ['Enter an organisation'] });
    const long = await runData(() => contact.action(args(formRequest('/contact', { ...person, firstName: 'x'.repeat(251) }, fresh()))));
    expect(long.data.result?.error?.firstName).toEqual(['Max 250 characters']);
    const phone = await runData(() => tryForFree.action(args(formRequest('/try-for-free', { ...person, phoneNumber: '123' }, fresh()))));
    expect(phone.data.result?.error?.phoneNumber).toEqual(['Enter a valid phone number']);
  });

  it('stores a contact message, emails sales and answers with the thank-you', async () => {
    const res = await runData(() => contact.action(args(formRequest('/contact', { ...person, message: 'Hello there' }, fresh()))));
    expect(res.status).toBe(200);
    expect(res.data.sent).toEqual({ firstName: 'Jo' });
    const row = await getDb().selectFrom('enquiries').selectAll().where('kind', '=', 'contact').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: 'Hello there', consent_to_news: true, phone_number: null });
    const mail = await getDb().selectFrom('communications').selectAll().where('message_key', '=', `enquiry-${row.id}`).executeTakeFirst();
    expect(mail?.recipient).toBe('sales@leda.example');
  });

  it('refuses a contact or try-for-free form without the consent box ticked, shows why, and stores nothing', async () => {
    const before = await count('contact');
    const { consentToNews: _ticked, ...noConsent } = person;
    for (const [route, url] of [[contact, '/contact'], [tryForFree, '/try-for-free']] as const) {
      const res = await runData(() => route.action(args(formRequest(url, { ...noConsent, message: 'No news please' }, fresh()))));
      expect(res.status, url).toBe(400);
      expect(res.data.result?.error?.consentToNews, url).toEqual([CONSENT_MESSAGE]);
      const page = await renderRoute(url, { route, actionData: res.data });
      expect(page.text, url).toContain(CONSENT_MESSAGE);
      expect(page.html, url).toMatch(/<input type="checkbox" id="[^"]+" name="consentToNews" aria-invalid="true" aria-describedby="[^"]+" required=""/);
    }
    expect(await count('contact')).toBe(before);
    // Without JavaScript the browser asks for the tick before sending.
    const blank = await renderRoute('/contact', { route: contact });
    expect(blank.html).toMatch(/name="consentToNews"[^>]*required=""/);
  });

  it('stores a try-for-free request with its phone number', async () => {
    const res = await runData(() => tryForFree.action(args(formRequest('/try-for-free', { ...person, phoneNumber: '0412 345 678', message: 'ignored' }, fresh()))));
    expect(res.data.sent).toBeTruthy();
    const row = await getDb().selectFrom('enquiries').selectAll().where('kind', '=', 'try-for-free').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone_number: '0412 345 678', message: null });
  });

  it('refuses a filled honeypot without storing, and rate-limits per IP', async () => {
    const before = await count('contact');
    const bot = await runData(() => contact.action(args(formRequest('/contact', { ...person, website: 'buy pills' }, fresh()))));
    expect(bot.status).toBe(400);
    expect(bot.data.sent).toBeNull();
    expect(bot.data.result?.error?.['']).toBeTruthy();
    expect(await count('contact')).toBe(before);
    const ip = { headers: { 'x-test-client-ip': '10.3.3.3' } };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await run(() => contact.action(args(formRequest('/contact', person, ip))))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });
});

describe('pricing Get enquiry', () => {
  const enquiry = { firstName: 'Pat', lastName: 'Buyer', email: 'pat@example.test', phoneNumber: '0412 345 678', teamSize: '5-20', comments: 'Quote please' };

  it('preselects the team size from the plan button', async () => {
    expect((await runData(() => pricing.loader(args(getRequest('/pricing?teamSize=21-50'))))).data.teamSize).toBe('21-50');
    expect((await runData(() => pricing.loader(args(getRequest('/pricing?teamSize=nope'))))).data.teamSize).toBe('1-5');
  });

  it('validates the mobile number and stores the enquiry with an analytics event', async () => {
    const bad = await runData(() => pricing.action(args(formRequest('/pricing', { ...enquiry, phoneNumber: '03 9123 4567' }, fresh()))));
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error?.phoneNumber).toEqual(['Enter a valid phone number']);
    const ok = await runData(() => pricing.action(args(formRequest('/pricing', enquiry, fresh()))));
    expect(ok.data.sent).toBe(true);
    const row = await getDb().selectFrom('enquiries').selectAll().where('kind', '=', 'get-leda').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ team_size: '5-20', phone_number: '0412 345 678', message: 'Quote please' });
    expect(await getDb().selectFrom('page_events').select('id').where('event', '=', 'submitGetLeda').executeTakeFirst()).toBeTruthy();
  });
});

describe('newsletter and unsubscribe', () => {
  it('newsletter: "Enter a valid email", then a confirmation link is emailed (newsletter.confirm.$token.test.ts follows it)', async () => {
    const bad = await runData(() => home.action(args(formRequest('/?index', { email: 'nope' }, fresh()))));
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error?.email).toEqual(['Enter a valid email']);
    const ok = await runData(() => home.action(args(formRequest('/?index', { email: 'News@Example.test' }, fresh()))));
    expect(ok.data.subscribed).toBe(true);
    const mail = await getDb().selectFrom('communications').select('kind').where('recipient', '=', 'news@example.test').executeTakeFirstOrThrow();
    expect(mail.kind).toBe('newsletter-subscribe');
  });

  it('unsubscribe: empty does nothing; anything else shows the thank-you with "Email us the reason" at once, and a valid address is unsubscribed', async () => {
    const prefill = await runData(() => unsubscribe.loader(args(getRequest('/unsubscribe?email=a%40b.test'))));
    expect(prefill.data.email).toBe('a@b.test');
    expect((await runData(() => unsubscribe.action(args(formRequest('/unsubscribe', { email: '   ' }, fresh()))))).data.done).toBe(false);
    expect((await runData(() => unsubscribe.action(args(formRequest('/unsubscribe', { email: 'not-an-email' }, fresh()))))).data.done).toBe(true);
    const res = await runData(() => unsubscribe.action(args(formRequest('/unsubscribe', { email: '  Leaver@Example.test ' }, fresh()))));
    expect(res.data.done).toBe(true);
    expect(await isUnsubscribed(getDb(), 'leaver@example.test')).toBe(true);
    expect(await getDb().selectFrom('communications').select('kind').where('recipient', '=', 'leaver@example.test').execute()).toEqual([]);

    const page = await renderRoute('/unsubscribe', { route: unsubscribe, actionData: res.data });
    expect(page.text).toContain('You have been unsubscribed');
    expect(page.text).toContain('Email us the reason');
    expect(page.html).toContain('href="mailto:hello@leda.example?subject=Why%20I%20unsubscribed"');
    expect(page.html).not.toContain('name="email"');
    expect(await documentStatus(unsubscribe, formRequest('/unsubscribe', { email: 'doc@example.test' }, fresh()), '/unsubscribe')).toBe(200);

    const bot = await runData(() => unsubscribe.action(args(formRequest('/unsubscribe', { email: 'bot@example.test', website: 'x' }, fresh()))));
    expect(bot.data.done).toBe(true);
    expect(await isUnsubscribed(getDb(), 'bot@example.test')).toBe(false);
  });
});

describe('other public pages', () => {
  afterEach(() => {
    delete process.env.UNDER_CONSTRUCTION_UNTIL;
    resetEnvCache();
  });

  it('render for anonymous and signed-in visitors; the platform button depends on it', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    expect((await runData(() => platform.loader(args(getRequest('/platform'))))).data.signedIn).toBe(false);
    expect((await runData(() => platform.loader(args(getRequest('/platform', { cookie }))))).data.signedIn).toBe(true);
    const h = await runData(() => how.loader(args(getRequest('/how', { cookie }))));
    expect(h.status).toBe(200);
    expect(Array.isArray(h.data.sections)).toBe(true);
    expect((await runData(() => home.loader(args(getRequest('/', { cookie }))))).status).toBe(200);
  });

  it('legal pages carry every constant of section 9', async () => {
    const p = (await runData(() => privacy.loader())).data.html as string;
    const t = (await runData(() => terms.loader())).data.html as string;
    expect(p).toMatch(/under 16/);
    expect(p).toMatch(/within 30 days/);
    expect(t).toMatch(/at least 16/);
    expect(t).toMatch(/30-day refund window/);
    expect(t).toMatch(/30-day cure period/);
    expect(t).toMatch(/informally for 60 days/);
    expect(t).toMatch(/twelve months before the claim/);
    expect(t).toMatch(/courts of Victoria/);
    expect(t).toContain('hello@leda.example');
  });

  it('licence expired offers the provider email', async () => {
    expect((await runData(() => licenseExpired.loader())).data.supportEmail).toBe('hello@leda.example');
  });

  it('under construction shows the return date, or goes home when not under construction', async () => {
    const home1 = await run(() => underConstruction.loader());
    expect(home1.status).toBe(302);
    expect(home1.location).toBe('/');
    process.env.UNDER_CONSTRUCTION_UNTIL = '2099-12-01T09:00:00+11:00';
    resetEnvCache();
    const res = await runData(() => underConstruction.loader());
    expect(res.status).toBe(200);
    expect(res.data.until).toBe('2099-11-30T22:00:00.000Z');
    expect(res.data.returnDate).toMatch(/1 December 2099/);
  });

  it('/404 and unknown paths answer 404; /404?redirectedFrom records an event', async () => {
    expect((await run(() => splat.loader(args(getRequest('/no/such/page'))))).status).toBe(404);
    const res = await run(() => notFoundPage.loader(args(getRequest('/404?redirectedFrom=%2Fold%2Fpage'))));
    expect(res.status).toBe(404);
    const ev = await getDb().selectFrom('page_events').selectAll().where('event', '=', 'notFound').executeTakeFirstOrThrow();
    expect(ev).toMatchObject({ redirected_from: '/old/page', category: 'Site', path: '/404' });
  });

  it('legacy /site paths redirect and keep the query string', async () => {
    const cases: [string, string][] = [
      ['/site/signup?email=a%40b.test&x=1', '/contact?email=a%40b.test&x=1'],
      ['/site/register?utm_source=ad', '/contact?utm_source=ad'],
      ['/site/privacy-policy?from=mail', '/privacy-policy?from=mail'],
      ['/site/terms-conditions', '/terms-conditions'],
      ['/site/unsubscribe?email=a%40b.test', '/unsubscribe?email=a%40b.test'],
    ];
    for (const [from, to] of cases) {
      const splatParam = new URL(from, 'http://x').pathname.replace('/site/', '');
      const res = await run(() => legacy.loader(args(getRequest(from), { '*': splatParam })));
      expect(res.status, from).toBe(301);
      expect(res.location, from).toBe(to);
    }
    expect((await run(() => legacy.loader(args(getRequest('/site/other'), { '*': 'other' })))).status).toBe(404);
  });

  it('/courses goes to the journeys on /how', async () => {
    const res = await run(() => courses.loader(args(getRequest('/courses'))));
    expect(res.status).toBe(301);
    expect(res.location).toBe('/how#journeys');
  });
});
