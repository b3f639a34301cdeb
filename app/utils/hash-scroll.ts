/**
 * Public-site spec 2.3: on every page change, after the scroll to the top, the page scrolls to the
 * element matching the URL hash, "retried up to 20 times (every 20 ms when the session is ready,
 * otherwise every 1000 ms)": content that arrives after the first paint (a fetcher's list, a lazy
 * panel) can still be the target. Without JavaScript the browser's own #fragment scroll does the job.
 *
 * The retry logic is pure (the clock and the document come in), so it is unit-tested with fake timers.
 */
export const HASH_SCROLL_TRIES = 20;
export const HASH_SCROLL_READY_MS = 20;
export const HASH_SCROLL_WAITING_MS = 1000;

export interface HashScrollDeps {
  /** The element for this id, or null while it is not on the page. */
  find: (id: string) => { scrollIntoView: (arg?: boolean | ScrollIntoViewOptions) => void } | null;
  /** Whether the session is ready (the app has its user); decides the retry interval. */
  isReady: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** The element id a location hash names ('#a%20b' -> 'a b'); null for an empty or malformed hash. */
export function hashTarget(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Scrolls to the hash's element, trying at once and then up to HASH_SCROLL_TRIES times in all; answers
 * a cancel function (a newer page change stops the older retries). Resolves how it ended through
 * `onDone`: 'scrolled' with the try that found it (1-based), or 'gave-up'.
 */
export function scrollToHash(hash: string, deps: HashScrollDeps, onDone?: (result: { outcome: 'scrolled' | 'gave-up'; tries: number }) => void): () => void {
  const id = hashTarget(hash);
  let handle: unknown = null;
  let cancelled = false;
  if (id === null) return () => {};
  const attempt = (tryNo: number) => {
    if (cancelled) return;
    const el = deps.find(id);
    if (el) {
      el.scrollIntoView();
      onDone?.({ outcome: 'scrolled', tries: tryNo });
      return;
    }
    if (tryNo >= HASH_SCROLL_TRIES) {
      onDone?.({ outcome: 'gave-up', tries: tryNo });
      return;
    }
    handle = deps.setTimeout(() => attempt(tryNo + 1), deps.isReady() ? HASH_SCROLL_READY_MS : HASH_SCROLL_WAITING_MS);
  };
  attempt(1);
  return () => {
    cancelled = true;
    if (handle !== null) deps.clearTimeout(handle);
  };
}
