import { useActionData, useFetcher } from '@remix-run/react';
import { LockIcon, ThumbDownIcon, ThumbUpIcon } from './icons';

/** What an explore action answers after storing system feedback. */
export type FeedbackResult = { feedback?: 'thumbs' | 'interest'; formError?: string } | undefined;

export const THANKS = 'Thank you for your feedback!';

/** An action's formError (a 400 answer), shown above a form or player. */
export function FormErrorNote({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <div className="form-error" role="alert">
      <p>{error}</p>
    </div>
  );
}

/**
 * The sent state of a feedback form: fetcher.data with JavaScript on, the route's action data after a
 * plain POST with it off.
 */
function useSent(kind: 'thumbs' | 'interest') {
  const fetcher = useFetcher<FeedbackResult>();
  const actionData = useActionData<FeedbackResult>();
  const sent = fetcher.data?.feedback === kind || actionData?.feedback === kind;
  return { fetcher, sent };
}

/**
 * Thumbs feedback (-1 or 1) on a skill page or story chapter, posted to the page's own action with
 * intent=thumbs. Give it a `key` per page so the thanks do not follow the learner to the next page.
 */
export function ThumbsForm({ prompt = 'Was this helpful?' }: { prompt?: string }) {
  const { fetcher, sent } = useSent('thumbs');
  if (sent) return <p className="thanks" role="status">{THANKS}</p>;
  return (
    <fetcher.Form method="post" className="thumbs" aria-label="Feedback">
      <FormErrorNote error={fetcher.data?.formError} />
      <input type="hidden" name="intent" value="thumbs" />
      <p>{prompt}</p>
      <button type="submit" name="rating" value="1" className="button small" aria-label="Thumbs up" disabled={fetcher.state !== 'idle'}>
        <ThumbUpIcon />
      </button>
      <button type="submit" name="rating" value="-1" className="button small" aria-label="Thumbs down" disabled={fetcher.state !== 'idle'}>
        <ThumbDownIcon />
      </button>
    </fetcher.Form>
  );
}

/** A locked skill or story: shown as locked, with an "I'm interested" LockedContentInterest form. */
export function LockedPanel({ what, name }: { what: 'skill' | 'story'; name: string }) {
  const { fetcher, sent } = useSent('interest');
  return (
    <section className="locked-panel" aria-labelledby="locked-heading">
      <div className="lock-icon">
        <LockIcon size={32} />
      </div>
      <h2 id="locked-heading">This {what} is locked</h2>
      <p>
        {name} is not available on your plan yet. Let us know you are interested and we will take it into account when
        we unlock new content.
      </p>
      {sent ? (
        <p className="thanks" role="status">
          {THANKS}
        </p>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="interest" />
          <button type="submit" className="button primary" disabled={fetcher.state !== 'idle'}>
            I&apos;m interested
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
