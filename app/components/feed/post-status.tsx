import { useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { When } from '~/components/when';

/**
 * The message after the post editor saved (?scheduled=… or ?saved=posted|edited on the redirect):
 * 'Post scheduled' with its date (learner-app s.4), or that the post is posted or saved. Focus moves
 * to it, so keyboard and screen-reader users hear what happened (issue 25), not a silent <body>.
 */
export function PostSavedStatus({ scheduledAt }: { scheduledAt?: string | null }) {
  const [params] = useSearchParams();
  const saved = params.get('saved');
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = Boolean(scheduledAt) || saved === 'posted' || saved === 'edited';
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, scheduledAt, saved]);
  if (!shown) return null;
  // The design system's success toast (decision 273); the focused, announced element is the message
  // itself, so its text is the message alone (the toast's tick is decoration).
  return (
    <div className="ui-toast tone-success post-saved-toast">
      <span className="ui-toast-icon" aria-hidden="true">
        ✓
      </span>
      <div className="ui-toast-body">
        <p ref={ref} role="status" className="post-saved" tabIndex={-1}>
          {scheduledAt ? (
            <>
              Post scheduled for <When value={scheduledAt} format="datetime" />
            </>
          ) : saved === 'edited' ? (
            'Your changes to the post are saved.'
          ) : (
            'Your post is posted.'
          )}
        </p>
      </div>
    </div>
  );
}
