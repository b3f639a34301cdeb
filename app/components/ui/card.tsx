import { useId, type ReactNode } from 'react';

/**
 * A card: a white panel with an optional heading (it then labels the section), actions beside the
 * heading and a footer. `tone` draws a coloured top edge; `raised` a deeper shadow.
 */
export function Card({
  title,
  titleId,
  headingLevel = 2,
  actions,
  footer,
  tone,
  raised = false,
  className = '',
  children,
}: {
  title?: ReactNode;
  /** The heading's id, when a test or a link needs a stable one (otherwise a generated one). */
  titleId?: string;
  headingLevel?: 2 | 3 | 4;
  actions?: ReactNode;
  footer?: ReactNode;
  tone?: 'brand' | 'success' | 'accent';
  raised?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const generated = useId();
  const id = titleId ?? generated;
  const Heading = `h${headingLevel}` as const;
  const classes = ['ui-card', tone ? `tone-${tone}` : '', raised ? 'is-raised' : '', className].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={title ? id : undefined}>
      {title || actions ? (
        <header className="ui-card-head">
          {title ? (
            <Heading id={id} className="ui-card-title">
              {title}
            </Heading>
          ) : null}
          {actions ? <div className="actions">{actions}</div> : null}
        </header>
      ) : null}
      <div className="ui-card-body">{children}</div>
      {footer ? <footer className="ui-card-foot">{footer}</footer> : null}
    </section>
  );
}
