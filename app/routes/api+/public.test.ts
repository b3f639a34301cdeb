import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { isUnsubscribed } from '@modules/admin/index.server';
import { seedArticles, type getPublicContentWithRelated, type listPublicContents } from '@modules/catalogue/index.server';
import * as contents from './public+/getPublicContents';
import * as contentById from './public+/getPublicContentByIdWithRelated';
import * as contactUs from './public+/submitContactUs';
import * as tryForFree from './public+/submitTryForFree';
import * as getLeda from './public+/submitGetLeda';
import * as unsubscribe from './public+/unsubscribe';
import * as p from './public+/p';
import * as t from './public+/t';
import { args, getRequest, jsonRequest, run, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';
import { FIXTURE_PUBLIC_ARTICLES } from '../../../tests/support/content';

let ipSeq = 0;
const ip = () => ({ 'x-test-client-ip': `10.1.0.${++ipSeq}` });
const post = <T = ApiAnswer<object>>(route: { action: (a: never) => unknown }, path: string, body: unknown, headers: Record<string, string> = ip()) =>
  run<T>(() => route.action(args(jsonRequest(path, body, { headers })) as never));

/** What getPublicContents' inline handler answers. */
type Contents = ApiAnswer<{ contents: Awaited<ReturnType<typeof listPublicContents>> }>;

const person = { firstName: 'Jo', lastName: 'Citizen', email: 'Jo@Example.test', organisation: 'Acme Pty Ltd', jobTitle: 'Manager' };

describe('/api/public', () => {
  beforeAll(async () => {
    await seedArticles(getDb(), FIXTURE_PUBLIC_ARTICLES);
  });

  it('answers GET with 405 and a bad JSON body with 400', async () => {
    const res = await run(() => contents.loader(args(getRequest('/api/public/getPublicContents'))));
    expect(res.status).toBe(405);
    const bad = await post(contents, '/api/public/getPublicContents', '{not json');
    expect(bad.status).toBe(400);
    expect(bad.data.errorMsg).toBeTruthy();
  });

  it('getPublicContents: 10 then 9, by tag id, urlId or others; limit and offset bounded', async () => {
    const first = await post<Contents>(contents, '/api/public/getPublicContents', { limit: 10, offset: 0 });
    expect(first.status).toBe(200);
    expect(first.data.contents).toHaveLength(10);
    expect(first.data.contents[0]).toMatchObject({ contentId: expect.any(Number), urlId: expect.any(String), name: expect.any(String), tags: expect.any(Array) });
    expect(first.data.contents[0]).not.toHaveProperty('htmlContent');
    const second = await post<Contents>(contents, '/api/public/getPublicContents', { limit: 9, offset: 10 });
    expect(second.data.contents.length).toBe(3);
    const training = await post<Contents>(contents, '/api/public/getPublicContents', { tagId: 'training', limit: 9, offset: 0 });
    expect(training.data.contents.length).toBeGreaterThan(0);
    expect(training.data.contents.every((c) => c.tags.some((x) => x.urlId === 'training'))).toBe(true);
    const tagId = training.data.contents[0]!.tags.find((x) => x.urlId === 'training')!.tagId;
    const byId = await post<Contents>(contents, '/api/public/getPublicContents', { tagId, limit: 9, offset: 0 });
    expect(byId.data.contents).toEqual(training.data.contents);
    const others = await post<Contents>(contents, '/api/public/getPublicContents', { tagId: 'others', limit: 9 });
    expect(others.data.contents.every((c) => c.tags.length === 0)).toBe(true);
    expect(others.data.contents.length).toBe(2);
    const unknown = await post<Contents>(contents, '/api/public/getPublicContents', { tagId: 'no-such-tag', limit: 9 });
    expect(unknown.data.contents).toEqual([]);
    for (const body of [{ limit: 51 }, { limit: 0 }, { offset: 10_001 }, { offset: -1 }, { limit: '9' }, { tagId: {} }]) {
      const res = await post(contents, '/api/public/getPublicContents', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('getPublicContentByIdWithRelated: by id or urlId, with related; 404 when unknown; 400 when missing', async () => {
    const res = await post<Of<typeof getPublicContentWithRelated>>(contentById, '/api/public/getPublicContentByIdWithRelated', { contentId: 'feedback-that-lands' });
    expect(res.status).toBe(200);
    expect(res.data.content).toMatchObject({ urlId: 'feedback-that-lands', readingTimeMinutes: expect.any(Number) });
    expect(res.data.content.htmlContent).toContain('<p>');
    expect(res.data.relatedContents).toHaveLength(3);
    const byId = await post<Of<typeof getPublicContentWithRelated>>(contentById, '/api/public/getPublicContentByIdWithRelated', { contentId: res.data.content.contentId });
    expect(byId.data.content.urlId).toBe('feedback-that-lands');
    const missing = await post(contentById, '/api/public/getPublicContentByIdWithRelated', { contentId: 'no-such-article' });
    expect(missing.status).toBe(404);
    expect(missing.data.errorMsg).toBe('No content to display.');
    expect((await post(contentById, '/api/public/getPublicContentByIdWithRelated', {})).status).toBe(400);
  });

  it('submitContactUs stores the enquiry and emails sales; bad input gets the spec message', async () => {
    const ok = await post(contactUs, '/api/public/submitContactUs', { ...person, message: 'Tell me more' });
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({});
    const row = await getDb().selectFrom('enquiries').selectAll().where('kind', '=', 'contact').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'jo@example.test', organisation: 'Acme Pty Ltd', message: 'Tell me more' });
    const mail = await getDb().selectFrom('communications').selectAll().where('message_key', '=', `enquiry-${row.id}`).executeTakeFirstOrThrow();
    expect(mail.recipient).toBe('sales@leda.example');
    expect(mail.html).toContain('Tell me more');
    const bad = await post(contactUs, '/api/public/submitContactUs', { ...person, email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.data.errorMsg).toBe('Enter a valid email address');
    const noOrg = await post(contactUs, '/api/public/submitContactUs', { ...person, organisation: ' ' });
    expect(noOrg.data.errorMsg).toBe('Enter an organisation');
  });

  it('refuses a filled honeypot without storing anything', async () => {
    const before = await getDb().selectFrom('enquiries').select(getDb().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await post(contactUs, '/api/public/submitContactUs', { ...person, website: 'http://spam.example' });
    expect(res.status).toBe(400);
    const after = await getDb().selectFrom('enquiries').select(getDb().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('rate-limits the public forms per client IP', async () => {
    const headers = { 'x-test-client-ip': '10.9.9.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(tryForFree, '/api/public/submitTryForFree', person, headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await post(tryForFree, '/api/public/submitTryForFree', person)).status).toBe(200);
  });

  it('submitTryForFree validates an optional phone number', async () => {
    const ok = await post(tryForFree, '/api/public/submitTryForFree', { ...person, phoneNumber: '0412 345 678' });
    expect(ok.status).toBe(200);
    const bad = await post(tryForFree, '/api/public/submitTryForFree', { ...person, phoneNumber: '12' });
    expect(bad.status).toBe(400);
    expect(bad.data.errorMsg).toBe('Enter a valid phone number');
  });

  it('submitGetLeda: organisation carries the phone, jobTitle the team size; records an event', async () => {
    const body = { firstName: 'Pat', lastName: 'Buyer', email: 'pat@example.test', organisation: '+61 412 345 678', jobTitle: '21-50', message: 'Quote please' };
    const ok = await post(getLeda, '/api/public/submitGetLeda', body);
    expect(ok.status).toBe(200);
    const row = await getDb().selectFrom('enquiries').selectAll().where('kind', '=', 'get-leda').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone_number: '+61 412 345 678', team_size: '21-50', message: 'Quote please' });
    const ev = await getDb().selectFrom('page_events').selectAll().where('event', '=', 'submitGetLeda').executeTakeFirstOrThrow();
    expect(ev.properties).toEqual({ teamSize: '21-50' });
    expect((await post(getLeda, '/api/public/submitGetLeda', { ...body, organisation: '03 9000 0000' })).data.errorMsg).toBe('Enter a valid phone number');
    expect((await post(getLeda, '/api/public/submitGetLeda', { ...body, jobTitle: '7' })).status).toBe(400);
  });

  it('unsubscribe takes effect at once (decision 254), no email; bad input is a 400', async () => {
    const ok = await post(unsubscribe, '/api/public/unsubscribe', { email: ' Leaving@Example.test ' });
    expect(ok.status).toBe(200);
    expect(await isUnsubscribed(getDb(), 'leaving@example.test')).toBe(true);
    expect(await getDb().selectFrom('communications').select('kind').where('recipient', '=', 'leaving@example.test').execute()).toEqual([]);
    expect((await post(unsubscribe, '/api/public/unsubscribe', { email: 'nope' })).status).toBe(400);
    expect((await post(unsubscribe, '/api/public/unsubscribe', {})).status).toBe(400);
  });

  it('p: one page view, category on the server, user id when signed in', async () => {
    const anon = await post(p, '/api/public/p', { url: 'http://localhost:3000/pricing?utm_source=x', path: '/pricing', cid: 'c-1', category: 'Admin', utmSource: 'x', name: 'Pricing | Leda' });
    expect(anon.status).toBe(200);
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const signed = await run<unknown>(() => p.action(args(jsonRequest('/api/public/p', { path: '/app/team', cid: 'c-2' }, { cookie }))));
    expect(signed.status).toBe(200);
    const rows = await getDb().selectFrom('page_views').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ path: '/pricing', category: 'Site', cid: 'c-1', utm_source: 'x', user_id: null, name: 'Pricing | Leda' });
    expect(rows[1]).toMatchObject({ path: '/app/team', category: 'App', user_id: u.userId });
  });

  it('p and t refuse bad or oversized payloads with a 400', async () => {
    expect((await post(p, '/api/public/p', { path: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post(p, '/api/public/p', [1, 2])).status).toBe(400);
    expect((await post(p, '/api/public/p', 'nonsense')).status).toBe(400);
    const big = JSON.stringify({ path: '/', junk: 'x'.repeat(20_000) });
    const res = await run<unknown>(() =>
      p.action(args(new Request('http://localhost:3000/api/public/p', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big }))),
    );
    expect(res.status).toBe(400);
    expect((await post(t, '/api/public/t', { path: '/' })).status).toBe(400);
    expect((await post(t, '/api/public/t', { event: 'x', properties: { a: 'y'.repeat(5000) } })).status).toBe(400);
    expect((await post(t, '/api/public/t', { event: 'x', properties: 'nope' })).status).toBe(400);
  });

  it('t: one event with its properties', async () => {
    const res = await post(t, '/api/public/t', { event: 'newsletter', path: '/auth/login', properties: { from: 'home' } });
    expect(res.status).toBe(200);
    const row = await getDb().selectFrom('page_events').selectAll().where('event', '=', 'newsletter').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ category: 'Auth', properties: { from: 'home' } });
  });
});
