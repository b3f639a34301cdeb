import { sql } from 'kysely';
import { emailLayout, escapeHtml, getDb, LINK_REMOVED, loadEnv, sendEmail, type Db } from '@modules/shared/index.server';
import { DAY } from '@modules/shared/clock';
import { getSettingsOf, isTimeZone, DEFAULT_TIME_ZONE, pruneUnsubscribeTokens, UNSUBSCRIBE_KINDS, type UnsubscribeKind, type UserSettings } from '@modules/identity/index.server';
import { openActivitiesOf } from '@modules/activities/index.server';
import { stalledJourneysOf, teamWeeksOf, type StalledJourney, type TeamWeek } from '@modules/journeys/index.server';
import { listPublicContents, type PublicContent } from '@modules/catalogue/index.server';

/**
 * The reminder sweep (decision 199): one job every 15 minutes reads every active user in batches
 * (keyset by id, a fixed number of queries per batch, none per user), works out each user's local
 * date, weekday and time with Intl in their zone, and sends what is due:
 * - the activities reminder on a chosen weekday at or after the chosen time, when the user has an
 *   uncompleted activity;
 * - the journey reminder at or after its time when a started journey has had no progress for a week
 *   and the learner is behind the team's schedule (journeys module), at most once a week;
 * - Leda updates (product news: the month's new articles) at most once per local month;
 * - team admins' weekly digest of their teams' progress, from Monday 8am local, once per local week.
 * Each email is recorded under a message key (kind, user, local date) before the batch's ledger rows
 * (reminder_sends: user, kind, local date) are written: a crash in between leaves an email without
 * its ledger row, and the re-run's send finds the same communication (delivered once), so nothing is
 * lost or sent twice; a second sweep in the same local day finds the ledger row and sends nothing.
 */
