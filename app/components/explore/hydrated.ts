import { useEffect, useState } from 'react';

/** True once the page has hydrated (JavaScript is running); false on the server and in the first client render. */
let hydrating = true;

export function isHydrating() {
  return typeof document === 'undefined' || hydrating;
}

export function useHydrated() {
  const [hydrated, setHydrated] = useState(() => !isHydrating());
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
