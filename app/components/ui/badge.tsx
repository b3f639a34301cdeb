import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

/** A short status word in a pill ('Completed', 'In progress', 'Official'). Solid for the strongest emphasis. */
export function Badge({ tone = 'neutral', solid = false, className = '', children }: { tone?: BadgeTone; solid?: boolean; className?: string; children: ReactNode }) {
  const classes = ['badge', tone === 'neutral' ? '' : `tone-${tone}`, tone === 'success' ? 'done' : '', solid ? 'is-solid' : '', className].filter(Boolean).join(' ');
  return <span className={classes}>{children}</span>;
}
