import type { ReactNode } from 'react';
import { Link } from '~/components/link';

/** Privacy policy and terms: a long prose page with a short header. */
export function LegalPage({ title, html, other, children }: { title: string; html: string; other: { to: string; label: string }; children?: ReactNode }) {
  return (
    <article className="legal">
      <header className="legal-header">
        <p className="eyebrow">Legal</p>
        <h1>{title}</h1>
        <p>
          Leda Learning Pty Ltd · Victoria, Australia · <Link to={other.to}>{other.label}</Link>
        </p>
      </header>
      <div className="prose legal-body" dangerouslySetInnerHTML={{ __html: html }} />
      {children}
    </article>
  );
}
