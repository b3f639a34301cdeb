import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getAssessment } from '@modules/catalogue/index.server';
import { loader as listLoader } from './assessments';
import { action as surveyAction, loader as surveyLoader } from './assessments.$assessment';
import { args, getRequest, run } from '../../../../tests/support/remix';
import { completionRows, learner, playerRoute, fixtureCatalogueBeforeAll } from '../../../../tests/support/explore';

/** The assessments page and a self-assessment survey answered to its results through the actions (no JavaScript). */
fixtureCatalogueBeforeAll();

const P = '/app/explore/assessments';
const { view, click } = playerRoute(P, 'assessment', { loader: surveyLoader, action: surveyAction });
const completions = (userId: number) => completionRows(userId, 'assessment');

describe('/app/explore/assessments', () => {
  it('lists the surveys', async () => {
    const { cookie } = await learner();
    const res = await run(() => listLoader(args(getRequest(P, { cookie }))));
    expect(res.data.assessments.map((a: { urlId: string }) => a.urlId).sort()).toEqual(['self-awareness-check', 'team-communication-survey']);
  });

  it('answers an unknown survey with 404', async () => {
    const { cookie } = await learner();
    expect((await view(cookie, 'no-such-survey')).status).toBe(404);
    expect((await click(cookie, 'no-such-survey', { intent: 'start' })).status).toBe(404);
  });
});

describe('taking a survey', () => {
  it('goes from the start screen one question at a time to the results, with Back and Next, recording completion once', async () => {
    const { cookie, userId } = await learner();
    const a = 'self-awareness-check';
    const assessment = (await getAssessment(getDb(), a))!;
    const start = await view(cookie, a);
    expect(start.data.status).toBe('start');
    expect(start.data.assessment).toMatchObject({ name: 'Self-Awareness Check', questionCount: assessment.questions.length, problem: null });
    expect(start.data.assessment.instruction).toBeTruthy();

    expect((await click(cookie, a, { intent: 'start' })).location).toBe(`${P}/${a}`);
    let q = (await view(cookie, a)).data.question;
    expect(q).toMatchObject({ index: 0, count: assessment.questions.length, selectedOptionId: null });

    // Answer the first question (highest option), then go Back: it shows the answer and offers Next.
    const first = q;
    await click(cookie, a, { intent: 'answer', questionId: String(first.questionId), optionId: String(first.options.at(-1).optionId) });
    q = (await view(cookie, a)).data.question;
    expect(q.index).toBe(1);
    await click(cookie, a, { intent: 'back', questionId: String(q.questionId) });
    q = (await view(cookie, a)).data.question;
    expect(q).toMatchObject({ index: 0, selectedOptionId: first.options.at(-1).optionId });
    await click(cookie, a, { intent: 'next', questionId: String(q.questionId) });
    q = (await view(cookie, a)).data.question;
    expect(q.index).toBe(1);
    // Next before answering is refused.
    const early = await click(cookie, a, { intent: 'next', questionId: String(q.questionId) });
    expect(early.status).toBe(400);
    expect(early.data.formError).toBe('Answer this question to continue.');

    let current = await view(cookie, a);
    while (current.data.status === 'question') {
      const question = current.data.question;
      await click(cookie, a, { intent: 'answer', questionId: String(question.questionId), optionId: String(question.options.at(-1).optionId) });
      current = await view(cookie, a);
    }
    expect(current.data.status).toBe('results');
    const { results } = current.data;
    expect(results.skills.map((s: { name: string }) => s.name)).toEqual(['Emotional Self-Awareness', 'Accurate Self-Assessment', 'Self-Confidence']);
    expect(results.skills.every((s: { points: number; maxPoints: number }) => s.points > 0 && s.points <= s.maxPoints)).toBe(true);
    expect(results.feedbacks.length).toBeGreaterThan(0);

    expect(await completions(userId)).toHaveLength(1);
    await view(cookie, a);
    expect(await completions(userId)).toHaveLength(1);
    const list = await run(() => listLoader(args(getRequest(P, { cookie }))));
    expect(list.data.assessments.find((x: { urlId: string }) => x.urlId === a).completed).toBe(true);

    // 'Restart survey' resets everything.
    await click(cookie, a, { intent: 'restart' });
    expect((await view(cookie, a)).data.status).toBe('start');
    await click(cookie, a, { intent: 'start' });
    expect((await view(cookie, a)).data.question).toMatchObject({ index: 0, selectedOptionId: null });
    expect(await completions(userId)).toHaveLength(1);
  });

  it('answers a malformed click or a foreign option with a 400 and a message', async () => {
    const { cookie } = await learner();
    const a = 'team-communication-survey';
    for (const fields of [{ intent: 'skip' }, { intent: 'answer', questionId: '1' }, { intent: 'answer', questionId: 'x', optionId: '1' }]) {
      const res = await click(cookie, a, fields as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.data.formError).toBeTruthy();
    }
    await click(cookie, a, { intent: 'start' });
    const q = (await view(cookie, a)).data.question;
    const res = await click(cookie, a, { intent: 'answer', questionId: String(q.questionId), optionId: '999999' });
    expect(res.status).toBe(400);
    expect(res.data.formError).toBe('That option is not on this question.');
  });

  // 'Invalid assessment.' (a type other than Survey) cannot be stored: the table's check allows Survey only.
  it("shows 'No assessment to display.' for a survey without questions", async () => {
    const { cookie } = await learner();
    const db = getDb();
    await db.insertInto('assessments').values({ url_id: 'empty-survey', name: 'Empty', overview: '', instruction: '', citation: '' }).execute();
    expect((await view(cookie, 'empty-survey')).data.assessment.problem).toBe('No assessment to display.');
    const res = await click(cookie, 'empty-survey', { intent: 'start' });
    expect(res.status).toBe(400);
    expect(res.data.formError).toBe('No assessment to display.');
  });
});
