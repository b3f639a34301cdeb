import { hashToken, isTokenShaped, mintToken, policy, type PolicyUser } from '@modules/identity/index.server';
import type { Db } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID } from './rules';

/**
 * Beyond the spec: a learner's private iCal feed of their teams' journey schedules, so the plan lands
 * in their calendar. One revocable token per learner (only its SHA-256 is stored; making a new link
 * revokes the old one). One all-day event per scheduled journey (breaks left out), lasting the entry's
 * length in days (7 when unset), with the unlock date in the description. RFC 5545: CRLF lines, text
 * escaped, long lines folded.
 */

export async function createCalendarToken(db: Db, userId: number): Promise<string> {
  const { token, tokenHash } = mintToken();
  await db
    .insertInto('journey_calendar_tokens')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash }))
    .execute();
  return token;
}

export async function revokeCalendarToken(db: Db, userId: number) {
  await db.deleteFrom('journey_calendar_tokens').where('user_id', '=', userId).execute();
}

export async function hasCalendarToken(db: Db, userId: number) {
  return !!(await db.selectFrom('journey_calendar_tokens').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

/** The user a feed token belongs to, or null (unknown or revoked). */
export async function calendarTokenUser(db: Db, token: string): Promise<number | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db.selectFrom('journey_calendar_tokens').select('user_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * RFC 5545 TEXT (3.3.11): backslash, semicolon and comma escaped; every line break (CRLF, LF or a
 * lone CR, U+2028/2029) becomes the two characters `\n`, so no raw CR or LF can end a content line and start a
 * property of its own; the other control characters (not allowed in TEXT, tab aside) are dropped.
 */
export const escapeIcalText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
/** Folds a content line at 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += n;
  }
  out.push(current);
  return out.join('\r\n ');
}
const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The learner's feed: their enabled teams' scheduled journeys (none for a student licence). One query. */
export async function journeyCalendar(db: Db, user: PolicyUser, opts: { baseUrl: string; now?: Date }): Promise<string> {
  const teamIds = user.userPermissions.teams.map((t) => t.teamId);
  const rows =
    policy.canSeeJourneys(user) && teamIds.length
      ? await db
          .selectFrom('team_journeys as t')
          .innerJoin('journeys as j', 'j.id', 't.journey_id')
          .innerJoin('teams as tm', 'tm.id', 't.team_id')
          .select(['t.id', 't.scheduled_at', 't.unlocked_at', 't.length_days', 'j.url_id', 'j.name', 'j.overview', 'tm.name as team_name'])
          .where('t.team_id', 'in', teamIds)
          .where('t.journey_id', '!=', BREAK_JOURNEY_ID)
          .where('t.break_label', 'is', null)
          .where('t.scheduled_at', 'is not', null)
          .orderBy('t.scheduled_at')
          .limit(1000)
          .execute()
      : [];
  const now = stamp(opts.now ?? new Date());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Leda//Journey schedule//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Leda journeys'];
  for (const r of rows) {
    const start = new Date(r.scheduled_at!);
    const end = new Date(start.getTime() + Math.max(1, r.length_days ?? 7) * 86_400_000);
    const unlock = r.unlocked_at ? new Date(r.unlocked_at) : null;
    const url = `${opts.baseUrl}/app/journey/${encodeURIComponent(r.url_id)}`;
    const description = `${r.overview}\n${unlock ? `Unlocks on ${unlock.toISOString().slice(0, 10)}.` : 'Open now.'}\n${url}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:team-journey-${r.id}@leda`,
      `DTSTAMP:${now}`,
      `DTSTART;VALUE=DATE:${ymd(start)}`,
      `DTEND;VALUE=DATE:${ymd(end)}`,
      `SUMMARY:${escapeIcalText(`${r.name} (${r.team_name})`)}`,
      `DESCRIPTION:${escapeIcalText(description)}`,
      `URL:${url}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
