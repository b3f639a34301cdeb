import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { importCatalogue } from '@modules/catalogue/index.server';
import {
  ALREADY_ANSWERED_MESSAGE,
  COOKIE_NEEDED_MESSAGE,
  createPublicFeedbackToken,
  feedbackSkills,
  getFeedbackResults,
  OWN_FEEDBACK_MESSAGE,
  requestContactFeedback,
} from '@modules/social/index.server';
import { renderRoute } from '../../tests/support/render-route';
import { args, formRequest, getRequest, runData } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';
import { deliveredEmailTo } from '../../tests/support/outbox';
import { features } from '~/utils/features';
import * as userFeedback from './user-feedback.$token';
import { documentStatus } from '../../tests/support/document-status';
import { FIXTURE_CATALOGUE } from '../../tests/support/explore';

/** /user-feedback/{token} as an anonymous colleague sees it: failed, form, submitted, with JavaScript off (plain POSTs). */
beforeAll(async () => {
  await importCatalogue(getDb(), FIXTURE_CATALOGUE);
});

const SKILLS_MESSAGE = 'Sorry, you need to choose 2 skills in both sections before you can send your feedback.';
let ip = 0;
/** A browser's feedback cookie, as the form page sets it. */
const browserCookie = () => `leda_feedback=${randomBytes(32).toString('base64url')}`;
/** One POST of the form, each from a browser of its own unless a cookie is given. */
const submit = (token: string, fields: Record<string, string | string[]>, cookie = browserCookie()) =>
  runData(() => userFeedback.action(args(formRequest(`/user-feedback/${token}`, fields, { cookie, headers: { 'x-test-client-ip': `10.44.0.${++ip}` } }), { token }) as never));
const open = (token: string, cookie?: string) => runData(() => userFeedback.loader(args(getRequest(`/user-feedback/${token}`, { cookie }), { token })));

async function asker() {
  const u = await makeUser({ firstName: 'Marie', lastName: 'Curie' });
  return (await getCurrentUser(getDb(), u.userId))!;
}

