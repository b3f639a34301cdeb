import { useNavigation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Focus after actions (decision 334): focus never stays on <body> after something happened.
 *
 * - useFocusOnMount: the element gets focus when it appears (a question asked, a status shown).
 * - <FocusOnMount>: a status or question that takes the focus when it appears, also without
 *   JavaScript (the server writes `autofocus` on it, so the browser focuses it when the page loads).
 * - useFocusAfterAction: after a form post handled with JavaScript, once the page has settled,
 *   a focus left on <body> moves to the page's status or alert message, else to its <h1>.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function FocusOnMount({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} autoFocus className={className ? `focus-target ${className}` : 'focus-target'}>
      {children}
    </div>
  );
}

/** Where focus goes after an action: the first status or alert in `root`, else its first <h1>. */
export function focusActionTarget(root: ParentNode): HTMLElement | null {
  const target = root.querySelector<HTMLElement>('[role="status"]:not(:empty), [role="alert"]:not(:empty), .focus-target') ?? root.querySelector<HTMLElement>('h1');
  if (!target) return null;
  if (!target.matches('a, button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
  target.focus();
  return target;
}

const focusLost = () => !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;

/** In the app's shell: after a post (JavaScript on) that left the focus nowhere, focus the outcome. */
export function useFocusAfterAction(rootId: string) {
  const navigation = useNavigation();
  const posted = useRef(false);
  useEffect(() => {
    if (navigation.state === 'submitting' && navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET') posted.current = true;
    if (navigation.state !== 'idle' || !posted.current) return;
    posted.current = false;
    // After React's commit and any autofocus of the new page.
    const timer = window.setTimeout(() => {
      const root = document.getElementById(rootId);
      if (root && focusLost()) focusActionTarget(root);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [navigation.state, navigation.formMethod, rootId]);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a modal dialog: from its last control to its first and back (also
 * where the browser would move focus out to its own toolbar). Returns the listener's remover.
 */
export function trapTab(container: HTMLElement): () => void {
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key !== 'Tab') return;
    const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const inside = container.contains(document.activeElement);
    if (ev.shiftKey && (document.activeElement === first || !inside)) {
      ev.preventDefault();
      last.focus();
    } else if (!ev.shiftKey && (document.activeElement === last || !inside)) {
      ev.preventDefault();
      first.focus();
    }
  };
  container.addEventListener('keydown', onKey);
  return () => container.removeEventListener('keydown', onKey);
}

/**
 * A native modal <dialog>: Tab cycles inside it while it is open, and when it closes the focus goes
 * back to the element that had it before (the trigger), not to <body>.
 */
export function useModalFocus(ref: { current: HTMLDialogElement | null }) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The last element focused outside the dialog: the trigger, when it opens.
    let opener: HTMLElement | null = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onFocusIn = (ev: FocusEvent) => {
      if (ev.target instanceof HTMLElement && !dialog.contains(ev.target)) opener = ev.target;
    };
    const release = trapTab(dialog);
    const onClose = () => {
      // The browser may have put it back already; otherwise the trigger gets it, not <body>.
      if (opener?.isConnected && focusLost()) opener.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    dialog.addEventListener('close', onClose);
    return () => {
      release();
      document.removeEventListener('focusin', onFocusIn);
      dialog.removeEventListener('close', onClose);
    };
  }, [ref]);
}
