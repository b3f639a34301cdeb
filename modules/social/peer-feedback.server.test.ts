import { describe, expect, it } from 'vitest';
import { getDb, isDomainError } from '@modules/shared/index.server';
import { DAY, HOUR, MINUTE } from '@modules/shared/clock';
import { getCurrentUser, hashToken } from '@modules/identity/index.server';
import { makeUser } from '../../tests/support/factories';
import { deliveredEmailTo } from '../../tests/support/outbox';
import {
  checkSkillRatings,
  createPublicFeedbackToken,
  feedbackSkills,
  getFeedbackConfig,
  pruneFeedbackTokens,
  requestContactFeedback,
  submitFeedback,
  waitLabel,
  waitLeftMs,
  FEEDBACK_REQUEST_WAIT_MS,
  OWN_EMAIL_MESSAGE,
} from './peer-feedback.server';
import { getFeedbackResults } from './peer-feedback-results.server';
import { ALREADY_ANSWERED_MESSAGE, COOKIE_NEEDED_MESSAGE, OWN_FEEDBACK_MESSAGE, type Respondent } from './peer-feedback-respondents.server';
import { FEEDBACK_LINK_EXPIRED, FEEDBACK_SAME_SKILL_MESSAGE, FEEDBACK_SKILLS_MESSAGE } from './constants';
import { fixtureCatalogueBeforeAll } from '../../tests/support/content';

fixtureCatalogueBeforeAll();

const member = async () => {
  const u = await makeUser({ firstName: 'Ada', lastName: 'Lovelace' });
  return { ...(await getCurrentUser(getDb(), u.userId))!, email: u.email };
};
const errorOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (isDomainError(e) ? { status: e.status, message: e.message } : e));
let browsers = 0;
/** A browser that has never answered: its own feedback cookie, no one signed in. */
const newBrowser = (): Respondent => ({ browserKey: `browser-${++browsers}-${'x'.repeat(24)}`, viewerUserId: null });
const ratings = (good: number[], bad: number[]) => [...good.map((skillId) => ({ skillId, rating: 1 as const })), ...bad.map((skillId) => ({ skillId, rating: -1 as const }))];

