import type { ReactNode } from 'react';

/**
 * The head of every admin screen (decision 347): the h1 (or an h2 for a section of a screen), an optional
 * line under it (the organisation, a count) and the screen's main actions, which wrap under the title on
 * a narrow screen.
 */
export function AdminPageHead({
  title,
  titleId,
  subtitle,
  actions,
  level = 1,
}: {
  title: ReactNode;
  titleId?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = `h${level}` as const;
  return (
    <header className={`admin-page-head${level === 2 ? ' is-section' : ''}`}>
      <div className="admin-page-title">
        <Heading id={titleId}>{title}</Heading>
        {subtitle ? <p className="admin-page-sub">{subtitle}</p> : null}
      </div>
      {actions ? <div className="admin-actions">{actions}</div> : null}
    </header>
  );
}
