import { z } from 'zod';
import { evaluateResults, type SkillResult } from './results';
import { PlayerError } from './game-player';
import { AssessmentType } from './schemas';
import type { AssessmentData, QuestionData } from './types';

/**
 * The self-assessment survey as a pure state machine: start screen, one question at a time,
 * results. Answering records the option and advances; Back and Next move between questions
 * (Next only once the question is answered); after the last question the results are computed.
 * Points are summed from the recorded answers, so changing an answer never counts twice.
 */
export const surveyStateSchema = z.object({
  status: z.enum(['start', 'question', 'results']),
  index: z.number().int().min(0),
  answers: z.record(z.string(), z.number().int()),
  completedAt: z.string().nullable(),
});
export type SurveyState = z.infer<typeof surveyStateSchema>;

export type SurveyAction =
  | { type: 'start' }
  | { type: 'answer'; optionId: number; questionId?: number }
  | { type: 'back'; questionId?: number }
  | { type: 'next'; questionId?: number }
  | { type: 'restart' };

export function newSurveyState(): SurveyState {
  return { status: 'start', index: 0, answers: {}, completedAt: null };
}

const current = (a: AssessmentData, s: SurveyState): QuestionData | null => (s.status === 'question' ? (a.questions[s.index] ?? null) : null);
const isAnswered = (s: SurveyState, q: QuestionData) => s.answers[String(q.questionId)] != null;

/** After the last question: the results when every question is answered, else the first unanswered one. */
function advance(a: AssessmentData, s: SurveyState): SurveyState {
  if (s.index + 1 < a.questions.length) return { ...s, index: s.index + 1 };
  const missing = a.questions.findIndex((q) => !isAnswered(s, q));
  return missing === -1 ? { ...s, status: 'results' } : { ...s, index: missing };
}

export function surveyPoints(a: AssessmentData, s: SurveyState): Record<string, number> {
  const points: Record<string, number> = {};
  for (const q of a.questions) {
    const option = q.options.find((o) => o.optionId === s.answers[String(q.questionId)]);
    for (const p of option?.optionSkills ?? []) points[String(p.skillId)] = (points[String(p.skillId)] ?? 0) + p.value;
  }
  return points;
}

export function surveyResults(a: AssessmentData, s: SurveyState): SkillResult[] {
  return evaluateResults({ relatedSkills: a.relatedSkills, feedbacks: a.surveyFeedbacks, activities: a.surveyActivities, points: surveyPoints(a, s) });
}

/**
 * Whether a survey can be played, worded for the learner (the player page and the player agree):
 * 'Invalid assessment.' for a type other than Survey, 'No assessment to display.' without questions.
 */
export function surveyProblem(a: Pick<AssessmentData, 'type' | 'questions'>): string | null {
  if (a.type !== AssessmentType.Survey) return 'Invalid assessment.';
  if (!a.questions.length) return 'No assessment to display.';
  return null;
}

export function applySurveyAction(a: AssessmentData, s: SurveyState, action: SurveyAction): SurveyState {
  const problem = surveyProblem(a);
  if (problem) throw new PlayerError(problem);
  if (action.type === 'restart') return newSurveyState();
  if (action.type === 'start') return s.status === 'question' ? s : { ...newSurveyState(), status: 'question' };
  const q = current(a, s);
  if (!q) return s;
  if (action.questionId != null && action.questionId !== q.questionId) return s; // a stale form
  switch (action.type) {
    case 'answer': {
      if (!q.options.some((o) => o.optionId === action.optionId)) throw new PlayerError('That option is not on this question.');
      return advance(a, { ...s, answers: { ...s.answers, [String(q.questionId)]: action.optionId } });
    }
    case 'back':
      return s.index > 0 ? { ...s, index: s.index - 1 } : s;
    case 'next':
      if (!isAnswered(s, q)) throw new PlayerError('Answer this question to continue.');
      return advance(a, s);
  }
}

export interface SurveyView {
  status: SurveyState['status'];
  question: QuestionData | null;
  /** 0-based position and the total, for "Question 2 of 9". */
  index: number;
  total: number;
  selectedOptionId: number | null;
  canGoBack: boolean;
  canGoNext: boolean;
  results: SkillResult[] | null;
}

export function surveyView(a: AssessmentData, s: SurveyState): SurveyView {
  const q = current(a, s);
  return {
    status: s.status === 'question' && !q ? 'start' : s.status,
    question: q,
    index: s.index,
    total: a.questions.length,
    selectedOptionId: q ? (s.answers[String(q.questionId)] ?? null) : null,
    canGoBack: !!q && s.index > 0,
    canGoNext: !!q && isAnswered(s, q),
    results: s.status === 'results' ? surveyResults(a, s) : null,
  };
}
