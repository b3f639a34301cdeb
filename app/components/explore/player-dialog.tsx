import { Form, useNavigate } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from './hydrated';

/**
 * The list page around a nested player route. Without JavaScript the player is the whole page (the list
 * is hidden); with it the list stays behind and the player is a modal dialog over it.
 */
export function PlayerHost({ player, children }: { player: ReactNode | null; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className={`player-host${player ? ' has-player' : ''}${hydrated ? ' js' : ''}`}>
      <div className="player-backdrop-content">{children}</div>
      {player}
    </div>
  );
}

/**
 * A player (game or survey) as a <dialog>: rendered open on the server so it works as a plain page; once
 * hydrated it becomes modal (focus kept inside, Escape closes) and closing goes back to the list.
 */
export function PlayerDialog({ title, closeTo, children }: { title: ReactNode; closeTo: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const d = ref.current;
    if (!d || typeof d.showModal !== 'function') return;
    try {
      if (!d.matches(':modal')) {
        if (d.open) d.close();
        d.showModal();
      }
    } catch {
      // An old browser without modal dialogs keeps the open, in-page dialog.
    }
  }, []);
  return (
    <dialog
      ref={ref}
      open
      className="player-dialog"
      aria-labelledby="player-title"
      onCancel={(e) => {
        e.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <header className="player-head">
        <h2 id="player-title">{title}</h2>
        <Link to={closeTo} className="button small" preventScrollReset>
          Close
        </Link>
      </header>
      <div className="player-body">{children}</div>
    </dialog>
  );
}

/** A POST button of a player: every click is a form with an intent the route's action validates. */
export function IntentButton({
  intent,
  label,
  fields,
  className = 'button',
  disabled,
  pressed,
}: {
  intent: string;
  label: ReactNode;
  fields?: Record<string, string | number>;
  className?: string;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <IntentForm intent={intent} fields={fields}>
      <button type="submit" className={className} disabled={disabled} aria-pressed={pressed}>
        {label}
      </button>
    </IntentForm>
  );
}

export function IntentForm({ intent, fields, children }: { intent: string; fields?: Record<string, string | number>; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset replace>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
    </Form>
  );
}
