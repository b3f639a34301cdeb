import { Link } from '~/components/link';
import { activitiesHref } from '~/features/activities/activity-pages';

/**
 * The pager under a my activities card list (decision 232): plain links, so it works without
 * JavaScript; "Newer activities" is the page before, "More activities" the page after. It keeps the
 * activity the learner chose (myActivityId), if any. Nothing is shown when there is one page.
 */
export function ActivitiesPager({ path, page, hasMore, myActivityId }: { path: string; page: number; hasMore: boolean; myActivityId: number | null }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pager" aria-label="Activities pages">
      {page > 1 ? (
        <Link to={activitiesHref(path, { myActivityId, page: page - 1 })} rel="prev">
          Newer activities
        </Link>
      ) : null}
      {page > 1 && hasMore ? ' · ' : null}
      {hasMore ? (
        <Link to={activitiesHref(path, { myActivityId, page: page + 1 })} rel="next">
          More activities
        </Link>
      ) : null}
    </nav>
  );
}
