import { useEffect } from 'react';
import { useLocation } from '@remix-run/react';
import { scrollToHash } from '~/utils/hash-scroll';

/**
 * Progressive enhancement of #anchor links (public-site spec 2.3): after each page change, scroll to the
 * element the hash names, retrying while it is not on the page yet (app/utils/hash-scroll.ts). Renders
 * nothing; the server's page and the browser's own fragment scroll are unchanged without JavaScript.
 * The session is always ready here (the server rendered the page with its user before this effect can
 * run), so the retries run every 20 ms; the 1000 ms pace is for a client still waiting for it.
 */
export function HashScroll() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    return scrollToHash(location.hash, {
      find: (id) => document.getElementById(id),
      isReady: () => true,
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
    });
    // location.key: a new navigation to the same hash scrolls again.
  }, [location.key, location.hash]);
  return null;
}
