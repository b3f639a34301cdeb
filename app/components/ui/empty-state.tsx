import type { ReactNode } from 'react';

/** What an empty list says: a title, a line of help and what to do next (links or buttons). `icon={null}` leaves the icon out. */
export function EmptyState({ title, icon = '✦', actions, children }: { title: string; icon?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="ui-empty">
      {icon ? (
        <span className="ui-empty-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className="ui-empty-title">{title}</p>
      {children ? <p>{children}</p> : null}
      {actions ? <div className="actions">{actions}</div> : null}
    </div>
  );
}
