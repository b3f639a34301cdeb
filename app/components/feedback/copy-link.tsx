import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_MESSAGE_MS } from '@modules/social/constants';

/**
 * The shareable link (getPublicFeedbackToken). With JavaScript, 'Copy link' asks the server for a
 * fresh link, copies it and says 'Link copied' for 2 s (learner-app 9). Without JavaScript the same
 * button posts the page, which comes back with the link as selectable text. A link is minted only
 * when asked for (only its hash is stored, so a page view cannot show an old one).
 */
export function CopyLink({ publicLink }: { publicLink: string | null }) {
  const fetcher = useFetcher<{ publicLink?: string }>();
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const link = fetcher.data?.publicLink ?? publicLink;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const fresh = fetcher.data?.publicLink;
    if (!fresh || handled.current === fresh) return;
    handled.current = fresh;
    let timer: ReturnType<typeof setTimeout> | undefined;
    navigator.clipboard
      ?.writeText(fresh)
      .then(() => {
        setCopyFailed(false);
        setCopied(true);
        timer = setTimeout(() => setCopied(false), COPIED_MESSAGE_MS);
      })
      .catch(() => setCopyFailed(true));
    if (!navigator.clipboard) setCopyFailed(true);
    return () => clearTimeout(timer);
  }, [fetcher.data]);
  const busy = fetcher.state !== 'idle';
  return (
    <section className="feedback-card" aria-labelledby="copy-link-heading">
      <h2 id="copy-link-heading">Share a link</h2>
      <p>Anyone with the link can answer anonymously for 30 days. Share it in a team chat or an email of your own.</p>
      <fetcher.Form method="post" className="copy-link-form">
        <input type="hidden" name="intent" value="public-link" />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Getting a link…' : 'Copy link'}
        </button>
        <span className="copied-message" role="status">
          {copied ? 'Link copied' : ''}
        </span>
      </fetcher.Form>
      {link ? (
        <div className="field public-link">
          <label htmlFor="public-feedback-link">{copyFailed || !fetcher.data ? 'Your feedback link (select and copy it)' : 'Your feedback link'}</label>
          <input id="public-feedback-link" type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
    </section>
  );
}