describe('peer feedback rules', () => {
  it("reads 'Wait' plus the time left in the largest unit, and allows a new request after 2 weeks", () => {
    const asked = new Date('2026-11-01T10:00:00Z');
    expect(waitLabel(waitLeftMs(asked, new Date(asked.getTime() + DAY)))).toBe('Wait 13 days');
    expect(waitLabel(3 * HOUR)).toBe('Wait 3 hours');
    expect(waitLabel(1 * MINUTE)).toBe('Wait 1 minute');
    expect(waitLeftMs(asked, new Date(asked.getTime() + FEEDBACK_REQUEST_WAIT_MS))).toBe(0);
    expect(waitLeftMs(null)).toBe(0);
  });

  it('takes exactly 2 known skills in each section, never the same in both', async () => {
    const skills = await feedbackSkills(getDb());
    expect(skills.map((s) => s.name)).toEqual(['Emotional Self-Awareness', 'Emotional Self-Control', 'Growth Mindset', 'Motivating Others', 'Communication and Collaboration', 'Empathy']);
    const [a, b, c, d, e] = skills.map((s) => s.skillId) as [number, number, number, number, number];
    expect(checkSkillRatings(ratings([a, b], [c, d]), skills)).toEqual({ good: [a, b], bad: [c, d] });
    const fail = (r: ReturnType<typeof ratings>) => {
      try {
        checkSkillRatings(r, skills);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(fail(ratings([a], [c, d]))).toBe(FEEDBACK_SKILLS_MESSAGE);
    expect(fail(ratings([a, b, e], [c, d]))).toBe(FEEDBACK_SKILLS_MESSAGE);
    expect(fail(ratings([a, b], [c, 999_999]))).toBe(FEEDBACK_SKILLS_MESSAGE);
    expect(fail(ratings([a, b], [b, c]))).toBe(FEEDBACK_SAME_SKILL_MESSAGE);
  });
});

describe('feedback links', () => {
  it('stores only the hash of a 256-bit token, expires it, and prunes it a day later', async () => {
    const user = await member();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const rows = await getDb().selectFrom('feedback_tokens').selectAll().where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await getFeedbackConfig(getDb(), token)).toMatchObject({ userName: 'Ada Lovelace', skills: expect.arrayContaining([expect.objectContaining({ name: 'Empathy' })]) });

    await getDb().updateTable('feedback_tokens').set({ expires_at: new Date(Date.now() - 2 * DAY) }).where('user_id', '=', user.userId).execute();
    expect(await errorOf(getFeedbackConfig(getDb(), token))).toEqual({ status: 404, message: FEEDBACK_LINK_EXPIRED });
    expect(await pruneFeedbackTokens(getDb())).toBeGreaterThanOrEqual(1);
    expect(await getDb().selectFrom('feedback_tokens').select('id').where('user_id', '=', user.userId).execute()).toHaveLength(0);
  });

  it("emails a contact a working link minted at delivery: the stored email holds none, the link is answered once", async () => {
    const user = await member();
    const contact = await requestContactFeedback(getDb(), user, 'Colleague.One@Example.test');
    expect(contact).toMatchObject({ email: 'colleague.one@example.test', lastFeedbackRequestAt: expect.any(String) });
    const stored = await getDb().selectFrom('communications').select(['html', 'subject', 'kind']).where('recipient', '=', 'colleague.one@example.test').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ subject: 'A colleague would like your feedback on Leda', kind: 'feedback-request' });
    expect(stored.html).toContain('/user-feedback/[link removed]');

    const mail = await deliveredEmailTo('colleague.one@example.test');
    const token = /\/user-feedback\/([A-Za-z0-9_-]+)/.exec(mail.html)?.[1];
    expect(token).toBeTruthy();
    const skills = (await feedbackSkills(getDb())).map((s) => s.skillId);
    await submitFeedback(getDb(), token!, { answers: [{ questionIdentifier: 'ADDITIONAL_COMMENT', value: '  Great listener ' }], skillRatings: ratings(skills.slice(0, 2), skills.slice(2, 4)) }, { clientIp: '10.1.0.1' });
    // Used up: a second answer through the same emailed link is refused.
    expect(await errorOf(submitFeedback(getDb(), token!, { answers: [], skillRatings: ratings(skills.slice(0, 2), skills.slice(2, 4)) }, { clientIp: '10.1.0.1' }))).toEqual({
      status: 404,
      message: FEEDBACK_LINK_EXPIRED,
    });
    const answers = await getDb().selectFrom('feedback_responses').selectAll().where('user_id', '=', user.userId).execute();
    expect(answers.map((a) => a.comment)).toEqual(['Great listener']);
  });

  it("refuses the user's own address and a second request within 2 weeks", async () => {
    const user = await member();
    expect(await errorOf(requestContactFeedback(getDb(), user, user.email.toUpperCase()))).toEqual({ status: 400, message: OWN_EMAIL_MESSAGE });
    const t0 = new Date();
    await requestContactFeedback(getDb(), user, 'twice@example.test', t0);
    const again = await errorOf(requestContactFeedback(getDb(), user, 'twice@example.test', new Date(t0.getTime() + 3 * DAY)));
    expect(again).toEqual({ status: 409, message: 'You asked twice@example.test recently. Wait 11 days before asking again.' });
    await requestContactFeedback(getDb(), user, 'twice@example.test', new Date(t0.getTime() + FEEDBACK_REQUEST_WAIT_MS + MINUTE));
    expect(await getDb().selectFrom('user_contacts').select('id').where('user_id', '=', user.userId).execute()).toHaveLength(1);
  });
});

