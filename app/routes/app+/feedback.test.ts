import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { createPublicFeedbackToken, feedbackSkills, submitFeedback } from '@modules/social/index.server';
import type { getFeedbackConfig, getFeedbackResults, listContacts, recommendFor, requestContactFeedback } from '@modules/social/index.server';
import { features } from '~/utils/features';
import { renderRoute } from '../../../tests/support/render-route';
import { args, formRequest, getRequest, jsonRequest, run, runRoute, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';
import { deliveredEmailTo } from '../../../tests/support/outbox';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as page from './feedback';
import * as results from '../api+/feedback+/getUserFeedbackResults';
import * as publicToken from '../api+/feedback+/getPublicFeedbackToken';
import * as requestContact from '../api+/feedback+/requestUserContactFeedback';
import * as contacts from '../api+/user+/getUserContacts';
import * as deleteContact from '../api+/user+/deleteUserContact';
import * as config from '../api+/public+/getUserFeedbackConfig';
import * as submit from '../api+/public+/submitUserFeedback';

/** Peer feedback: every /api path per role with real Requests, id swaps, and /app/feedback as a learner sees it (JS off). */
fixtureJourneysBeforeAll();

type Api = { action: (a: never) => unknown };
const call = <T = ApiAnswer<object>>(route: Api, path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  run<T>(() => route.action(args(jsonRequest(path, body, { token, headers })) as never));
type Contacts = ApiAnswer<{ userContacts: Awaited<ReturnType<typeof listContacts>> }>;
type Results = ApiAnswer<Awaited<ReturnType<typeof getFeedbackResults>> & { recommendations: Awaited<ReturnType<typeof recommendFor>> }>;
let ipCounter = 0;

async function signedIn(opts: { organisationId?: null; firstName?: string } = {}) {
  const u = await makeUser({ firstName: opts.firstName ?? 'Grace', lastName: 'Hopper', ...(opts.organisationId === null ? { organisationId: null } : {}) });
  return { ...u, ...(await signIn(u.userId)) };
}

/** One anonymous answer through /api/public/submitUserFeedback, each from its own browser (feedback cookie) and client address. */
async function answer(token: string, good: number[], bad: number[], comment?: string, cookie = `leda_feedback=${randomBytes(32).toString('base64url')}`) {
  const skillRatings = [...good.map((skillId) => ({ skillId, rating: 1 })), ...bad.map((skillId) => ({ skillId, rating: -1 }))];
  const body = { token, feedback: { answers: comment ? [{ questionIdentifier: 'ADDITIONAL_COMMENT', value: comment }] : [], skillRatings } };
  return call(submit, '/api/public/submitUserFeedback', body, undefined, { 'x-test-client-ip': `10.9.${Math.floor(Math.random() * 250)}.${++ipCounter}`, cookie });
}

describe('/api/feedback and /api/user contacts, per role', () => {
  it('asks a contact by email, lists and deletes contacts; another user can neither see nor delete them', async () => {
    const ada = await signedIn({ firstName: 'Ada' });
    const bob = await signedIn({ firstName: 'Bob' });
    const bad = await call<ApiAnswer<{ userContact: Awaited<ReturnType<typeof requestContactFeedback>> }>>(requestContact, '/api/feedback/requestUserContactFeedback', { email: 'not-an-email' }, ada.token);
    expect(bad).toMatchObject({ status: 400, data: { errorMsg: 'Enter a valid email address.' } });
    const made = await call<ApiAnswer<{ userContact: Awaited<ReturnType<typeof requestContactFeedback>> }>>(requestContact, '/api/feedback/requestUserContactFeedback', { email: 'peer@example.test' }, ada.token);
    expect(made.status).toBe(200);
    expect(made.data.userContact).toMatchObject({ userContactId: expect.any(Number), email: 'peer@example.test', lastFeedbackRequestAt: expect.any(String) });
    const again = await call<ApiAnswer<{ userContact: Awaited<ReturnType<typeof requestContactFeedback>> }>>(requestContact, '/api/feedback/requestUserContactFeedback', { email: 'peer@example.test' }, ada.token);
    expect(again).toMatchObject({ status: 409, data: { errorMsg: 'You asked peer@example.test recently. Wait 14 days before asking again.' } });

    const mine = await call<Contacts>(contacts, '/api/user/getUserContacts', {}, ada.token);
    expect(mine.data.userContacts.map((c: { email: string }) => c.email)).toEqual(['peer@example.test']);
    expect((await call<Contacts>(contacts, '/api/user/getUserContacts', {}, bob.token)).data).toEqual({ userContacts: [] });

    const id = made.data.userContact.userContactId;
    const swapped = await call<Contacts>(deleteContact, '/api/user/deleteUserContact', { userContactId: id }, bob.token);
    expect(swapped).toMatchObject({ status: 404, data: { errorMsg: 'This contact is no longer in your list.' } });
    expect((await call<Contacts>(deleteContact, '/api/user/deleteUserContact', { userContactId: 2_147_483_648 }, ada.token)).status).toBe(400);
    expect(await call<Contacts>(deleteContact, '/api/user/deleteUserContact', { userContactId: id }, ada.token)).toMatchObject({ status: 200, data: { userContacts: [] } });
  });

  it('anonymous callers get a JSON 403; a user outside any organisation is refused; the flag off is a 404', async () => {
    for (const [route, path, body] of [
      [results, '/api/feedback/getUserFeedbackResults', {}],
      [publicToken, '/api/feedback/getPublicFeedbackToken', {}],
      [requestContact, '/api/feedback/requestUserContactFeedback', { email: 'x@example.test' }],
      [contacts, '/api/user/getUserContacts', {}],
      [deleteContact, '/api/user/deleteUserContact', { userContactId: 1 }],
    ] as const) {
      expect((await call(route, path, body)).status, path).toBe(403);
    }
    const loner = await signedIn({ organisationId: null });
    expect(await call<Of<typeof createPublicFeedbackToken>>(publicToken, '/api/feedback/getPublicFeedbackToken', {}, loner.token)).toMatchObject({ status: 403, data: { errorMsg: 'You do not have permission to do that.' } });
    expect((await run(() => page.loader(args(getRequest('/app/feedback', { cookie: loner.cookie })) as never))).status).toBe(404);

    const ada = await signedIn();
    (features as { feedback: boolean }).feedback = false;
    try {
      expect((await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, ada.token)).status).toBe(404);
      expect((await run(() => page.loader(args(getRequest('/app/feedback', { cookie: ada.cookie })) as never))).status).toBe(404);
    } finally {
      (features as { feedback: boolean }).feedback = true;
    }
  });

  it('a public token is answered anonymously by several people; results show from the third answer, only to their owner', async () => {
    const ada = await signedIn({ firstName: 'Ada' });
    const bob = await signedIn({ firstName: 'Bob' });
    const { data } = await call<Of<typeof createPublicFeedbackToken>>(publicToken, '/api/feedback/getPublicFeedbackToken', {}, ada.token);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cfg = await call<Of<typeof getFeedbackConfig>>(config, '/api/public/getUserFeedbackConfig', { token: data.token });
    expect(cfg.data.userName).toBe('Ada Hopper');
    expect(cfg.data.skills).toHaveLength(6);
    expect(cfg.data.skills[0]).toEqual({ skillId: expect.any(Number), urlId: 'emotional-self-awareness', name: 'Emotional Self-Awareness', overview: expect.any(String) });
    expect(await call<Of<typeof getFeedbackConfig>>(config, '/api/public/getUserFeedbackConfig', { token: 'x'.repeat(43) })).toMatchObject({ status: 404, data: { errorMsg: 'Sorry, this feedback link has expired.' } });

    const [a, b, c, d, e] = cfg.data.skills.map((s) => s.skillId) as [number, number, number, number, number];
    expect(await answer(data.token, [a], [c, d])).toMatchObject({ status: 400, data: { errorMsg: 'Sorry, you need to choose 2 skills in both sections before you can send your feedback.' } });
    expect((await answer(data.token, [a, b], [c, d], 'Listens well')).status).toBe(200);
    expect((await answer(data.token, [a, e], [c, b])).status).toBe(200);

    const early = await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, ada.token);
    expect(early.data).toMatchObject({ responseCount: 0, pendingCount: 2, responsesNeeded: 1, skillIdsGood: [], skillIdsBad: [], answers: [] });
    expect((await answer(data.token, [a, d], [c, e], 'Runs calm meetings')).status).toBe(200);

    const ready = await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, ada.token);
    expect(ready.data).toMatchObject({ responseCount: 3, pendingCount: 0, responsesNeeded: 3, skillIdsGood: expect.arrayContaining([a, b, d, e]), skillIdsBad: expect.arrayContaining([c, d, b, e]) });
    expect(ready.data.skillIdsGood[0]).toBe(a);
    expect(ready.data.skillIdsBad[0]).toBe(c);
    expect(ready.data.answers.map((x: { value: string }) => x.value)).toEqual(['Listens well', 'Runs calm meetings']);
    // Bob asks for his results: his own (none), never Ada's.
    expect((await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, bob.token)).data).toMatchObject({ responseCount: 0, answers: [] });
  });
});

