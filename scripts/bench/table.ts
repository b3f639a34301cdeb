import os from 'node:os';

/** The bench's table: one row per page, medians over the rounds (scripts/bench.ts prints it). */
export interface PageFacts {
  queries: number | null;
  htmlKb: number | null;
  jsGzipKb: number | null;
  jsFiles: number;
}

export interface Row {
  name: string;
  rps: number[];
  ratio: number[];
  cpu: number[];
  errors: number;
  firstError?: string;
  facts?: PageFacts;
  /** The rate-limited pass at 0.8 × the median req/s: the rate sent, the median and the p99 in ms. */
  paced?: { rate: number; p50: number; p99: number; errors: number };
}

export const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} on ${os.cpus().length} cores`;

export function printTable(title: string, rows: Row[], baseline?: Row[]) {
  const header = ['page', 'req/s', '÷ hello', 'CPU ms/req', 'CPU ÷ hello', '@80% req/s', 'p50 ms', 'p99 ms', 'queries', 'HTML KB', 'JS KB gz', ...(baseline ? ['CPU × base'] : []), 'errors'];
  const fmt = (n: number | null | undefined, digits: number) => (n === null || n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));
  const lines = rows.map((r) => {
    const base = baseline?.find((b) => b.name === r.name);
    return [
      r.name,
      fmt(median(r.rps), 0),
      fmt(median(r.ratio), 2),
      fmt(median(r.cpu), 2),
      fmt(median(rows[0]!.cpu) / median(r.cpu), 2),
      fmt(r.paced?.rate, 0),
      fmt(r.paced?.p50, 1),
      fmt(r.paced?.p99, 1),
      fmt(r.facts?.queries, 0),
      fmt(r.facts?.htmlKb, 1),
      r.facts?.jsGzipKb === null || r.facts?.jsGzipKb === undefined ? '-' : `${r.facts.jsGzipKb.toFixed(1)} (${r.facts.jsFiles})`,
      ...(baseline ? [base ? fmt(median(r.cpu) / median(base.cpu), 2) : '-'] : []),
      String(r.errors + (r.paced?.errors ?? 0)),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}\n(${loadAverage()} when printed)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(line(l));
  for (const r of rows) if (r.firstError) console.log(`  ${r.name}: first error: ${r.firstError}`);
}
