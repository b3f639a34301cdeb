/**
 * Dates on the feed screens, the same on the server and in every browser (Intl's output differs
 * between Node's and Chromium's ICU, which broke hydration): short date DD/MM/YY (learner-app s.9)
 * and a 24-hour time, in UTC.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCFullYear() % 100)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
