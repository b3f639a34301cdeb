import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML; true in every render after that
 * (and at once for a component that mounts later, e.g. after a client-side navigation).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Keyboard flow in a player: when a new stage or question replaces the one whose button was pressed,
 * focus its first button (not when the page first loads, which would steal the page's focus).
 */
export function useFocusFirstButton(ref: RefObject<HTMLElement | null>, key: string | number) {
  const hydrated = useHydrated();
  const skipNext = useRef(!hydrated);
  useEffect(() => {
    if (skipNext.current) {
      skipNext.current = false;
      return;
    }
    ref.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus({ preventScroll: true });
  }, [ref, key]);
}
