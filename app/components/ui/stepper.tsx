import type { ReactNode } from 'react';
import { Link } from '~/components/link';

export type StepState = 'done' | 'inprogress' | 'todo';

export interface StepperItem {
  key: string | number;
  href: string;
  /** A small line above the title ('STEP 2'); read as part of the link. */
  kicker?: string;
  title: ReactNode;
  state: StepState;
  /** The state in words ('Finished', 'In progress', 'Ready to start'), shown under the link. */
  statusLabel?: string;
  /** The last item (the journey end): drawn with a star, not a number. */
  final?: boolean;
}

/**
 * A vertical stepper: numbered markers joined by a line, a tick for a finished step, the current
 * item marked with aria-current="step". A labelled nav of an ordered list of links (no JavaScript).
 */
export function Stepper({ label, items, current }: { label: string; items: StepperItem[]; current: number | null }) {
  return (
    <nav aria-label={label} className="ui-stepper">
      <ol>
        {items.map((item, i) => (
          <li key={item.key} className={`ui-step${current === i ? ' is-current' : ''}${item.final ? ' is-final' : ''}`} data-state={item.state} data-status={item.state}>
            <span className="ui-step-marker" aria-hidden="true" />
            <span className="ui-step-body">
              <Link to={item.href} className="ui-step-link" aria-current={current === i ? 'step' : undefined}>
                {item.kicker ? <span className="ui-step-kicker">{item.kicker}</span> : null} {item.title}
              </Link>{' '}
              {item.statusLabel ? <span className="ui-step-status step-status">{item.statusLabel}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