describe('anonymity through the /api (decision 240)', () => {
  it("refuses the learner's own answers; the third answer of a colleague then shows nothing", async () => {
    const ada = await signedIn({ firstName: 'Ada' });
    const { data } = await call<Of<typeof createPublicFeedbackToken>>(publicToken, '/api/feedback/getPublicFeedbackToken', {}, ada.token);
    const [a, b, c, d] = (await feedbackSkills(getDb())).map((s) => s.skillId) as [number, number, number, number];
    const own = 'You can\u2019t answer your own feedback request.';
    const browser = `leda_feedback=${randomBytes(32).toString('base64url')}`;
    // Signed in (cookie or token): the config and the answer are refused.
    expect(await call<Of<typeof getFeedbackConfig>>(config, '/api/public/getUserFeedbackConfig', { token: data.token }, undefined, { cookie: `${ada.cookie}; ${browser}` })).toMatchObject({ status: 403, data: { errorMsg: own } });
    for (let i = 0; i < 2; i++) {
      const mine = await call(submit, '/api/public/submitUserFeedback', { token: data.token, feedback: { answers: [], skillRatings: [{ skillId: a, rating: 1 }, { skillId: b, rating: 1 }, { skillId: c, rating: -1 }, { skillId: d, rating: -1 }] } }, ada.token);
      expect(mine).toMatchObject({ status: 403, data: { errorMsg: own } });
    }
    // Signed out, from the browser the learner opened the link in: refused too.
    expect(await answer(data.token, [a, b], [c, d], 'me again', browser)).toMatchObject({ status: 403, data: { errorMsg: own } });
    // A colleague's answer: the only one counted, so the results still hide it.
    expect((await answer(data.token, [a, c], [b, d], 'A colleague said this')).status).toBe(200);
    const res = await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, ada.token);
    expect(res.data).toMatchObject({ responseCount: 0, pendingCount: 1, responsesNeeded: 2, answers: [], skillVotes: [], skillIdsGood: [], skillIdsBad: [] });
  });

  it('one browser answers the shared link once; getUserFeedbackConfig gives it the cookie; results move only by whole batches', async () => {
    const ada = await signedIn({ firstName: 'Ada' });
    const { data } = await call<Of<typeof createPublicFeedbackToken>>(publicToken, '/api/feedback/getPublicFeedbackToken', {}, ada.token);
    const [a, b, c, d, e] = (await feedbackSkills(getDb())).map((s) => s.skillId) as [number, number, number, number, number];
    const cfg = await call<Of<typeof getFeedbackConfig>>(config, '/api/public/getUserFeedbackConfig', { token: data.token });
    const cookie = (cfg.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^leda_feedback=[A-Za-z0-9_-]{43}$/);
    expect((await answer(data.token, [a, b], [c, d], 'First', cookie)).status).toBe(200);
    expect(await answer(data.token, [a, b], [c, d], 'First again', cookie)).toMatchObject({ status: 409, data: { errorMsg: 'You have already answered this feedback request. Each person can answer once.' } });
    const noCookie = await call(submit, '/api/public/submitUserFeedback', { token: data.token, feedback: { answers: [], skillRatings: [{ skillId: a, rating: 1 }, { skillId: b, rating: 1 }, { skillId: c, rating: -1 }, { skillId: d, rating: -1 }] } });
    expect(noCookie.status).toBe(400);
    expect(noCookie.headers.get('set-cookie')).toMatch(/^leda_feedback=/);

    await answer(data.token, [a, e], [c, d]);
    await answer(data.token, [b, e], [c, a], 'Third');
    const before = (await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, ada.token)).data;
    expect(before).toMatchObject({ responseCount: 3, pendingCount: 0 });
    // One more answer: the results are the same as before, so it cannot be read as their difference.
    await answer(data.token, [d, e], [a, b], 'A fourth, alone');
    const after = (await call<Results>(results, '/api/feedback/getUserFeedbackResults', {}, ada.token)).data;
    expect(after).toEqual({ ...before, pendingCount: 1, responsesNeeded: 2 });
    expect(after.answers.map((x: { value: string }) => x.value)).not.toContain('A fourth, alone');
    // The screen reads the same rule.
    const screen = await renderRoute('/app/feedback?tab=results', { route: page, cookie: ada.cookie });
    expect(screen.text).toContain('What 3 people said');
    expect(screen.text).toContain('1 answer newer than these will show once 2 more people answer.');
    expect(screen.text).not.toContain('A fourth, alone');
  });
});

