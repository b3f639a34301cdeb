import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision records a newcomer can trust (issue 30): each record has a date and a status, the
 * README indexes every record once, a superseded record names a record that exists, and every
 * `docs/decisions/NNN-name.md` the code or docs point at exists.
 */
const ROOT = path.resolve(__dirname, '../..');
const DIR = path.join(ROOT, 'docs/decisions');
const records = readdirSync(DIR).filter((f) => /^\d{3}-.*\.md$/.test(f));
const numbers = new Set(records.map((f) => f.slice(0, 3)));

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'build', 'public', '.git', 'data', '.cache', 'test-results'].includes(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|js|css|md)$/.test(name)) out.push(full);
  }
  return out;
}

describe('decision records', () => {
  it('each record has a title, a date and a status', () => {
    const bad = records.filter((f) => {
      const head = readFileSync(path.join(DIR, f), 'utf8').split('\n').slice(0, 6);
      return !/^# /.test(head[0] ?? '') || !head.some((l) => /^Date: \d{4}-\d{2}-\d{2}$/.test(l)) || !head.some((l) => /^Status: (accepted|superseded by \d{3})/.test(l));
    });
    expect(bad).toEqual([]);
  });

  it('a superseded record names records that exist', () => {
    const broken: string[] = [];
    for (const f of records) {
      const status = readFileSync(path.join(DIR, f), 'utf8').split('\n').slice(0, 6).find((l) => l.startsWith('Status:')) ?? '';
      for (const n of status.match(/\b\d{3}\b/g) ?? []) if (!numbers.has(n)) broken.push(`${f}: ${n}`);
    }
    expect(broken).toEqual([]);
  });

  it('the README indexes every record exactly once', () => {
    const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(linked.filter((f) => !records.includes(f))).toEqual([]);
    expect(records.filter((f) => linked.filter((l) => l === f).length !== 1)).toEqual([]);
  });

  it('every docs/decisions/NNN-name.md the code and docs point at exists', () => {
    const missing: string[] = [];
    for (const file of walk(ROOT)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/docs\/decisions\/(\d{3}-[a-z0-9-]+\.md)/g)) {
        if (!records.includes(m[1]!)) missing.push(`${path.relative(ROOT, file)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