export type ReminderKind = UnsubscribeKind;
export const NEWS_LOCAL_MINUTES = 9 * 60;
export const DIGEST_LOCAL_MINUTES = 8 * 60;
export const JOURNEY_STALLED_MS = 7 * DAY;
const DEFAULT_BATCH = 200;

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date, weekday and time at `now` in an IANA zone (daylight saving included). */
export function localTimeIn(zone: string, now: Date): LocalTime {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, weekday: WEEKDAYS.indexOf(p.weekday!), minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** The local date `days` after a YYYY-MM-DD date (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface Candidate {
  userId: number;
  email: string;
  firstName: string;
  settings: UserSettings;
  local: LocalTime;
}

interface Due {
  userId: number;
  kind: ReminderKind;
  localDate: string;
  email: { to: string; subject: string; html: string; text: string };
}

export interface SweepResult {
  sent: Record<ReminderKind, number>;
  users: number;
}

export interface SweepOptions {
  now?: Date;
  batchSize?: number;
  /** Tests: called after each email is recorded (a throw simulates a crash mid-sweep). */
  afterEach?: (sent: { userId: number; kind: ReminderKind }) => void | Promise<void>;
}

/** Runs one sweep; safe to run at any time and any number of times. */
export async function sweepReminders(opts: SweepOptions = {}): Promise<SweepResult> {
  const db = getDb();
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const result: SweepResult = { sent: { 'reminder-activities': 0, 'reminder-journey': 0, 'leda-updates': 0, 'team-digest': 0 }, users: 0 };
  const news = (await listPublicContents(db, { limit: 5 })).filter((c) => {
    const at = new Date(c.createdAt).getTime();
    return at >= now.getTime() - 31 * DAY && at <= now.getTime();
  });
  let afterId = 0;
  for (;;) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name'])
      .where('id', '>', afterId)
      .where('is_locked', '=', false)
      .where('password_hash', 'is not', null)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (!users.length) break;
    afterId = users[users.length - 1]!.id;
    result.users += users.length;
    const due = await dueInBatch(db, users, now, news);
    for (const d of due) {
      // The message key makes this idempotent: after a crash the re-run finds the same row (delivery
      // claims it once), so an email recorded before the ledger row is never sent twice.
      await sendEmail(db, { ...d.email, kind: d.kind, key: `${d.kind}:${d.userId}:${d.localDate}` });
      result.sent[d.kind]++;
      await opts.afterEach?.({ userId: d.userId, kind: d.kind });
    }
    if (due.length) {
      await db
        .insertInto('reminder_sends')
        .values(due.map((d) => ({ user_id: d.userId, kind: d.kind, local_date: d.localDate, sent_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'local_date']).doNothing())
        .execute();
    }
    if (users.length < batchSize) break;
  }
  await pruneUnsubscribeTokens(db, now);
  return result;
}

/** What is due for one batch of users: a fixed number of queries. */
async function dueInBatch(db: Db, users: { id: number; email: string; first_name: string }[], now: Date, news: PublicContent[]): Promise<Due[]> {
  const ids = users.map((u) => u.id);
  const settings = await getSettingsOf(db, ids);
  const candidates: Candidate[] = users.map((u) => {
    const s = settings.get(u.id)!;
    const zone = isTimeZone(s.TIME_ZONE) ? s.TIME_ZONE : DEFAULT_TIME_ZONE;
    return { userId: u.id, email: u.email, firstName: u.first_name, settings: s, local: localTimeIn(zone, now) };
  });
  // What each user was sent lately: the same local day, the journey reminder's week, this month's news.
  const recent = await db
    .selectFrom('reminder_sends')
    .select(['user_id', 'kind', sql<string>`local_date::text`.as('local_date'), 'sent_at'])
    .where('user_id', 'in', ids)
    .where('sent_at', '>', new Date(now.getTime() - 40 * DAY))
    .execute();
  const sent = new Set(recent.map((r) => `${r.user_id}:${r.kind}:${r.local_date}`));
  const journeyRecently = new Set(recent.filter((r) => r.kind === 'reminder-journey' && new Date(r.sent_at).getTime() > now.getTime() - JOURNEY_STALLED_MS).map((r) => r.user_id));
  const fresh = (c: Candidate, kind: ReminderKind, date: string) => !sent.has(`${c.userId}:${kind}:${date}`);

  const wantsActivities = candidates.filter(
    (c) =>
      c.settings.EMAIL_ACTIVITIES_REMINDER_ENABLED === 'true' &&
      c.settings.EMAIL_ACTIVITIES_REMINDER_DAYS.includes(String(c.local.weekday)) &&
      c.local.minutes >= minutesOf(c.settings.EMAIL_ACTIVITIES_REMINDER_TIME) &&
      fresh(c, 'reminder-activities', c.local.date),
  );
  const wantsJourney = candidates.filter(
    (c) =>
      c.settings.EMAIL_JOURNEY_REMINDER_ENABLED === 'true' &&
      c.local.minutes >= minutesOf(c.settings.EMAIL_JOURNEY_REMINDER_TIME) &&
      !journeyRecently.has(c.userId) &&
      fresh(c, 'reminder-journey', c.local.date),
  );
  const monthOf = (c: Candidate) => `${c.local.date.slice(0, 7)}-01`;
  const wantsNews = news.length
    ? candidates.filter((c) => c.settings.EMAIL_LEDA_UPDATES_ENABLED === 'true' && c.local.minutes >= NEWS_LOCAL_MINUTES && fresh(c, 'leda-updates', monthOf(c)))
    : [];
  // The digest's week starts on the local Monday; from 8am that Monday until Sunday night.
  const mondayOf = (c: Candidate) => addDays(c.local.date, -((c.local.weekday + 6) % 7));
  const digestCandidates = candidates.filter(
    (c) => c.settings.EMAIL_TEAM_DIGEST_ENABLED === 'true' && (c.local.weekday !== 1 || c.local.minutes >= DIGEST_LOCAL_MINUTES) && fresh(c, 'team-digest', mondayOf(c)),
  );
  const adminOf = digestCandidates.length
    ? await db
        .selectFrom('team_users as tu')
        .innerJoin('teams as t', 't.id', 'tu.team_id')
        .select(['tu.user_id', 'tu.team_id'])
        .where('tu.user_id', 'in', digestCandidates.map((c) => c.userId))
        .where('tu.is_team_admin', '=', true)
        .where('t.is_disabled', '=', false)
        .execute()
    : [];

  const [open, stalled, weeks] = await Promise.all([
    openActivitiesOf(db, wantsActivities.map((c) => c.userId)),
    stalledJourneysOf(db, wantsJourney.map((c) => c.userId), { now, stalledForMs: JOURNEY_STALLED_MS }),
    teamWeeksOf(db, [...new Set(adminOf.map((a) => a.team_id))], now),
  ]);

  const due: Due[] = [];
  for (const c of wantsActivities) {
    const mine = open.get(c.userId);
    if (mine?.count) due.push({ userId: c.userId, kind: 'reminder-activities', localDate: c.local.date, email: activitiesEmail(c, mine) });
  }
  for (const c of wantsJourney) {
    const journeys = stalled.get(c.userId);
    if (journeys?.length) due.push({ userId: c.userId, kind: 'reminder-journey', localDate: c.local.date, email: journeyEmail(c, journeys) });
  }
  for (const c of wantsNews) due.push({ userId: c.userId, kind: 'leda-updates', localDate: monthOf(c), email: newsEmail(c, news) });
  const teamsOf = new Map<number, TeamWeek[]>();
  for (const a of adminOf) {
    const w = weeks.get(a.team_id);
    if (w) teamsOf.set(a.user_id, [...(teamsOf.get(a.user_id) ?? []), w]);
  }
  for (const c of digestCandidates) {
    const teams = teamsOf.get(c.userId);
    if (teams?.length) due.push({ userId: c.userId, kind: 'team-digest', localDate: mondayOf(c), email: digestEmail(c, teams) });
  }
  return due;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Every reminder ends with its one-click unsubscribe link (a token minted at delivery) and the settings page. */
function withFooter(kind: ReminderKind, to: string, subject: string, body: { heading: string; paragraphs: string[]; action?: { label: string; url: string } }) {
  const base = loadEnv().PUBLIC_URL;
  const unsubscribe = `${base}/unsubscribe/${LINK_REMOVED}`;
  const settings = `${base}/app/settings/notification`;
  const label = UNSUBSCRIBE_KINDS[kind].label;
  const footer = `<p style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:0 auto;font-size:12px;color:#595959">You get this email because of your notification settings. <a href="${escapeHtml(unsubscribe)}">Unsubscribe from ${escapeHtml(label)}</a> in one click, or <a href="${escapeHtml(settings)}">change your notification settings</a>.</p>`;
  const text = [body.heading, ...body.paragraphs, body.action ? `${body.action.label}: ${body.action.url}` : '', `Unsubscribe from ${label}: ${unsubscribe}`, `Notification settings: ${settings}`]
    .filter(Boolean)
    .join('\n\n');
  return { to, subject, html: emailLayout(body) + footer, text };
}

function activitiesEmail(c: Candidate, open: { count: number; names: string[] }) {
  const more = open.count > open.names.length ? ` and ${plural(open.count - open.names.length, 'more')}` : '';
  return withFooter('reminder-activities', c.email, 'Your activities are waiting for you', {
    heading: `Hi ${c.firstName}, you have ${plural(open.count, 'activity', 'activities')} in progress`,
    paragraphs: [`Pick up where you left off: ${open.names.join(', ')}${more}.`, 'A few minutes today keeps your practice going.'],
    action: { label: 'Open My Activities', url: `${loadEnv().PUBLIC_URL}/app/activities` },
  });
}

function journeyEmail(c: Candidate, journeys: StalledJourney[]) {
  const first = journeys[0]!;
  const others = journeys.length > 1 ? [`You also have ${plural(journeys.length - 1, 'other journey')} waiting: ${journeys.slice(1).map((j) => j.name).join(', ')}.`] : [];
  return withFooter('reminder-journey', c.email, `Continue your journey: ${first.name}`, {
    heading: `Hi ${c.firstName}, your journey is waiting`,
    paragraphs: [`You started ${first.name} but have not continued it for over a week, and your team has moved on.`, ...others, 'Your next step takes only a few minutes.'],
    action: { label: `Continue ${first.name}`, url: `${loadEnv().PUBLIC_URL}/app/journey/${encodeURIComponent(first.urlId)}` },
  });
}

function newsEmail(c: Candidate, news: PublicContent[]) {
  return withFooter('leda-updates', c.email, "Leda updates: what's new this month", {
    heading: `Hi ${c.firstName}, here is what's new on Leda`,
    paragraphs: ['New articles this month:', ...news.map((n) => `${n.name}: ${n.overview}`.slice(0, 300))],
    action: { label: 'Read the articles', url: `${loadEnv().PUBLIC_URL}/articles` },
  });
}

function digestEmail(c: Candidate, teams: TeamWeek[]) {
  return withFooter('team-digest', c.email, "Your team's week on Leda", {
    heading: `Hi ${c.firstName}, here is your team's week`,
    paragraphs: teams.map(
      (t) =>
        `${t.teamName}: ${plural(t.activeMembers, 'member')} of ${t.members} active this week, ${plural(t.journeysCompleted, 'journey')} completed, ${plural(t.journeysInProgress, 'journey')} in progress.`,
    ),
    action: { label: 'Open your teams', url: `${loadEnv().PUBLIC_URL}/app/team` },
  });
}
