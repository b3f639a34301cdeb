import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import { When } from '~/components/when';
import { CoverArt } from '~/components/cover-art';

/**
 * Activity cards (learner-app s.4 "Activity card"): a catalogue activity is not added, added and in
 * progress (with task progress), or completed (with the completion date); a my activity card shows
 * its own task progress. Names clamp at 2 lines.
 */
export interface CatalogueCard {
  activityId: number;
  name: string;
  overview: string;
  taskCount: number;
  isFeatured: boolean;
  inProgress: { myActivityId: number; taskCount: number; completedTaskCount: number } | null;
  completed: { myActivityId: number; completedAt: string } | null;
}


export function TaskProgress({ done, total }: { done: number; total: number }) {
  return (
    <p className="activity-progress">
      <progress max={total} value={done} aria-hidden="true" /> {done} of {total} tasks done
    </p>
  );
}

export function CatalogueActivityCard({ card }: { card: CatalogueCard }) {
  const titleId = `activity-${card.activityId}-title`;
  return (
    <li className="activity-card" id={`activity-${card.activityId}`} aria-labelledby={titleId}>
      <CoverArt title={card.name} kind="activity" />
      <h2 className="activity-name" id={titleId}>
        {card.name}
      </h2>
      {card.isFeatured ? <p className="activity-badge">Featured</p> : null}
      <p className="activity-overview">{card.overview}</p>
      {card.inProgress ? (
        <>
          <TaskProgress done={card.inProgress.completedTaskCount} total={card.inProgress.taskCount} />
          <Link className="button primary" to={`/app/activities?myActivityId=${card.inProgress.myActivityId}`} aria-describedby={titleId}>
            Continue
          </Link>
        </>
      ) : card.completed ? (
        <>
          <p className="activity-done">Completed <When value={card.completed.completedAt} format="date" /></p>
          <Link className="button" to={`/app/activities/completed-activities?myActivityId=${card.completed.myActivityId}`} aria-describedby={titleId}>
            View
          </Link>
        </>
      ) : (
        <>
          <p className="activity-progress">
            {card.taskCount} task{card.taskCount === 1 ? '' : 's'}
          </p>
          <Form method="post" action="/app/explore/activities">
            <input type="hidden" name="activityId" value={card.activityId} />
            <button type="submit" name="intent" value="add" className="button primary" aria-describedby={titleId}>
              Add to My Activities
            </button>
          </Form>
        </>
      )}
    </li>
  );
}

export interface MyActivityCardData {
  myActivityId: number;
  name: string;
  taskCount: number;
  completedTaskCount: number;
  completedAt: string | null;
  /** From a journey step: the journey's name, or 'N/A' when that journey is unknown; null otherwise. */
  journeyRibbon?: string | null;
}

/** A card in My Activities or Completed Activities: links to the activity's panel. */
export function MyActivityCard({ card, to, selected }: { card: MyActivityCardData; to: string; selected: boolean }) {
  return (
    <li className={`activity-card my-activity-card${selected ? ' selected' : ''}`}>
      <Link to={to} aria-current={selected ? 'true' : undefined} className="activity-card-link">
        {card.journeyRibbon ? (
          <span className="activity-ribbon">
            <span className="visually-hidden">From the journey </span>
            {card.journeyRibbon}
          </span>
        ) : null}
        <span className="activity-name">{card.name}</span>
        {card.completedAt ? (
          <span className="activity-done">Completed <When value={card.completedAt} format="date" /></span>
        ) : (
          <span className="activity-progress">
            {card.completedTaskCount} of {card.taskCount} tasks done
          </span>
        )}
      </Link>
    </li>
  );
}