describe('feedback results', () => {
  it('stay hidden until 3 people answered, then rank the skills, keep the comments and keep no link to who answered', async () => {
    const user = await member();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d, e] = (await feedbackSkills(getDb())).map((s) => s.skillId) as [number, number, number, number, number];
    const answer = (good: number[], bad: number[], comment = '', ip = '10.2.0.1') =>
      submitFeedback(getDb(), token, { answers: comment ? [{ questionIdentifier: 'ADDITIONAL_COMMENT', value: comment }] : [], skillRatings: ratings(good, bad) }, { clientIp: ip, respondent: newBrowser() });

    await answer([a, b], [c, d], 'Could delegate more');
    await answer([a, c], [d, e]);
    expect(await getFeedbackResults(getDb(), user)).toEqual({ responseCount: 0, pendingCount: 2, responsesNeeded: 1, skillIdsGood: [], skillIdsBad: [], answers: [], skillVotes: [] });

    await answer([a, e], [d, b], 'Clear in meetings');
    const results = await getFeedbackResults(getDb(), user);
    expect(results.responseCount).toBe(3);
    expect(results.pendingCount).toBe(0);
    expect(results.responsesNeeded).toBe(3);
    expect(results.skillIdsGood[0]).toBe(a);
    expect(results.skillIdsBad[0]).toBe(d);
    expect(new Set(results.skillIdsGood)).toEqual(new Set([a, b, c, e]));
    // Sorted by text, not by arrival (the first answer's comment comes last here).
    expect(results.answers).toEqual([
      { questionIdentifier: 'ADDITIONAL_COMMENT', value: 'Clear in meetings' },
      { questionIdentifier: 'ADDITIONAL_COMMENT', value: 'Could delegate more' },
    ]);
    expect(results.skillVotes.find((v) => v.skillId === d)).toMatchObject({ good: 0, bad: 3 });
    // Anonymous: an answer row holds the person asked for feedback, a comment and a time, nothing else.
    const columns = Object.keys((await getDb().selectFrom('feedback_responses').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow()) as object).sort();
    expect(columns).toEqual(['comment', 'created_at', 'id', 'user_id']);
  });
});

