import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatLongDate, formatRelative, formatShortDate, timeZoneFromCookie, validTimeZone } from './dates';

const now = '2026-11-27T15:30:00Z'; // a Friday

describe('the one date formatter (learner-app s.9)', () => {
  it('shows a short date DD/MM/YY and a 24-hour stamp in the viewer’s zone', () => {
    expect(formatShortDate('2026-11-27T23:30:00Z')).toBe('27/11/26');
    expect(formatShortDate('2026-11-27T23:30:00Z', 'Australia/Melbourne')).toBe('28/11/26');
    expect(formatDateTime('2026-11-27T23:30:00Z', 'Australia/Melbourne')).toBe('28/11/26 10:30');
    expect(formatLongDate('2026-03-05T10:00:00Z')).toBe('5 March 2026');
    expect(formatDay('2026-11-02')).toBe('2 Nov 2026');
    expect(formatShortDate('not a date')).toBe('');
    expect(formatShortDate(null)).toBe('');
  });

  it('says "ago" the same day, "Yesterday", a weekday within 3 days, else the date', () => {
    expect(formatRelative('2026-11-27T15:29:40Z', { now })).toBe('just now');
    expect(formatRelative('2026-11-27T15:29:00Z', { now })).toBe('1 minute ago');
    expect(formatRelative('2026-11-27T15:05:00Z', { now })).toBe('25 minutes ago');
    expect(formatRelative('2026-11-27T12:00:00Z', { now })).toBe('3 hours ago');
    expect(formatRelative('2026-11-26T09:05:00Z', { now })).toBe('Yesterday at 09:05');
    expect(formatRelative('2026-11-24T18:00:00Z', { now })).toBe('Tuesday at 18:00');
    expect(formatRelative('2026-11-20T08:00:00Z', { now })).toBe('20 Nov at 08:00');
    expect(formatRelative('2025-11-20T08:00:00Z', { now })).toBe('20 Nov 2025 at 08:00');
    expect(formatRelative('2026-11-28T08:00:00Z', { now })).toBe('Tomorrow at 08:00');
  });

  it('decides "today" and "yesterday" by the viewer’s calendar day', () => {
    // 23:30 UTC on the 26th is already the 27th in Melbourne (UTC+11): the same day there.
    expect(formatRelative('2026-11-26T23:30:00Z', { now, timeZone: 'UTC' })).toBe('Yesterday at 23:30');
    expect(formatRelative('2026-11-26T23:30:00Z', { now, timeZone: 'Australia/Melbourne' })).toBe('Yesterday at 10:30');
    expect(formatRelative('2026-11-27T14:00:00Z', { now, timeZone: 'America/New_York' })).toBe('1 hour ago');
  });

  it('reads the time zone cookie, refusing what is not a zone', () => {
    expect(timeZoneFromCookie('a=1; tz=Europe%2FLondon; b=2')).toBe('Europe/London');
    expect(timeZoneFromCookie('tz=Mars%2FOlympus')).toBe('UTC');
    expect(timeZoneFromCookie('tz=%E0%A4%A')).toBe('UTC');
    expect(timeZoneFromCookie(null)).toBe('UTC');
    expect(validTimeZone('x'.repeat(65))).toBe('UTC');
  });
});
