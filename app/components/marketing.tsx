import { Link } from '~/components/link';
import type { ReactNode } from 'react';

/** Building blocks of the marketing pages. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow: string; title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="page-hero-inner">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function CtaBand({
  title = 'Put these ideas into practice with your team',
  text = 'Leda turns leadership and soft skills into short weekly steps your people actually complete.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section className="cta-band">
      <div className="cta-band-inner">
        <h2>{title}</h2>
        <p>{text}</p>
        <div className="cta-actions">
          <Link className="button primary large" to="/try-for-free">
            Try for free
          </Link>
          <Link className="button large ghost" to="/pricing">
            See pricing
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The product's marketing facts (public-site spec 1). */
export const FACTS = [
  { value: '12 months', label: 'of access with every licence' },
  { value: '6–12 months', label: 'for a full course of journeys' },
  { value: '~10 minutes', label: 'for each step of a journey' },
  { value: '1–2 weeks', label: 'to complete a journey' },
];

export function FactStrip() {
  return (
    <section className="fact-strip" aria-label="Leda in numbers">
      <dl className="fact-strip-inner">
        {FACTS.map((f) => (
          <div key={f.label}>
            <dt>{f.value}</dt>
            <dd>{f.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
