import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_READY_MS, HASH_SCROLL_TRIES, HASH_SCROLL_WAITING_MS, hashTarget, scrollToHash, type HashScrollDeps } from './hash-scroll';

/** Public-site spec 2.3: scroll to the hash's element, retried up to 20 times (20 ms when ready, else 1000 ms). */
function page(opts: { appearsAfterMs?: number; ready?: boolean } = {}) {
  const scrolled: string[] = [];
  const lookups: number[] = [];
  const start = Date.now();
  const deps: HashScrollDeps = {
    find: (id) => {
      lookups.push(Date.now() - start);
      const there = opts.appearsAfterMs !== undefined && Date.now() - start >= opts.appearsAfterMs;
      return there ? { scrollIntoView: () => scrolled.push(id) } : null;
    },
    isReady: () => opts.ready ?? true,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  return { deps, scrolled, lookups };
}

describe('scrollToHash', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('scrolls at once when the element is on the page', () => {
    const p = page({ appearsAfterMs: 0 });
    const done = vi.fn();
    scrollToHash('#pricing-form', p.deps, done);
    expect(p.scrolled).toEqual(['pricing-form']);
    expect(done).toHaveBeenCalledWith({ outcome: 'scrolled', tries: 1 });
  });

  it('retries every 20 ms when the session is ready, until the element appears', () => {
    const p = page({ appearsAfterMs: 100 });
    const done = vi.fn();
    scrollToHash('#late', p.deps, done);
    vi.advanceTimersByTime(99);
    expect(p.scrolled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(p.scrolled).toEqual(['late']);
    expect(p.lookups).toEqual([0, 20, 40, 60, 80, 100]);
    expect(done).toHaveBeenCalledWith({ outcome: 'scrolled', tries: 6 });
  });

  it('gives up after 20 tries in all, and never scrolls later', () => {
    const p = page({ appearsAfterMs: HASH_SCROLL_TRIES * HASH_SCROLL_READY_MS + 1 });
    const done = vi.fn();
    scrollToHash('#never', p.deps, done);
    vi.advanceTimersByTime(60_000);
    expect(p.lookups).toHaveLength(HASH_SCROLL_TRIES);
    expect(p.scrolled).toEqual([]);
    expect(done).toHaveBeenCalledWith({ outcome: 'gave-up', tries: 20 });
  });

  it('waits 1000 ms between tries while the session is not ready', () => {
    const p = page({ appearsAfterMs: 2500, ready: false });
    scrollToHash('#x', p.deps);
    vi.advanceTimersByTime(HASH_SCROLL_WAITING_MS * 3);
    expect(p.lookups).toEqual([0, 1000, 2000, 3000]);
    expect(p.scrolled).toEqual(['x']);
  });

  it('stops retrying when cancelled (a newer page change)', () => {
    const p = page({ appearsAfterMs: 100 });
    const cancel = scrollToHash('#late', p.deps);
    vi.advanceTimersByTime(40);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(p.scrolled).toEqual([]);
    expect(p.lookups).toEqual([0, 20, 40]);
  });

  it('does nothing without a hash, and decodes the id', () => {
    const p = page({ appearsAfterMs: 0 });
    scrollToHash('', p.deps);
    scrollToHash('#', p.deps);
    expect(p.lookups).toEqual([]);
    expect(hashTarget('#caf%C3%A9%20menu')).toBe('café menu');
    expect(hashTarget('#100%')).toBe('100%');
  });
});
