import { useOutlet } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { EXPLORE_CRUMB } from './breadcrumbs';
import { CardGrid } from './cards';
import { EmptyMessage, ExplorePage } from './explore-page';
import { FormErrorNote } from './feedback-forms';
import { IntentButton, PlayerDialog, PlayerHost } from './player-dialog';
import { Results, type ResultsView } from './results';

/**
 * A list of playable items (games, assessments) whose nested route is the player: the cards, or the
 * spec's empty message, inside a PlayerHost that shows the player over the list.
 */
export function PlayerListPage({ title, intro, empty, cards }: { title: string; intro: string; empty: string; cards: ReactNode[] }) {
  const player = useOutlet();
  return (
    <PlayerHost player={player}>
      <ExplorePage crumbs={[EXPLORE_CRUMB, { label: title }]} title={title} intro={intro}>
        {cards.length ? <CardGrid label={title}>{cards}</CardGrid> : <EmptyMessage>{empty}</EmptyMessage>}
      </ExplorePage>
    </PlayerHost>
  );
}

/**
 * The frame every player screen shares: the dialog, the last action's error, then the item's problem
 * ('Invalid game.', ...), or the results with Restart and Finish, or the current step (children).
 */
export function PlayerScreen({
  title,
  closeTo,
  formError,
  problem,
  results,
  restartLabel,
  finishLabel = 'Finish',
  children,
}: {
  title: string;
  closeTo: string;
  /** 'Back to the journey step' when the player was opened from a journey step (decision 174). */
  finishLabel?: string;
  formError?: string | null;
  problem: string | null;
  results: ResultsView | null;
  restartLabel: string;
  children: ReactNode;
}) {
  return (
    <PlayerDialog title={title} closeTo={closeTo}>
      <FormErrorNote error={formError} />
      {problem ? (
        <p role="alert">{problem}</p>
      ) : results ? (
        <Results
          results={results}
          actions={
            <>
              <IntentButton intent="restart" label={restartLabel} />
              <Link to={closeTo} className="button primary">
                {finishLabel}
              </Link>
            </>
          }
        />
      ) : (
        children
      )}
    </PlayerDialog>
  );
}