describe('anonymity (decision 240)', () => {
  const input = (good: number[], bad: number[], comment = '') => ({
    answers: comment ? [{ questionIdentifier: 'ADDITIONAL_COMMENT', value: comment }] : [],
    skillRatings: ratings(good, bad),
  });

  it("refuses the learner's own answers, so answering their own link twice never unlocks a colleague's answer", async () => {
    const user = await member();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d, e] = (await feedbackSkills(getDb())).map((s) => s.skillId) as [number, number, number, number, number];
    const ownBrowser = newBrowser();
    const own: Respondent = { ...ownBrowser, viewerUserId: user.userId };
    // Signed in on their own link: refused, for the form and for the answer.
    expect(await errorOf(getFeedbackConfig(getDb(), token, own))).toEqual({ status: 403, message: OWN_FEEDBACK_MESSAGE });
    expect(await errorOf(submitFeedback(getDb(), token, input([a, b], [c, d]), { clientIp: '10.3.0.1', respondent: own }))).toEqual({ status: 403, message: OWN_FEEDBACK_MESSAGE });
    // Signed out in the same browser: still the learner's browser.
    expect(await errorOf(submitFeedback(getDb(), token, input([a, b], [c, d]), { clientIp: '10.3.0.1', respondent: ownBrowser }))).toEqual({ status: 403, message: OWN_FEEDBACK_MESSAGE });
    // Through an emailed link too.
    await requestContactFeedback(getDb(), user, 'own-check@example.test');
    const emailed = /\/user-feedback\/([A-Za-z0-9_-]+)/.exec((await deliveredEmailTo('own-check@example.test')).html)![1]!;
    expect(await errorOf(submitFeedback(getDb(), emailed, input([a, b], [c, d]), { clientIp: '10.3.0.1', respondent: own }))).toEqual({ status: 403, message: OWN_FEEDBACK_MESSAGE });

    // One answer per browser on the shared link: a second is refused, with or without signing in.
    const colleague = newBrowser();
    await submitFeedback(getDb(), token, input([a, e], [c, d], 'Only mine'), { clientIp: '10.3.0.2', respondent: colleague });
    expect(await errorOf(submitFeedback(getDb(), token, input([a, b], [c, d]), { clientIp: '10.3.0.2', respondent: colleague }))).toEqual({ status: 409, message: ALREADY_ANSWERED_MESSAGE });
    expect(await errorOf(getFeedbackConfig(getDb(), token, colleague))).toEqual({ status: 409, message: ALREADY_ANSWERED_MESSAGE });
    // A signed-in colleague is one respondent whatever the browser.
    const signedInColleague = await member();
    await submitFeedback(getDb(), token, input([a, b], [c, d]), { clientIp: '10.3.0.3', respondent: { ...newBrowser(), viewerUserId: signedInColleague.userId } });
    expect(
      await errorOf(submitFeedback(getDb(), token, input([a, b], [c, d]), { clientIp: '10.3.0.3', respondent: { ...newBrowser(), viewerUserId: signedInColleague.userId } })),
    ).toEqual({ status: 409, message: ALREADY_ANSWERED_MESSAGE });
    // No cookie and no sign-in: the shared link cannot tell people apart, so it asks for the cookie.
    expect(await errorOf(submitFeedback(getDb(), token, input([a, b], [c, d]), { clientIp: '10.3.0.4' }))).toEqual({ status: 400, message: COOKIE_NEEDED_MESSAGE });

    // Two distinct colleagues answered: nothing shows, the colleague's comment least of all.
    const results = await getFeedbackResults(getDb(), user);
    expect(results).toMatchObject({ responseCount: 0, pendingCount: 2, answers: [], skillVotes: [] });
    // The respondents table holds hashed keys only: nothing that points to an answer.
    const columns = Object.keys((await getDb().selectFrom('feedback_respondents').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow()) as object).sort();
    expect(columns).toEqual(['key_hash', 'role', 'user_id']);
  });

  it('releases results in whole batches of 3: one new answer never changes what the learner reads', async () => {
    const user = await member();
    const { token } = await createPublicFeedbackToken(getDb(), user);
    const [a, b, c, d, e, f] = (await feedbackSkills(getDb())).map((s) => s.skillId) as [number, number, number, number, number, number];
    const answer = (good: number[], bad: number[], comment = '') => submitFeedback(getDb(), token, input(good, bad, comment), { clientIp: '10.4.0.1', respondent: newBrowser() });
    await answer([a, b], [c, d], 'zebra-like patience');
    await answer([a, c], [d, e], 'Asks good questions');
    await answer([a, e], [d, b]);
    const first = await getFeedbackResults(getDb(), user);
    expect(first).toMatchObject({ responseCount: 3, pendingCount: 0, responsesNeeded: 3 });

    // A fourth and a fifth answer: the results (skills, votes, comments) do not move.
    await answer([f, e], [a, b], 'Late but honest');
    const fourth = await getFeedbackResults(getDb(), user);
    expect(fourth).toEqual({ ...first, pendingCount: 1, responsesNeeded: 2 });
    await answer([f, c], [a, b]);
    expect(await getFeedbackResults(getDb(), user)).toEqual({ ...first, pendingCount: 2, responsesNeeded: 1 });

    // The sixth completes the batch: all three show together, comments still sorted by text.
    await answer([f, b], [a, c], 'Brings energy');
    const second = await getFeedbackResults(getDb(), user);
    expect(second).toMatchObject({ responseCount: 6, pendingCount: 0, responsesNeeded: 3 });
    expect(second.answers.map((x) => x.value)).toEqual(['Asks good questions', 'Brings energy', 'Late but honest', 'zebra-like patience']);
    expect(second.skillVotes.find((v) => v.skillId === f)).toMatchObject({ good: 3, bad: 0 });
    expect(second.skillVotes.find((v) => v.skillId === a)).toMatchObject({ good: 3, bad: 3 });
  });

  it("counts a '+tag' of the learner's own address as their own", async () => {
    const user = await member();
    const [local, domain] = user.email.split('@') as [string, string];
    expect(await errorOf(requestContactFeedback(getDb(), user, `${local}+alias@${domain}`))).toEqual({ status: 400, message: OWN_EMAIL_MESSAGE });
  });
});
