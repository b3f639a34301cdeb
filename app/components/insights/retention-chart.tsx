import type { RetentionGeometry } from '../../features/insights/chart-geometry.server';
import type { TeamRetention } from '@modules/admin/index.server';

import { formatDay } from '~/utils/dates';

/** A week's Monday, a calendar day: '3 Nov 2026'. */
const longWeek = formatDay;

/** Active members per week: a line drawn from server geometry, then the same data as a table. */
export function RetentionChart({ chart, retention }: { chart: RetentionGeometry; retention: TeamRetention }) {
  const { plot } = chart;
  return (
    <figure className="insights-figure" aria-labelledby="retention-title">
      <figcaption>
        <h2 id="retention-title">Retention</h2>
        <p className="insights-note">
          Members of the team who used the app each week (weeks start on Monday, UTC). The team has {retention.memberCount}{' '}
          {retention.memberCount === 1 ? 'member' : 'members'}.
        </p>
      </figcaption>
      <svg className="insights-chart" viewBox={chart.viewBox} role="img" aria-labelledby="retention-svg-title retention-svg-desc">
        <title id="retention-svg-title">Active members per week</title>
        <desc id="retention-svg-desc">A line chart of the active members per week; the table below has the same numbers.</desc>
        {chart.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} className="insights-gridline" />
            <text x={plot.left - 8} y={t.y + 4} textAnchor="end" className="insights-tick">
              {t.value}
            </text>
          </g>
        ))}
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="insights-axis" />
        {chart.xLabels.map((l) => (
          <text key={l.x} x={l.x} y={plot.bottom + 20} textAnchor="middle" className="insights-tick">
            {l.label}
          </text>
        ))}
        <path d={chart.path} className="insights-line" />
        {chart.points.map((p) => (
          <circle key={p.weekStart} cx={p.x} cy={p.y} r={4.5} className="insights-point">
            <title>{`Week of ${longWeek(p.weekStart)}: ${p.activeUsers} active`}</title>
          </circle>
        ))}
      </svg>
      <details className="insights-data">
        <summary>Retention as a table</summary>
        <table className="insights-table">
          <caption className="visually-hidden">Active members and visit days per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Active members</th>
              <th scope="col">Visit days</th>
            </tr>
          </thead>
          <tbody>
            {retention.weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{longWeek(w.weekStart)}</th>
                <td>{w.activeUsers}</td>
                <td>{w.visitDays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