describe('/app/feedback (JavaScript off)', () => {
  it('requests feedback by email with the message on the field, lists the contact with Wait, deletes it', async () => {
    const ada = await signedIn();
    const params = {};
    const post = (fields: Record<string, string>) => runRoute(page.action, formRequest('/app/feedback', fields, { cookie: ada.cookie }), params);

    const invalid = await post({ intent: 'request', email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result?.error?.email).toEqual(['Enter a valid email address.']);
    const own = await post({ intent: 'request', email: ada.email });
    expect(own.status).toBe(400);
    expect(own.data.result?.error?.email?.[0]).toMatch(/cannot ask yourself/);

    const sent = await post({ intent: 'request', email: 'Colleague@Example.test' });
    expect(sent.status).toBe(200);
    expect(sent.data.sentTo).toBe('colleague@example.test');
    const mail = await deliveredEmailTo('colleague@example.test');
    expect(mail.html).toMatch(/\/user-feedback\/[A-Za-z0-9_-]{43}/);
    expect(mail.subject).toBe('A colleague would like your feedback on Leda');

    const view = await renderRoute('/app/feedback', { route: page, cookie: ada.cookie, actionData: sent.data });
    expect(view.status).toBe(200);
    expect(view.text).toContain('Request feedback');
    expect(view.text).toContain('Feedback results');
    expect(view.html).toMatch(/<a[^>]*aria-current="page"[^>]*>Request feedback<\/a>/);
    expect(view.text).toContain('Feedback request sent to colleague@example.test.');
    expect(view.text).toContain('colleague@example.test');
    expect(view.text).toContain('Wait 14 days');
    expect(view.html).toMatch(/<button[^>]*disabled=""[^>]*>Wait 14 days<\/button>/);
    expect(view.text).toContain('Learn about feedback');
    expect(view.html).toContain('<details');

    // Without JavaScript the shareable link comes back as selectable text.
    const link = await post({ intent: 'public-link' });
    expect(link.data.publicLink).toMatch(/\/user-feedback\/[A-Za-z0-9_-]{43}$/);
    const withLink = await renderRoute('/app/feedback', { route: page, cookie: ada.cookie, actionData: link.data });
    expect(withLink.html).toContain(`value="${link.data.publicLink}"`);
    expect(withLink.text).toContain('Your feedback link (select and copy it)');

    const me = (await getCurrentUser(getDb(), ada.userId))!;
    const contactId = (await getDb().selectFrom('user_contacts').select('id').where('user_id', '=', me.userId).executeTakeFirstOrThrow()).id;
    const again = await post({ intent: 're-request', userContactId: String(contactId) });
    expect(again.status).toBe(409);
    expect(again.data.contactErrors?.[contactId]).toMatch(/^You asked colleague@example.test recently\. Wait 14 days/);
    const stranger = await signedIn();
    const swap = await runRoute(page.action, formRequest('/app/feedback', { intent: 'delete', userContactId: String(contactId) }, { cookie: stranger.cookie }));
    expect(swap.status).toBe(404);
    // Delete asks first, as page state in the URL (works without JavaScript).
    const asking = await renderRoute(`/app/feedback?tab=request&confirmContact=${contactId}`, { route: page, cookie: ada.cookie });
    expect(asking.text).toContain('Delete colleague@example.test from your contacts?');
    expect(asking.html).toMatch(/<button[^>]*name="intent"[^>]*value="delete"[^>]*>Delete<\/button>/);
    expect(asking.html).toMatch(/<a[^>]*href="\/app\/feedback\?tab=request#contact-\d+"[^>]*>Cancel<\/a>/);
    const listed = await renderRoute('/app/feedback?tab=request', { route: page, cookie: ada.cookie });
    expect(listed.text).not.toContain('from your contacts?');
    expect(listed.html).toMatch(/<a[^>]*aria-label="Delete colleague@example.test"[^>]*href="\/app\/feedback\?tab=request&amp;confirmContact=\d+#contact-\d+"/);

    const gone = await post({ intent: 'delete', userContactId: String(contactId) });
    expect(gone.status).toBe(200);
    expect(gone.data.deletedContact).toMatchObject({ email: 'colleague@example.test', lastAskedAt: expect.any(String) });
    const afterDelete = await renderRoute('/app/feedback?tab=request', { route: page, cookie: ada.cookie, actionData: gone.data });
    expect(afterDelete.text).toContain('You have not asked anyone yet.');
    expect(afterDelete.text).toContain('colleague@example.test was deleted from your contacts.');
    expect(afterDelete.html).toMatch(/<button[^>]*>Undo<\/button>/);

    // Undo brings it back with its wait; someone else's undo touches only their own list; a bad body is a 400.
    const undone = await post({ intent: 'restore-contact', email: gone.data.deletedContact!.email, lastAskedAt: String(gone.data.deletedContact!.lastAskedAt) });
    expect(undone.status).toBe(200);
    const restored = await renderRoute('/app/feedback?tab=request', { route: page, cookie: ada.cookie, actionData: undone.data });
    expect(restored.text).toContain('colleague@example.test is back in your contacts.');
    expect(restored.html).toMatch(/<button[^>]*disabled=""[^>]*>Wait 14 days<\/button>/);
    const twice = await post({ intent: 'restore-contact', email: 'colleague@example.test', lastAskedAt: '' });
    expect(twice.status).toBe(200);
    expect(await getDb().selectFrom('user_contacts').select('id').where('user_id', '=', me.userId).execute()).toHaveLength(1);
    expect((await post({ intent: 'restore-contact', email: 'nope', lastAskedAt: 'yesterday' })).status).toBe(400);
    const future = await post({ intent: 'restore-contact', email: 'later@example.test', lastAskedAt: '2999-01-01T00:00:00.000Z' });
    expect(future.status).toBe(200);
    const later = await getDb().selectFrom('user_contacts').select('last_feedback_request_at').where('user_id', '=', me.userId).where('email', '=', 'later@example.test').executeTakeFirstOrThrow();
    expect(new Date(later.last_feedback_request_at!).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the results tab says how many more answers are needed, then shows skills, comments and what to practise', async () => {
    const ada = await signedIn();
    const user = (await getCurrentUser(getDb(), ada.userId))!;
    const hidden = await renderRoute('/app/feedback?tab=results', { route: page, cookie: ada.cookie });
    expect(hidden.text).toContain('No one has answered yet.');
    expect(hidden.text).toContain('You need 3 more answers.');
    expect(hidden.html).toMatch(/aria-current="page"[^>]*>Feedback results/);

    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d] = (await feedbackSkills(getDb())).map((s) => s.skillId) as [number, number, number, number];
    for (const [i, comment] of ['Always prepared', '', 'Gives clear direction'].entries()) {
      const ratings = [
        { skillId: a, rating: 1 as const },
        { skillId: b, rating: 1 as const },
        { skillId: c, rating: -1 as const },
        { skillId: d, rating: -1 as const },
      ];
      const respondent = { browserKey: `results-tab-browser-${i}-${ada.userId}-xxxxxxxxxxxx`, viewerUserId: null };
      await submitFeedback(getDb(), token, { answers: comment ? [{ questionIdentifier: 'ADDITIONAL_COMMENT', value: comment }] : [], skillRatings: ratings }, { clientIp: `10.7.0.${i}`, respondent });
    }
    const shown = await renderRoute('/app/feedback?tab=results', { route: page, cookie: ada.cookie });
    expect(shown.text).toContain('What 3 people said');
    expect(shown.text).toContain('Things you do well');
    expect(shown.text).toContain('Emotional Self-Awareness chosen by 3 people');
    expect(shown.text).toContain('Things to work on');
    expect(shown.text).toContain('Growth Mindset chosen by 3 people');
    expect(shown.text).toContain('Gives clear direction');
    expect(shown.text).toContain('Always prepared');
    expect(shown.text).toContain('Build the skills to work on');
    expect(shown.text).toMatch(/(teaches|practises) [^.]*(Growth Mindset|Motivating Others)/);
  });
});
