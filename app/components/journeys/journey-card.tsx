import type { ReactNode } from 'react';
import { CoverArt } from '~/components/cover-art';
import { Link } from '~/components/link';
import { Badge } from '~/components/ui/badge';
import { ProgressBar } from '~/components/ui/progress';
import { When } from '~/components/when';

export type JourneyCardState = 'notstarted' | 'inprogress' | 'completed';

/**
 * A journey as a card (learner home, My journeys): its generated cover art (decision 282, reused for
 * journeys by decision 333), name, teams, the design system's progress bar ("2 of 4 steps"), where the
 * learner is, and one action. A list item: the page gives the <ul>.
 */
export function JourneyCard({
  urlId,
  name,
  state,
  stepsDone,
  stepsTotal,
  currentStep,
  completedAt,
  isLocked = false,
  eyebrow,
  children,
}: {
  urlId: string;
  name: string;
  state: JourneyCardState;
  stepsDone: number;
  stepsTotal: number;
  currentStep: { name: string; number: number } | null;
  completedAt?: string | null;
  isLocked?: boolean;
  /** A line above the name: the team(s). */
  eyebrow?: string | null;
  children?: ReactNode;
}) {
  const label = isLocked ? null : state === 'completed' ? 'Review' : state === 'inprogress' ? 'Continue' : 'Start';
  return (
    <li className={`journey-card is-${state}`}>
      <CoverArt title={name} kind="journey" />
      <div className="journey-card-body">
        {eyebrow ? <p className="journey-card-eyebrow">{eyebrow}</p> : null}
        <h3 className="journey-card-title">{name}</h3>
        {children}
        <ProgressBar
          label="Progress"
          value={stepsDone}
          max={Math.max(stepsTotal, 1)}
          valueText={`${stepsDone} of ${stepsTotal} steps`}
          tone={state === 'completed' ? 'success' : 'brand'}
        />
        {state === 'completed' ? (
          <p className="journey-card-where">
            <Badge tone="success">Completed</Badge> {completedAt ? <When value={completedAt} format="long" /> : null}
          </p>
        ) : currentStep ? (
          <p className="journey-card-where">
            {state === 'inprogress' ? 'Current step' : 'First step'}: STEP {currentStep.number}, {currentStep.name}
          </p>
        ) : null}
        <p className="journey-card-actions">
          {label ? (
            <Link to={`/app/journey/${urlId}`} className={`button small${state === 'inprogress' ? ' primary' : ''}`} aria-label={`${label} ${name}`}>
              {label}
            </Link>
          ) : (
            <Badge tone="neutral">Locked</Badge>
          )}
        </p>
      </div>
    </li>
  );
}
