import { useEffect } from 'react';

export const INACTIVITY_RELOAD_MS = 360 * 60_000;
export const INACTIVITY_CHECK_MS = 10_000;

/**
 * The app home reloads itself after 360 minutes without a click, key, touch, scroll or mouse move
 * (checked every 10 s), so a wall screen left open shows today's feed (learner-app s.4).
 */
export function InactivityReload() {
  useEffect(() => {
    let last = Date.now();
    const touch = () => {
      last = Date.now();
    };
    const events = ['click', 'keydown', 'touchstart', 'scroll', 'mousemove'] as const;
    for (const e of events) window.addEventListener(e, touch, { passive: true });
    const timer = setInterval(() => {
      if (Date.now() - last >= INACTIVITY_RELOAD_MS) window.location.reload();
    }, INACTIVITY_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const e of events) window.removeEventListener(e, touch);
    };
  }, []);
  return null;
}
