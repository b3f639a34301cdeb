import { describe, expect, it } from 'vitest';
import { applySurveyAction, newSurveyState, surveyProblem, surveyView } from './survey-player';
import { Operator } from './schemas';
import type { AssessmentData } from './types';

const SKILL = 3;
function makeSurvey(): AssessmentData {
  const q = (questionId: number) => ({
    questionId,
    ordinal: questionId,
    htmlContent: `<p>Q${questionId}</p>`,
    options: [0, 1, 2].map((v) => ({ optionId: questionId * 10 + v, htmlContent: `<p>${v}</p>`, optionSkills: [{ skillId: SKILL, value: v }] })),
  });
  return {
    assessmentId: 1,
    surveyId: 1,
    urlId: 's',
    name: 'S',
    type: 1,
    overview: '',
    instruction: '',
    citation: '',
    relatedSkills: [{ skillId: SKILL, urlId: 'resilience', name: 'Resilience', maxPoints: 6 }],
    questions: [q(1), q(2), q(3)],
    surveyFeedbacks: [
      { skillId: SKILL, operator: Operator.LessThan, value: 3, htmlContent: 'low' },
      { skillId: SKILL, operator: Operator.GreaterThanOrEqualTo, value: 3, htmlContent: 'mid' },
      { skillId: SKILL, operator: Operator.LessThan, value: 5, htmlContent: 'next step' },
      { skillId: SKILL, operator: Operator.GreaterThanOrEqualTo, value: 5, htmlContent: 'strength' },
    ],
    surveyActivities: [{ skillId: SKILL, operator: Operator.LessThan, value: 3, activityId: 42 }],
  };
}

describe('survey player', () => {
  it('goes start -> one question at a time -> results, with Next only once answered', () => {
    const a = makeSurvey();
    let s = newSurveyState();
    expect(surveyView(a, s).status).toBe('start');
    s = applySurveyAction(a, s, { type: 'start' });
    expect(surveyView(a, s)).toMatchObject({ status: 'question', index: 0, total: 3, canGoBack: false, canGoNext: false });
    expect(() => applySurveyAction(a, s, { type: 'next' })).toThrow('Answer this question to continue.');
    s = applySurveyAction(a, s, { type: 'answer', optionId: 12, questionId: 1 });
    expect(s.index).toBe(1);
    s = applySurveyAction(a, s, { type: 'back' });
    expect(surveyView(a, s)).toMatchObject({ index: 0, selectedOptionId: 12, canGoNext: true });
    s = applySurveyAction(a, s, { type: 'next' });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 21 });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 30 });
    expect(s.status).toBe('results');
    // 2 + 1 + 0 = 3: matches >=3 ('mid') and <5 ('next step'); the max-and-min filter keeps both.
    expect(surveyView(a, s).results?.[0]).toMatchObject({ points: 3, maxPoints: 6, feedbacks: ['mid', 'next step'], activityIds: [] });
  });

  it('counts a changed answer once', () => {
    const a = makeSurvey();
    let s = applySurveyAction(a, newSurveyState(), { type: 'start' });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 12 });
    s = applySurveyAction(a, s, { type: 'back' });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 10 });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 20 });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 30 });
    expect(surveyView(a, s).results?.[0]).toMatchObject({ points: 0, feedbacks: ['low'], activityIds: [42] });
  });

  it('ignores a stale answer for another question and rejects a foreign option', () => {
    const a = makeSurvey();
    const s = applySurveyAction(a, newSurveyState(), { type: 'start' });
    expect(applySurveyAction(a, s, { type: 'answer', optionId: 22, questionId: 2 })).toBe(s);
    expect(() => applySurveyAction(a, s, { type: 'answer', optionId: 22 })).toThrow('That option is not on this question.');
    expect(applySurveyAction(a, s, { type: 'back' })).toEqual(s);
  });

  it('restart resets everything', () => {
    const a = makeSurvey();
    let s = applySurveyAction(a, newSurveyState(), { type: 'start' });
    s = applySurveyAction(a, s, { type: 'answer', optionId: 12 });
    expect(applySurveyAction(a, s, { type: 'restart' })).toEqual(newSurveyState());
  });

  it('rejects a survey without questions with the words the player page shows', () => {
    const empty = { ...makeSurvey(), questions: [] };
    expect(surveyProblem(empty)).toBe('No assessment to display.');
    expect(() => applySurveyAction(empty, newSurveyState(), { type: 'start' })).toThrow('No assessment to display.');
    expect(surveyProblem({ ...makeSurvey(), type: 2 })).toBe('Invalid assessment.');
    expect(surveyProblem(makeSurvey())).toBeNull();
  });
});
