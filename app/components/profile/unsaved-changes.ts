import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * "Settings forms can be saved only with unsaved changes" (learner-app s.4). With JavaScript the
 * save button is disabled until a field differs from the saved value; without it (and in the
 * server's render) the button is always enabled, so the form still submits as plain HTML.
 *
 *   const unsaved = useUnsavedChanges({ firstName: 'Ada', … });
 *   <div ref={unsaved.ref} onInput={unsaved.check} onChange={unsaved.check}> <form> … <button disabled={unsaved.disabled}>
 *
 * The ref may sit on the form itself or on an element around it (LedaForm takes no ref).
 */
export function useUnsavedChanges(saved: Record<string, string>) {
  const ref = useRef<HTMLDivElement & HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [dirty, setDirty] = useState(false);
  const savedKey = JSON.stringify(saved);

  const check = useCallback(() => {
    const el: HTMLElement | null = ref.current;
    const form = el?.tagName === 'FORM' ? (el as HTMLFormElement) : el?.querySelector('form');
    if (!form) return;
    const values = new FormData(form);
    const savedValues = JSON.parse(savedKey) as Record<string, string>;
    setDirty(
      Object.entries(savedValues).some(([name, was]) => {
        const v = values.get(name);
        const now = v === null ? '' : typeof v === 'string' ? v : v.name;
        return now.trim() !== was.trim();
      }),
    );
  }, [savedKey]);

  useEffect(() => {
    setHydrated(true);
    check();
  }, [check]);

  return { ref, check, dirty, disabled: hydrated && !dirty };
}
