import type { MouseEvent } from 'react';
import { Link } from '~/components/link';
import type { JourneyProgress, ProgressStatus } from '@modules/journeys/index.server';
import type { ProgressGeometry } from '../../features/insights/chart-geometry.server';

export const STATUS_LABEL: Record<ProgressStatus, string> = { completed: 'Completed', inProgress: 'In progress', notStarted: 'Not started' };
const STATUSES: ProgressStatus[] = ['completed', 'inProgress', 'notStarted'];
const lower = (s: ProgressStatus) => STATUS_LABEL[s].toLowerCase();

/** The fills: a colour (at least 3:1 against white) plus a pattern, so colour is never the only cue. */
function Patterns() {
  return (
    <defs>
      <pattern id="ins-stripes" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" className="ins-fill-inProgress" />
        <line x1="0" y1="0" x2="0" y2="8" className="ins-pattern-line" />
      </pattern>
      <pattern id="ins-dots" width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" className="ins-fill-notStarted" />
        <circle cx="4" cy="4" r="1.6" className="ins-pattern-dot" />
      </pattern>
    </defs>
  );
}

const FILL: Record<ProgressStatus, string> = { completed: '#1a7f37', inProgress: 'url(#ins-stripes)', notStarted: 'url(#ins-dots)' };

export function Legend() {
  return (
    <ul className="insights-legend" aria-label="Legend">
      {STATUSES.map((s) => (
        <li key={s}>
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
            <rect width="18" height="18" fill={FILL[s]} />
          </svg>{' '}
          {STATUS_LABEL[s]}
        </li>
      ))}
    </ul>
  );
}

/**
 * Journey progress: per journey of the team a stacked bar (completed, in progress, not started)
 * from server geometry; each segment and each count in the table links to ?segment=journeyId:status,
 * which opens the list of those users (a modal with JS, the same list as a page section without).
 */
export function ProgressChart({
  chart,
  progress,
  segmentHref,
  onSegmentClick,
}: {
  chart: ProgressGeometry;
  progress: JourneyProgress[];
  segmentHref: (journeyId: number, status: ProgressStatus) => string;
  onSegmentClick: (event: MouseEvent<Element>, href: string) => void;
}) {
  return (
    <figure className="insights-figure" aria-labelledby="progress-title">
      <figcaption>
        <h2 id="progress-title">Journey progress</h2>
        <p className="insights-note">For each journey of the team: its members who completed it, have it in progress, or have not started it. Choose a part of a bar to see who.</p>
      </figcaption>
      {progress.length === 0 ? (
        <p className="insights-empty">This team has no journeys yet.</p>
      ) : (
        <>
          <Legend />
          <svg className="insights-chart" viewBox={chart.viewBox} role="group" aria-labelledby="progress-svg-title">
            <title id="progress-svg-title">Journey progress per journey</title>
            <Patterns />
            {chart.rows.map((row) => (
              <g key={row.journeyId}>
                <text x={8} y={row.labelY} className="insights-row-label">
                  {row.name}
                </text>
                <rect x={8} y={row.barY} width={704} height={chart.barHeight} className="insights-track" />
                {row.segments.map((s) => {
                  const href = segmentHref(row.journeyId, s.status);
                  return (
                    <a key={s.status} href={href} onClick={(e) => onSegmentClick(e, href)} aria-label={`${row.name}: ${s.count} ${lower(s.status)}. Show them`} className="insights-segment">
                      <rect x={s.x} y={row.barY} width={Math.max(s.width, 2)} height={chart.barHeight} fill={FILL[s.status]} className={`ins-seg ins-seg-${s.status}`} />
                    </a>
                  );
                })}
                <text x={8} y={row.summaryY} className="insights-row-summary">
                  {STATUSES.map((s) => `${progress.find((p) => p.journeyId === row.journeyId)?.[s] ?? 0} ${lower(s)}`).join(' · ')}
                </text>
              </g>
            ))}
          </svg>
          <details className="insights-data">
            <summary>Journey progress as a table</summary>
            <table className="insights-table">
              <caption className="visually-hidden">Members per journey and status</caption>
              <thead>
                <tr>
                  <th scope="col">Journey</th>
                  {STATUSES.map((s) => (
                    <th key={s} scope="col">
                      {STATUS_LABEL[s]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {progress.map((p) => (
                  <tr key={p.journeyId}>
                    <th scope="row">{p.name}</th>
                    {STATUSES.map((s) => (
                      <td key={s}>
                        <Link to={segmentHref(p.journeyId, s)} preventScrollReset aria-label={`${p[s]} ${lower(s)} in ${p.name}: show them`}>
                          {p[s]}
                        </Link>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
