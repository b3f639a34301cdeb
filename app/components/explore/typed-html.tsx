import { useEffect, useMemo, useState } from 'react';
import { htmlToText } from '@modules/shared/constants';
import { Html } from './html';
import { useHydrated } from './hydrated';

export const TYPE_MS_PER_CHARACTER = 20;

/**
 * Speech typed out at 20 ms a character once JavaScript runs (a click shows it all at once). On the
 * server and without JavaScript the full text shows. Give it `key={stageId}` so each stage types afresh.
 * Screen readers get the whole text at once.
 */
export function TypedHtml({ html, className }: { html: string; className?: string }) {
  const text = useMemo(() => htmlToText(html), [html]);
  // null: show everything. A component that mounts after hydration (a new stage) starts typing.
  const mountedAfterHydration = useHydrated();
  const [count, setCount] = useState<number | null>(() => (mountedAfterHydration ? 0 : null));
  const typing = count !== null && count < text.length;

  useEffect(() => {
    if (!typing) return;
    const t = setInterval(() => setCount((c) => (c === null ? null : c + 1)), TYPE_MS_PER_CHARACTER);
    return () => clearInterval(t);
  }, [typing]);

  return (
    <div className={className} data-typing={typing ? 'true' : 'false'} onClick={() => setCount(null)}>
      {typing ? (
        <>
          <p aria-hidden="true" className="typed">
            {text.slice(0, count)}
          </p>
          <Html html={html} className="visually-hidden" />
        </>
      ) : (
        <Html html={html} />
      )}
    </div>
  );
}
