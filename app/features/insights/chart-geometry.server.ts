import { line } from '@visx/shape';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import type { JourneyProgress, ProgressStatus } from '@modules/journeys/index.server';
import type { TeamRetention } from '@modules/admin/index.server';

/**
 * The insights charts are drawn on the server (decision 191): @visx/scale and @visx/shape turn the
 * data into coordinates and SVG paths in a fixed viewBox, the loader sends them, and the components
 * only place plain SVG elements, so no chart library and no measuring reaches the browser.
 */
export const RETENTION_VIEW = { width: 720, height: 300, top: 20, right: 20, bottom: 44, left: 48 } as const;
export const PROGRESS_VIEW = { width: 720, rowHeight: 78, top: 8, barHeight: 26, left: 8, right: 8 } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-16' → '16 Nov'. */
export function shortWeekLabel(isoDay: string) {
  const [, m, d] = isoDay.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`;
}

export interface RetentionGeometry {
  viewBox: string;
  path: string;
  points: { x: number; y: number; weekStart: string; activeUsers: number }[];
  yTicks: { y: number; value: number }[];
  xLabels: { x: number; label: string }[];
  plot: { left: number; right: number; top: number; bottom: number };
}

export function retentionGeometry(retention: TeamRetention): RetentionGeometry {
  const v = RETENTION_VIEW;
  const plot = { left: v.left, right: v.width - v.right, top: v.top, bottom: v.height - v.bottom };
  const x = scalePoint<string>({ domain: retention.weeks.map((w) => w.weekStart), range: [plot.left + 8, plot.right - 8] });
  const max = Math.max(1, retention.memberCount, ...retention.weeks.map((w) => w.activeUsers));
  const y = scaleLinear<number>({ domain: [0, max], range: [plot.bottom, plot.top], nice: true });
  const at = (weekStart: string) => Math.round((x(weekStart) ?? plot.left) * 10) / 10;
  const points = retention.weeks.map((w) => ({ x: at(w.weekStart), y: Math.round(y(w.activeUsers) * 10) / 10, weekStart: w.weekStart, activeUsers: w.activeUsers }));
  const path = line<(typeof points)[number]>({ x: (p) => p.x, y: (p) => p.y })(points) ?? '';
  const every = Math.ceil(retention.weeks.length / 12);
  return {
    viewBox: `0 0 ${v.width} ${v.height}`,
    path,
    points,
    yTicks: y
      .ticks(Math.min(5, y.domain()[1] ?? 5))
      .filter((t) => Number.isInteger(t))
      .map((value) => ({ y: Math.round(y(value) * 10) / 10, value })),
    xLabels: retention.weeks
      .map((w, i) => ({ i, x: at(w.weekStart), label: shortWeekLabel(w.weekStart) }))
      .filter(({ i }) => (retention.weeks.length - 1 - i) % every === 0)
      .map(({ x: px, label }) => ({ x: px, label })),
    plot,
  };
}

export interface ProgressSegmentBox {
  status: ProgressStatus;
  count: number;
  x: number;
  width: number;
}

export interface ProgressRow {
  journeyId: number;
  name: string;
  total: number;
  labelY: number;
  barY: number;
  summaryY: number;
  segments: ProgressSegmentBox[];
}

export interface ProgressGeometry {
  viewBox: string;
  barHeight: number;
  rows: ProgressRow[];
}

export function progressGeometry(progress: JourneyProgress[]): ProgressGeometry {
  const v = PROGRESS_VIEW;
  const height = v.top + Math.max(1, progress.length) * v.rowHeight;
  const band = scaleBand<number>({ domain: progress.map((p) => p.journeyId), range: [v.top, height], padding: 0 });
  const rows = progress.map((p) => {
    const total = p.completed + p.inProgress + p.notStarted;
    const x = scaleLinear<number>({ domain: [0, Math.max(1, total)], range: [v.left, v.width - v.right] });
    let from = 0;
    const segments: ProgressSegmentBox[] = [];
    for (const status of ['completed', 'inProgress', 'notStarted'] as const) {
      const count = p[status];
      if (count > 0) segments.push({ status, count, x: Math.round(x(from) * 10) / 10, width: Math.round((x(from + count) - x(from)) * 10) / 10 });
      from += count;
    }
    const top = band(p.journeyId) ?? v.top;
    return { journeyId: p.journeyId, name: p.name, total, labelY: top + 16, barY: top + 24, summaryY: top + 24 + v.barHeight + 18, segments };
  });
  return { viewBox: `0 0 ${v.width} ${height}`, barHeight: v.barHeight, rows };
}
