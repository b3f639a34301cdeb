import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The checkbox behind a CSS-only disclosure (the app's side navigation, the public mobile Menu).
 * Without JavaScript it is a plain checkbox that its <label> (the visible button) toggles, with Space.
 * Once hydrated it becomes a button with aria-expanded that also opens with Enter, and it closes
 * (closeOnNavigate) on every page change.
 *
 * `openWhenChecked()` says whether a ticked box means "open" here (the app's side navigation is
 * open by default on wide screens, so there a tick collapses it).
 */
export interface DisclosureToggleProps {
  id: string;
  className: string;
  label: string;
  controls: string;
  hidden?: boolean;
  openWhenChecked?: () => boolean;
  closeOnNavigate: (box: HTMLInputElement) => void;
}

const always = () => true;

export function DisclosureToggle({ id, className, label, controls, hidden, openWhenChecked = always, closeOnNavigate }: DisclosureToggleProps) {
  const box = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const sync = useCallback(() => {
    if (box.current) setExpanded(box.current.checked === openWhenChecked());
  }, [openWhenChecked]);

  useEffect(() => {
    setHydrated(true);
    sync();
    window.addEventListener('resize', sync);
    return () => window.removeEventListener('resize', sync);
  }, [sync]);

  useEffect(() => {
    if (box.current) closeOnNavigate(box.current);
    sync();
    // Only a page change closes it; the callbacks are stable in meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    e.currentTarget.click();
  };

  return (
    <input
      ref={box}
      type="checkbox"
      id={id}
      className={className}
      aria-controls={controls}
      aria-label={label}
      hidden={hidden}
      role={hydrated ? 'button' : undefined}
      aria-expanded={hydrated ? expanded : undefined}
      onChange={sync}
      onKeyDown={onKeyDown}
    />
  );
}
