import type { Db } from '@modules/shared/db/database';
import { DAY } from '@modules/shared/clock';

/**
 * Demo data for team insights (decision 193): the demo accounts of the Leadership and Sales teams
 * get twelve weeks of App page views (a believable, uneven rhythm: the team admin most days, the
 * learner a few days a week, the organisation admin now and then, fading in older weeks) and some
 * journey progress, so both charts and the drill-down have something to show. Deterministic (no
 * randomness); the page_views trigger fills the visit rollups. The demo learner's own journeys are
 * left as the journeys seed made them.
 */
const WEEKS = 12;

/** Which weekdays (0 = today's weekday, counting back) each account visits, by account. */
const RHYTHM: Record<string, (week: number, day: number) => boolean> = {
  'teamadmin@leda.test': (week, day) => day % 7 !== 5 && day % 7 !== 6 && (week < 8 || day % 2 === 0),
  'learner@leda.test': (week, day) => day % 3 === 0 && week !== 4,
  'orgadmin@leda.test': (week, day) => day % 7 === 1 && week % 2 === 0,
};

export async function seedDemoInsights(db: Db, now: number) {
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', Object.keys(RHYTHM)).execute();
  const views: { path: string; category: string; user_id: number; created_at: Date; name: string }[] = [];
  for (const u of users) {
    const visits = RHYTHM[u.email]!;
    for (let week = 0; week < WEEKS; week++) {
      for (let day = 0; day < 7; day++) {
        if (!visits(week, day)) continue;
        const at = new Date(now - (week * 7 + day) * DAY - ((u.id * 37 + day * 53) % 480) * 60_000);
        views.push({ path: '/app/team', category: 'App', user_id: u.id, created_at: at, name: 'Teams | Leda' });
      }
    }
  }
  if (views.length) await db.insertInto('page_views').values(views).execute();

  // Journey progress beside the demo learner's: the team admin finished the past journey and is on
  // the current one; the organisation admin finished the past journey of each team.
  const id = (email: string) => users.find((u) => u.email === email)?.id;
  const teamAdmin = id('teamadmin@leda.test');
  const orgAdmin = id('orgadmin@leda.test');
  const rows: { user_id: number; journey_id: number; completed_at: Date | null; created_at: Date }[] = [];
  if (teamAdmin) {
    rows.push({ user_id: teamAdmin, journey_id: 3, completed_at: new Date(now - 30 * DAY), created_at: new Date(now - 41 * DAY) });
    rows.push({ user_id: teamAdmin, journey_id: 4, completed_at: null, created_at: new Date(now - 6 * DAY) });
  }
  if (orgAdmin) {
    rows.push({ user_id: orgAdmin, journey_id: 3, completed_at: new Date(now - 27 * DAY), created_at: new Date(now - 40 * DAY) });
    rows.push({ user_id: orgAdmin, journey_id: 2, completed_at: new Date(now - 20 * DAY), created_at: new Date(now - 34 * DAY) });
  }
  const journeys = await db.selectFrom('journeys').select('id').where('id', 'in', [2, 3, 4]).execute();
  const known = new Set(journeys.map((j) => j.id));
  const wanted = rows.filter((r) => known.has(r.journey_id));
  if (wanted.length) await db.insertInto('user_journeys').values(wanted).onConflict((oc) => oc.columns(['user_id', 'journey_id']).doNothing()).execute();
}
