/**
 * `npx tsx scripts/bench.ts --profile DIR`: the Leda server runs under `node --cpu-prof`, the bench
 * notes when each page's measured run started and ended (the monotonic clock, which V8's profile
 * timestamps use too), and this file splits the profile's samples by those windows: per page, where
 * the server's CPU went, by self time, in ms per request.
 *
 * Buckets (by the sampled function's file): SQL client (pg, kysely), React render (react-dom, react),
 * Remix and its router (@remix-run/*, react-router, turbo-stream), Express and HTTP (express, node's
 * http/net/stream modules, compression, zlib), socket writes (the native writev), Leda's own code
 * (build/index.js), GC, other node
 * internals, and other packages. Idle samples ("(idle)") are left out: the per-request figures are
 * CPU, not latency.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ProfileWindow {
  label: string;
  /** Monotonic µs (process.hrtime), as V8's cpu profile timestamps. */
  from: number;
  to: number;
  requests: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const BUCKETS = ['SQL client', 'React render', 'Remix + router', 'HTTP, Express, gzip', 'socket writes', 'Leda code', 'GC', 'node internals', 'other packages'] as const;
type Bucket = (typeof BUCKETS)[number];

function bucketOf(frame: { functionName: string; url: string }): Bucket | null {
  const { url, functionName } = frame;
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') return functionName === '(program)' ? 'node internals' : null;
  if (functionName === '(garbage collector)') return 'GC';
  if (url === '' && (functionName === 'writev' || functionName === 'writeBuffer' || functionName === 'writeUtf8String')) return 'socket writes';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) {
    if (/^(pg|pg-.*|kysely|postgres-.*)$/.test(pkg)) return 'SQL client';
    if (/^(react-dom|react|scheduler)$/.test(pkg)) return 'React render';
    if (/^(@remix-run\/.*|react-router|react-router-dom|turbo-stream|cookie|set-cookie-parser)$/.test(pkg)) return 'Remix + router';
    if (/^(express|compression|body-parser|on-headers|send|finalhandler|router|accepts|negotiator|mime.*)$/.test(pkg)) return 'HTTP, Express, gzip';
    return 'other packages';
  }
  if (url.includes('/build/index.js') || url.includes('/app/') || url.includes('/modules/')) return 'Leda code';
  if (/^node:(_http|http|net|stream|internal\/(streams|http|stream_base|net)|zlib)/.test(url) || /^node:internal\/(streams|http|stream_base|net)/.test(url)) return 'HTTP, Express, gzip';
  return 'node internals';
}

/** Per window: CPU ms per request in each bucket, and the total. */
export function summariseProfile(file: string, windows: ProfileWindow[]) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const bucketOfNode = new Map<number, Bucket | null>();
  for (const n of profile.nodes) bucketOfNode.set(n.id, bucketOf(n.callFrame));
  const sums = windows.map(() => new Map<Bucket, number>());
  let t = profile.startTime;
  let w = 0;
  const sorted = windows.map((win, i) => ({ ...win, i })).sort((a, b) => a.from - b.from);
  for (let s = 0; s < profile.samples.length; s++) {
    const dt = profile.timeDeltas[s] ?? 0;
    t += dt;
    while (w < sorted.length && t > sorted[w]!.to) w++;
    if (w >= sorted.length) break;
    const win = sorted[w]!;
    if (t < win.from) continue;
    const b = bucketOfNode.get(profile.samples[s]!);
    if (!b) continue;
    // A sample stands for the interval until the next one.
    const span = profile.timeDeltas[s + 1] ?? dt;
    sums[win.i]!.set(b, (sums[win.i]!.get(b) ?? 0) + span / 1000);
  }
  return windows.map((win, i) => {
    const perRequest = Object.fromEntries(BUCKETS.map((b) => [b, (sums[i]!.get(b) ?? 0) / Math.max(1, win.requests)])) as Record<Bucket, number>;
    return { label: win.label, requests: win.requests, perRequest, total: Object.values(perRequest).reduce((a, b) => a + b, 0) };
  });
}

export function printProfile(dir: string, windows: ProfileWindow[]) {
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  fs.writeFileSync(path.join(dir, 'windows.json'), JSON.stringify(windows));
  if (!file) return console.log(`No .cpuprofile in ${dir}: did the server exit cleanly?`);
  const rows = summariseProfile(file, windows);
  const header = ['page (CPU ms per request, self time)', ...BUCKETS, 'total'];
  const lines = rows.map((r) => [r.label, ...BUCKETS.map((b) => r.perRequest[b].toFixed(2)), r.total.toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nCPU profile of the Leda server (${path.basename(file)}), split by page`);
  console.log(line(header));
  console.log(widths.map((wd) => '-'.repeat(wd)).join('  '));
  for (const l of lines) console.log(line(l));
}
