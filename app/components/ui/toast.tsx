import { useState, type ReactNode } from 'react';
import { useHydrated } from '~/components/explore/hydrated';

export type ToastTone = 'success' | 'info' | 'warning' | 'danger';

const ICONS: Record<ToastTone, string> = { success: '✓', info: 'i', warning: '!', danger: '!' };

/**
 * A confirmation or status message after an action ('Saved.', 'Comment deleted. Undo'): role="status"
 * (role="alert" for a danger), so it is announced. `actions` holds an undo form or a link. With
 * JavaScript it can be dismissed; `floating` pins it to the corner of the screen.
 */
export function Toast({
  id,
  tone = 'success',
  title,
  actions,
  floating = false,
  dismissible = false,
  children,
}: {
  /** For a field or form that points at the message (aria-describedby). */
  id?: string;
  tone?: ToastTone;
  title?: string;
  actions?: ReactNode;
  floating?: boolean;
  dismissible?: boolean;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  return (
    <div id={id} className={`ui-toast tone-${tone}${floating ? ' is-floating' : ''}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className="ui-toast-icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <div className="ui-toast-body">
        {title ? <p className="ui-toast-title">{title}</p> : null}
        {children ? <p>{children}</p> : null}
        {actions ? <div className="actions">{actions}</div> : null}
      </div>
      {dismissible && hydrated ? (
        <button type="button" className="ui-toast-close" aria-label="Dismiss" onClick={() => setHidden(true)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
