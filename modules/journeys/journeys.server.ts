import { sql } from 'kysely';
import { DomainError, type Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { listActivityStates } from '@modules/activities/index.server';
import { BREAK_JOURNEY_ID, STEP_STATUS_LABEL, isEntryLocked, isJourneyComplete, journeyListAction, stepStatus, type JourneyListAction, type StepStatus } from './rules';

/**
 * Journeys as a learner reads them: the journey with its steps, step items and step statuses, the
 * learner's user journey, starting one, and the completion that follows an activity. Every read
 * checks access on the server: journey 1000 never, a student licence never, otherwise a global
 * journey or one scheduled for one of the learner's teams (product admins read all); a locked one
 * answers 403. A fixed number of queries whatever the number of steps (query-count test).
 */
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export const JOURNEY_NOT_FOUND = 'This journey could not be found.';
export const JOURNEY_LOCKED = 'This journey is locked.';
export const JOURNEYS_NOT_IN_LICENCE = 'Journeys are not part of your licence.';

export interface StepItem {
  stepItemId: number;
  name: string;
  actionName: string;
  htmlContent: string;
  isSupport: boolean;
  assessment: { assessmentId: number; urlId: string; name: string } | null;
  content: { contentId: number; urlId: string; name: string; htmlContent: string } | null;
  game: { gameId: number; urlId: string; name: string } | null;
  video: { videoId: number; urlId: string; name: string; videoUrl: string } | null;
}

export interface JourneyStep {
  stepId: number;
  urlId: string;
  ordinal: number;
  name: string;
  overview: string;
  activities: number[];
  stepItems: StepItem[];
  status: StepStatus;
  statusLabel: string;
}

export interface UserJourney {
  userJourneyId: number;
  journeyId: number;
  userId: number;
  startedAt: string;
  completedAt: string | null;
}

export interface JourneyView {
  journeyId: number;
  urlId: string;
  name: string;
  overview: string;
  htmlSummary: string;
  summaryNotesUrl: string | null;
  isLocked: boolean;
  isFeatured: boolean;
  isGlobal: boolean;
  skills: { skillId: number; urlId: string; name: string }[];
  steps: JourneyStep[];
  userJourney: UserJourney | null;
  action: JourneyListAction;
}

const journeyColumns = ['j.id', 'j.url_id', 'j.name', 'j.overview', 'j.html_summary', 'j.summary_notes_url', 'j.is_locked', 'j.is_featured', 'j.is_global'] as const;

/** Finds a journey by id or url id (never journey 1000). */
async function findJourney(db: Db, param: string | number) {
  const key = String(param);
  if (key.length > 120) return undefined;
  const byId = /^\d{1,9}$/.test(key);
  return db
    .selectFrom('journeys as j')
    .select(journeyColumns)
    .select(
      sql<{ skillId: number; urlId: string; name: string }[]>`coalesce((select json_agg(json_build_object('skillId', s.id, 'urlId', s.url_id, 'name', s.name) order by js.ordinal, s.id) from journey_skills js join skills s on s.id = js.skill_id where js.journey_id = j.id), '[]')`.as(
        'skills',
      ),
    )
    .where(byId ? 'j.id' : 'j.url_id', '=', byId ? Number(key) : key)
    .where('j.id', '!=', BREAK_JOURNEY_ID)
    .executeTakeFirst();
}

const teamIdsOf = (user: PolicyUser) => user.userPermissions.teams.map((t) => t.teamId);

/** The learner's user journey of one journey (or null). */
async function findUserJourney(db: Db, userId: number, journeyId: number): Promise<UserJourney | null> {
  const row = await db.selectFrom('user_journeys').selectAll().where('user_id', '=', userId).where('journey_id', '=', journeyId).executeTakeFirst();
  return row ? { userJourneyId: row.id, journeyId: row.journey_id, userId: row.user_id, startedAt: iso(row.created_at)!, completedAt: iso(row.completed_at) } : null;
}

/**
 * Access to one journey for this user: throws not_found (other teams' journeys, journey 1000,
 * unknown) or forbidden (student licence); answers whether it is locked for the user.
 */
async function checkAccess(db: Db, user: PolicyUser, journey: { id: number; is_global: boolean; is_locked: boolean }, started: boolean, now: Date) {
  if (!policy.canSeeJourneys(user)) throw new DomainError('forbidden', JOURNEYS_NOT_IN_LICENCE);
  const teamIds = teamIdsOf(user);
  const entries = teamIds.length
    ? await db.selectFrom('team_journeys').select(['unlocked_at']).where('journey_id', '=', journey.id).where('team_id', 'in', teamIds).execute()
    : [];
  if (!journey.is_global && !entries.length && !user.userPermissions.isLedaAdmin) throw new DomainError('not_found', JOURNEY_NOT_FOUND);
  const lockedByTeam = entries.length > 0 && !journey.is_global && entries.every((e) => isEntryLocked(e.unlocked_at, started, now));
  return journey.is_locked || lockedByTeam;
}

/** The journey's steps (with activity ids) and step items: two queries whatever their number. */
async function loadSteps(db: Db, journeyId: number) {
  const steps = await db
    .selectFrom('journey_steps as s')
    .select(['s.id', 's.url_id', 's.ordinal', 's.name', 's.overview'])
    .select(sql<number[]>`coalesce((select json_agg(a.activity_id order by a.ordinal, a.activity_id) from journey_step_activities a where a.step_id = s.id), '[]')`.as('activities'))
    .where('s.journey_id', '=', journeyId)
    .orderBy('s.ordinal')
    .execute();
  const items = steps.length
    ? await db
        .selectFrom('journey_step_items as i')
        .leftJoin('assessments as a', 'a.id', 'i.assessment_id')
        .leftJoin('contents as c', 'c.id', 'i.content_id')
        .leftJoin('games as g', 'g.id', 'i.game_id')
        .leftJoin('videos as v', 'v.id', 'i.video_id')
        .select(['i.id', 'i.step_id', 'i.name', 'i.action_name', 'i.html_content', 'i.is_support', 'i.assessment_id', 'i.content_id', 'i.game_id', 'i.video_id'])
        .select(['a.url_id as a_url', 'a.name as a_name', 'c.url_id as c_url', 'c.name as c_name', 'c.html_content as c_html', 'g.url_id as g_url', 'g.name as g_name'])
        .select(['v.url_id as v_url', 'v.name as v_name', 'v.video_url'])
        .where(
          'i.step_id',
          'in',
          steps.map((s) => s.id),
        )
        .orderBy('i.step_id')
        .orderBy('i.ordinal')
        .execute()
    : [];
  const byStep = new Map<number, StepItem[]>();
  for (const i of items) {
    const list = byStep.get(i.step_id) ?? [];
    list.push({
      stepItemId: i.id,
      name: i.name,
      actionName: i.action_name,
      htmlContent: i.html_content,
      isSupport: i.is_support,
      assessment: i.assessment_id ? { assessmentId: i.assessment_id, urlId: i.a_url ?? '', name: i.a_name ?? '' } : null,
      content: i.content_id ? { contentId: i.content_id, urlId: i.c_url ?? '', name: i.c_name ?? '', htmlContent: i.c_html ?? '' } : null,
      game: i.game_id ? { gameId: i.game_id, urlId: i.g_url ?? '', name: i.g_name ?? '' } : null,
      video: i.video_id ? { videoId: i.video_id, urlId: i.v_url ?? '', name: i.v_name ?? '', videoUrl: i.video_url ?? '' } : null,
    });
    byStep.set(i.step_id, list);
  }
  return steps.map((s) => ({ stepId: s.id, urlId: s.url_id, ordinal: s.ordinal, name: s.name, overview: s.overview, activities: s.activities, stepItems: byStep.get(s.id) ?? [] }));
}

/** One journey as the learner sees it (getJourneyContent, the journey page). Six queries. */
export async function getJourneyForUser(db: Db, user: PolicyUser, param: string | number, now = new Date()): Promise<JourneyView> {
  return (await loadJourneyView(db, user, param, now)).journey;
}

/** A learner's copy of one of the journey's activities: what a step offers for it (Add, Continue, Completed). */
export interface ActivityCopy {
  myActivityId: number;
  sourceActivityId: number;
  journeyStepId: number | null;
  completedAt: string | null;
}

/**
 * The journey pages: the journey and the learner's copies of its activities (read anyway for the step
 * statuses), so a step shows Continue for a copy under way and never Add beside it (decision 269).
 */
export async function getJourneyWithCopies(db: Db, user: PolicyUser, param: string | number, now = new Date()) {
  const { journey, states } = await loadJourneyView(db, user, param, now);
  const copies: ActivityCopy[] = states.flatMap((m) =>
    m.sourceActivityId === null ? [] : [{ myActivityId: m.myActivityId, sourceActivityId: m.sourceActivityId, journeyStepId: m.journeyStepId, completedAt: iso(m.completedAt) }],
  );
  return { journey, copies };
}

async function loadJourneyView(db: Db, user: PolicyUser, param: string | number, now: Date) {
  if (!policy.canSeeJourneys(user)) throw new DomainError('forbidden', JOURNEYS_NOT_IN_LICENCE);
  const j = await findJourney(db, param);
  if (!j) throw new DomainError('not_found', JOURNEY_NOT_FOUND);
  const userJourney = await findUserJourney(db, user.userId, j.id);
  const locked = await checkAccess(db, user, j, userJourney !== null, now);
  if (locked && !userJourney) throw new DomainError('locked', JOURNEY_LOCKED);
  const steps = await loadSteps(db, j.id);
  const states = userJourney ? await listActivityStates(db, user.userId, steps.flatMap((s) => s.activities)) : [];
  const journey: JourneyView = {
    journeyId: j.id,
    urlId: j.url_id,
    name: j.name,
    overview: j.overview,
    htmlSummary: j.html_summary,
    summaryNotesUrl: j.summary_notes_url,
    isLocked: locked,
    isFeatured: j.is_featured,
    isGlobal: j.is_global,
    skills: j.skills,
    steps: steps.map((s) => {
      const status = stepStatus(s.activities, userJourney?.startedAt ?? null, states);
      return { ...s, status, statusLabel: STEP_STATUS_LABEL[status] };
    }),
    userJourney,
    action: journeyListAction(locked, userJourney),
  };
  return { journey, states };
}

/** Starts a journey (idempotent): creates the user journey, or answers the existing one. */
export async function startUserJourney(db: Db, user: PolicyUser, param: string | number, now = new Date()): Promise<UserJourney> {
  // Before anything else: a student licence never reads a user journey, not even one it held before.
  if (!policy.canSeeJourneys(user)) throw new DomainError('forbidden', JOURNEYS_NOT_IN_LICENCE);
  const j = await findJourney(db, param);
  if (!j) throw new DomainError('not_found', JOURNEY_NOT_FOUND);
  const existing = await findUserJourney(db, user.userId, j.id);
  if (existing) return existing;
  if (await checkAccess(db, user, j, false, now)) throw new DomainError('locked', JOURNEY_LOCKED);
  await db.insertInto('user_journeys').values({ user_id: user.userId, journey_id: j.id }).onConflict((oc) => oc.columns(['user_id', 'journey_id']).doNothing()).execute();
  return (await findUserJourney(db, user.userId, j.id))!;
}

/**
 * The learner's user journeys with step statuses (authenticate's userJourneys): three queries
 * whatever their number.
 */
export async function listUserJourneys(db: Db, user: PolicyUser) {
  if (!policy.canSeeJourneys(user)) return [];
  const rows = await db
    .selectFrom('user_journeys as uj')
    .innerJoin('journeys as j', 'j.id', 'uj.journey_id')
    .select(['uj.id', 'uj.journey_id', 'uj.user_id', 'uj.created_at', 'uj.completed_at', 'j.url_id', 'j.name'])
    .where('uj.user_id', '=', user.userId)
    .orderBy('uj.created_at', 'desc')
    .orderBy('uj.id', 'desc')
    .execute();
  if (!rows.length) return [];
  const steps = await db
    .selectFrom('journey_steps as s')
    .select(['s.id', 's.journey_id', 's.url_id', 's.ordinal', 's.name'])
    .select(sql<number[]>`coalesce((select json_agg(a.activity_id) from journey_step_activities a where a.step_id = s.id), '[]')`.as('activities'))
    .where(
      's.journey_id',
      'in',
      rows.map((r) => r.journey_id),
    )
    .orderBy('s.journey_id')
    .orderBy('s.ordinal')
    .execute();
  const states = await listActivityStates(db, user.userId, steps.flatMap((s) => s.activities));
  return rows.map((r) => ({
    userJourneyId: r.id,
    journeyId: r.journey_id,
    userId: r.user_id,
    urlId: r.url_id,
    name: r.name,
    startedAt: iso(r.created_at)!,
    completedAt: iso(r.completed_at),
    steps: steps
      .filter((s) => s.journey_id === r.journey_id)
      .map((s) => ({ stepId: s.id, urlId: s.url_id, ordinal: s.ordinal, name: s.name, status: stepStatus(s.activities, r.created_at, states) })),
  }));
}

/**
 * The journeys this learner may read, without step items (authenticate's referenceData.journeys):
 * global ones and those of the learner's teams; none for a student licence. Two queries.
 */
export async function listReadableJourneys(db: Db, user: PolicyUser) {
  if (!policy.canSeeJourneys(user)) return [];
  const teamIds = teamIdsOf(user);
  let q = db
    .selectFrom('journeys as j')
    .select(journeyColumns)
    .select(sql<{ skillId: number }[]>`coalesce((select json_agg(json_build_object('skillId', js.skill_id) order by js.ordinal) from journey_skills js where js.journey_id = j.id), '[]')`.as('skills'))
    .where('j.id', '!=', BREAK_JOURNEY_ID);
  if (!user.userPermissions.isLedaAdmin) {
    q = q.where((eb) =>
      eb.or([eb('j.is_global', '=', true), ...(teamIds.length ? [eb.exists(eb.selectFrom('team_journeys as t').select('t.id').whereRef('t.journey_id', '=', 'j.id').where('t.team_id', 'in', teamIds))] : [])]),
    );
  }
  const journeys = await q.orderBy('j.ordinal').orderBy('j.id').limit(500).execute();
  if (!journeys.length) return [];
  const steps = await db
    .selectFrom('journey_steps as s')
    .select(['s.id', 's.journey_id', 's.url_id', 's.ordinal', 's.name', 's.overview'])
    .select(sql<number[]>`coalesce((select json_agg(a.activity_id order by a.ordinal) from journey_step_activities a where a.step_id = s.id), '[]')`.as('activities'))
    .where(
      's.journey_id',
      'in',
      journeys.map((j) => j.id),
    )
    .orderBy('s.journey_id')
    .orderBy('s.ordinal')
    .execute();
  return journeys.map((j) => ({
    journeyId: j.id,
    urlId: j.url_id,
    name: j.name,
    overview: j.overview,
    htmlSummary: j.html_summary,
    summaryNotesUrl: j.summary_notes_url,
    isLocked: j.is_locked,
    isFeatured: j.is_featured,
    isGlobal: j.is_global,
    skills: j.skills,
    steps: steps
      .filter((s) => s.journey_id === j.id)
      .map((s) => ({ stepId: s.id, urlId: s.url_id, ordinal: s.ordinal, name: s.name, overview: s.overview, activities: s.activities })),
  }));
}

/**
 * The journeys listener of 'myActivity.completed' (decision 131): completing an activity may
 * complete a step of a journey the learner has started, and so the journey. Runs after the
 * completion's commit; answers the journey it completed (learner-app s.7). Three queries.
 */
export async function completeJourneysAfterActivity(db: Db, fact: { userId: number; sourceActivityId: number | null; completedAt: Date }) {
  if (fact.sourceActivityId === null) return undefined;
  const open = await db
    .selectFrom('user_journeys as uj')
    .select(['uj.id', 'uj.journey_id', 'uj.created_at'])
    .where('uj.user_id', '=', fact.userId)
    .where('uj.completed_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('journey_steps as s')
          .innerJoin('journey_step_activities as a', 'a.step_id', 's.id')
          .select('s.id')
          .whereRef('s.journey_id', '=', 'uj.journey_id')
          .where('a.activity_id', '=', fact.sourceActivityId!),
      ),
    )
    .execute();
  if (!open.length) return undefined;
  const steps = await db
    .selectFrom('journey_steps as s')
    .select(['s.journey_id'])
    .select(sql<number[]>`coalesce((select json_agg(a.activity_id) from journey_step_activities a where a.step_id = s.id), '[]')`.as('activities'))
    .where(
      's.journey_id',
      'in',
      open.map((o) => o.journey_id),
    )
    .execute();
  const states = await listActivityStates(db, fact.userId, steps.flatMap((s) => s.activities));
  let answer: { completedUserJourneyId: number; completedJourneyId: number } | undefined;
  for (const uj of open) {
    const statuses = steps.filter((s) => s.journey_id === uj.journey_id).map((s) => stepStatus(s.activities, uj.created_at, states));
    if (!statuses.length || !isJourneyComplete(statuses)) continue;
    await db.updateTable('user_journeys').set({ completed_at: fact.completedAt }).where('id', '=', uj.id).where('completed_at', 'is', null).execute();
    answer ??= { completedUserJourneyId: uj.id, completedJourneyId: uj.journey_id };
  }
  return answer;
}
