import { useRef } from 'react';
import { Html } from './html';
import { useFocusFirstButton } from './hydrated';
import { IntentButton, IntentForm } from './player-dialog';

export interface QuestionView {
  questionId: number;
  /** 0-based position and the number of questions. */
  index: number;
  count: number;
  htmlContent: string;
  options: { optionId: number; htmlContent: string }[];
  selectedOptionId: number | null;
}

/**
 * One survey question: its options as POST buttons (answering records the option and moves on), Back
 * from the second question, Next once the question has an answer.
 */
export function SurveyQuestion({ question }: { question: QuestionView }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstButton(ref, question.questionId);
  return (
    <div ref={ref} className="survey-question" data-question-id={question.questionId}>
      <p className="player-progress">
        Question {question.index + 1} of {question.count}
      </p>
      <Html html={question.htmlContent} className="question" />
      <ul className="options" aria-label="Answers">
        {question.options.map((o) => (
          <li key={o.optionId}>
            <IntentForm intent="answer" fields={{ questionId: question.questionId, optionId: o.optionId }}>
              <button type="submit" className="button option-button" aria-pressed={o.optionId === question.selectedOptionId}>
                <Html html={o.htmlContent} as="span" />
              </button>
            </IntentForm>
          </li>
        ))}
      </ul>
      <div className="survey-nav">
        {question.index > 0 ? <IntentButton intent="back" fields={{ questionId: question.questionId }} label="Back" /> : <span />}
        {question.selectedOptionId != null ? <IntentButton intent="next" fields={{ questionId: question.questionId }} label="Next" className="button primary" /> : null}
      </div>
    </div>
  );
}
