import { useEffect } from 'react';

export const INACTIVITY_RELOAD_MS = 360 * 60_000;
export const INACTIVITY_CHECK_MS = 10_000;
const EVENTS = ['click', 'keydown', 'touchstart', 'scroll', 'mousemove'] as const;

type Win = Pick<Window, 'addEventListener' | 'removeEventListener'> & { location: Pick<Location, 'reload'> };

/**
 * Starts the watch on a window and answers its stop. Cheap: an event only sets a flag (no clock
 * read per mouse move); the 10 s check turns the flag into "active now" and reloads once 360
 * minutes have passed without any. Scroll is listened to in the capture phase, so a scrolling
 * panel counts too.
 */
export function watchInactivity(win: Win, now: () => number = Date.now): () => void {
  let last = now();
  let active = false;
  const touch = () => {
    active = true;
  };
  const opts = { passive: true, capture: true } as const;
  for (const e of EVENTS) win.addEventListener(e, touch, opts);
  const timer = setInterval(() => {
    const t = now();
    if (active) {
      active = false;
      last = t;
    } else if (t - last >= INACTIVITY_RELOAD_MS) {
      clearInterval(timer);
      win.location.reload();
    }
  }, INACTIVITY_CHECK_MS);
  return () => {
    clearInterval(timer);
    for (const e of EVENTS) win.removeEventListener(e, touch, opts);
  };
}

/**
 * The app home reloads itself after 360 minutes without a click, key, touch, scroll or mouse move
 * (checked every 10 s), so a wall screen left open shows today's feed (learner-app s.4). The app
 * layout mounts it on the user's home only (/app/team, or /app/explore/story for a student licence).
 */
export function InactivityReload() {
  useEffect(() => watchInactivity(window), []);
  return null;
}