describe('/user-feedback/{token}', () => {
  it("answers an unknown token with the spec's failed state, a 404 and a title of its own", async () => {
    const res = await runData(() => userFeedback.loader(args(getRequest('/user-feedback/no-such-token'), { token: 'no-such-token' })));
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ state: 'expired' });
    const meta = userFeedback.meta({ data: res.data } as never) as { title?: string }[];
    expect(meta.find((m) => m.title)?.title).toBe('Feedback link expired | Leda');
    const page = await renderRoute('/user-feedback/no-such-token', { route: userFeedback, params: { token: 'no-such-token' } });
    expect(page.status).toBe(404);
    const posted = await submit('no-such-token', { good: ['1', '2'], bad: ['3', '4'] });
    expect(posted).toMatchObject({ status: 404, data: { state: 'expired' } });
  });

  it('shows the two sections of the 6 skills, refuses anything but 2 in each, keeps the choices, then thanks', async () => {
    const user = await asker();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const params = { token };
    const form = await renderRoute(`/user-feedback/${token}`, { route: userFeedback, params });
    expect(form.status).toBe(200);
    expect(form.text).toContain('Feedback for Marie Curie');
    expect(form.text).toContain('Which 2 skills does Marie Curie do well?');
    expect(form.text).toContain('Which 2 skills could Marie Curie improve?');
    for (const name of ['Emotional Self-Awareness', 'Emotional Self-Control', 'Growth Mindset', 'Motivating Others', 'Communication and Collaboration', 'Empathy']) expect(form.text).toContain(name);
    expect(form.html.match(/type="checkbox"[^>]*name="good"/g)).toHaveLength(6);
    expect(form.html.match(/type="checkbox"[^>]*name="bad"/g)).toHaveLength(6);
    expect(form.text).toContain('Anything else you would like to say? (optional)');

    const [a, b, c, d, e] = (await feedbackSkills(getDb())).map((s) => String(s.skillId)) as [string, string, string, string, string];
    const short = await submit(token, { good: [a, b, e], bad: [c], comment: 'Kind and clear' });
    expect(short.status).toBe(400);
    expect(short.data).toEqual({ state: 'form', formError: SKILLS_MESSAGE, chosen: { good: [Number(a), Number(b), Number(e)], bad: [Number(c)], comment: 'Kind and clear' } });
    // Without JavaScript the page comes back with the message and the choices kept (the last 2 of a section).
    const again = await renderRoute(`/user-feedback/${token}`, { route: userFeedback, params, actionData: short.data });
    expect(again.text).toContain(SKILLS_MESSAGE);
    expect(again.html).toMatch(new RegExp(`id="good-${e}"[^>]*checked`));
    expect(again.html).not.toMatch(new RegExp(`id="good-${a}"[^>]*checked`));
    expect(again.html).toContain('Kind and clear');

    const same = await submit(token, { good: [a, b], bad: [b, c] });
    expect(same.data).toMatchObject({ formError: 'Choose different skills for "does well" and "could improve".' });
    const none = await submit(token, {});
    expect(none.data).toMatchObject({ formError: SKILLS_MESSAGE });

    const ok = await submit(token, { good: [a, b], bad: [c, d], comment: '  Kind and clear  ' });
    expect(ok).toMatchObject({ status: 200, data: { state: 'submitted', userName: 'Marie Curie' } });
    const thanks = await renderRoute(`/user-feedback/${token}`, { route: userFeedback, params, actionData: ok.data });
    expect(thanks.text).toContain('Thank you for your feedback!');
    // One answer received; results wait for a batch of 3 (decision 240).
    expect(await getFeedbackResults(getDb(), user)).toMatchObject({ responseCount: 0, pendingCount: 1, responsesNeeded: 2 });
  });

  it('a link emailed to a contact works once; a filled honeypot or a bad id is a 400, never a 500', async () => {
    const user = await asker();
    await requestContactFeedback(getDb(), user, 'pierre@example.test');
    const token = /\/user-feedback\/([A-Za-z0-9_-]+)/.exec((await deliveredEmailTo('pierre@example.test')).html)![1]!;
    const [a, b, c, d] = (await feedbackSkills(getDb())).map((s) => String(s.skillId)) as [string, string, string, string];
    expect((await submit(token, { good: [a, b], bad: [c, d], website: 'http://spam.example' })).status).toBe(400);
    expect((await submit(token, { good: ['abc', b], bad: [c, '99999999999'] })).status).toBe(400);
    // With JavaScript off the answer's page is a 200, though the loader (run after the POST) finds the link used up.
    const post = formRequest(`/user-feedback/${token}`, { good: [a, b], bad: [c, d] }, { headers: { 'x-test-client-ip': `10.44.0.${++ip}` } });
    expect(await documentStatus(userFeedback, post, '/user-feedback/:token')).toBe(200);
    expect(await submit(token, { good: [a, b], bad: [c, d] })).toMatchObject({ status: 404, data: { state: 'expired' } });
    expect((await runData(() => userFeedback.loader(args(getRequest(`/user-feedback/${token}`), { token })))).status).toBe(404);
  });

  it('is rate limited per client address like the other public forms, and shows the failed state while the feature is off', async () => {
    const user = await asker();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d] = (await feedbackSkills(getDb())).map((s) => String(s.skillId)) as [string, string, string, string];
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const from = () =>
      runData(() =>
        userFeedback.action(args(formRequest(`/user-feedback/${token}`, { good: [a, b], bad: [c, d] }, { cookie: browserCookie(), headers: { 'x-test-client-ip': address } }), { token }) as never),
      );
    for (let i = 0; i < 10; i++) expect((await from()).data.state).toBe('submitted');
    expect(await from()).toMatchObject({ status: 429, data: { state: 'form', formError: 'Too many answers from your network. Please wait a few minutes and try again.' } });
    expect(await getFeedbackResults(getDb(), user)).toMatchObject({ responseCount: 9, pendingCount: 1 });

    (features as { feedback: boolean }).feedback = false;
    try {
      expect(await runData(() => userFeedback.loader(args(getRequest(`/user-feedback/${token}`), { token })))).toMatchObject({ status: 404, data: { state: 'expired' } });
    } finally {
      (features as { feedback: boolean }).feedback = true;
    }
  });

  it("refuses the learner on their own link with a clear message, also once signed out in that browser", async () => {
    const user = await asker();
    const session = await signIn(user.userId);
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d] = (await feedbackSkills(getDb())).map((s) => String(s.skillId)) as [string, string, string, string];
    const browser = browserCookie();
    const signedIn = `${session.cookie}; ${browser}`;

    const opened = await open(token, signedIn);
    expect(opened).toMatchObject({ status: 403, data: { state: 'refused', message: OWN_FEEDBACK_MESSAGE } });
    expect((await renderRoute(`/user-feedback/${token}`, { route: userFeedback, params: { token }, cookie: signedIn })).status).toBe(403);

    // Answering anyway (twice, as the issue describes): refused each time, nothing stored.
    for (let i = 0; i < 2; i++) expect(await submit(token, { good: [a, b], bad: [c, d] }, signedIn)).toMatchObject({ status: 403, data: { state: 'refused', message: OWN_FEEDBACK_MESSAGE } });
    // The page after that post (JavaScript off) says why, with no form.
    const refused = await submit(token, { good: [a, b], bad: [c, d] }, signedIn);
    const page = await renderRoute(`/user-feedback/${token}`, { route: userFeedback, params: { token }, actionData: refused.data });
    expect(page.text).toContain('You can\u2019t answer your own feedback request.');
    expect(page.html).not.toContain('name="good"');
    expect(userFeedback.meta({ data: opened.data } as never)).toContainEqual({ title: 'Feedback | Leda' });
    // Signed out in the same browser: still refused.
    expect(await open(token, browser)).toMatchObject({ status: 403, data: { state: 'refused' } });
    expect(await submit(token, { good: [a, b], bad: [c, d] }, browser)).toMatchObject({ status: 403, data: { state: 'refused', message: OWN_FEEDBACK_MESSAGE } });

    // One colleague answers: the learner's refused answers did not count, so nothing shows.
    expect((await submit(token, { good: [a, b], bad: [c, d], comment: 'Only a colleague wrote this' })).data.state).toBe('submitted');
    const results = await getFeedbackResults(getDb(), user);
    expect(results).toMatchObject({ responseCount: 0, pendingCount: 1, answers: [], skillVotes: [] });
  });

  it('the shared link: the page sets a cookie, one answer per browser, and an answer without the cookie is asked to allow it', async () => {
    const user = await asker();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d] = (await feedbackSkills(getDb())).map((s) => String(s.skillId)) as [string, string, string, string];
    const first = await open(token);
    expect(first.status).toBe(200);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^leda_feedback=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    // A browser that keeps the cookie gets no new one.
    expect((await open(token, cookie)).headers.get('set-cookie')).toBeNull();

    expect((await submit(token, { good: [a, b], bad: [c, d] }, cookie)).data.state).toBe('submitted');
    expect(await submit(token, { good: [a, b], bad: [c, d] }, cookie)).toMatchObject({ status: 409, data: { state: 'refused', message: ALREADY_ANSWERED_MESSAGE } });
    // The page says so (a 200: after a plain POST this loader renders the thank-you page too).
    expect(await open(token, cookie)).toMatchObject({ status: 200, data: { state: 'refused', message: ALREADY_ANSWERED_MESSAGE } });

    const noCookie = await runData(() =>
      userFeedback.action(args(formRequest(`/user-feedback/${token}`, { good: [a, b], bad: [c, d] }, { headers: { 'x-test-client-ip': '10.45.0.1' } }), { token }) as never),
    );
    expect(noCookie).toMatchObject({ status: 400, data: { state: 'form', formError: COOKIE_NEEDED_MESSAGE } });
    expect(noCookie.headers.get('set-cookie')).toMatch(/^leda_feedback=/);
    expect(await getFeedbackResults(getDb(), user)).toMatchObject({ pendingCount: 1 });
  });
});
