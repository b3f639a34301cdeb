import { useEffect, useRef } from 'react';
import { useNavigate } from '@remix-run/react';
import { Link } from '~/components/link';
import type { Segment } from '@modules/journeys/index.server';
import { STATUS_LABEL } from './progress-chart';

/**
 * The drill-down: the users of one bar segment. Rendered by the server as an open <dialog> (a
 * plain section on the page without JS, closed by a link); with JS it becomes modal (focus
 * trapped, Escape closes) and closing goes back to the page without ?segment.
 */
export function SegmentDialog({ segment, closeHref, profileHref, limit }: { segment: Segment; closeHref: string; profileHref?: (userId: number) => string; limit: number }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      navigate(closeHref, { preventScrollReset: true, replace: true });
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, [segment.journeyId, segment.status, closeHref, navigate]);
  const label = STATUS_LABEL[segment.status];
  return (
    <dialog ref={ref} open className="insights-dialog" aria-labelledby="segment-title">
      <div className="insights-dialog-head">
        <h2 id="segment-title">
          {label}: {segment.journeyName}
        </h2>
        <Link to={closeHref} preventScrollReset replace className="button small">
          Close
        </Link>
      </div>
      <p>
        {segment.total} {segment.total === 1 ? 'member' : 'members'}
        {segment.total > limit ? ` (the first ${limit} by name)` : ''}.
      </p>
      {segment.users.length ? (
        <ul className="insights-users">
          {segment.users.map((u) => (
            <li key={u.userId}>
              {profileHref ? <Link to={profileHref(u.userId)}>{u.fullName}</Link> : <span>{u.fullName}</span>}
              {u.jobTitle ? <span className="insights-job"> {u.jobTitle}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="insights-empty">Nobody is in this group.</p>
      )}
    </dialog>
  );
}
