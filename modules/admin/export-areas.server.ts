import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { releasedFeedbackCount } from '@modules/social/index.server';

/**
 * The areas of a data export (issue 27 s.2, decision 265): one JSON file each, with the sentence the
 * README gives it. `one` answers one object (small areas); `rows` yields rows page by page (areas that
 * grow with the person's history), so the ZIP never holds a whole area in memory. Rows are mapped to
 * the spec's camelCase names; secrets (password hash, token hashes) never appear.
 */
export interface ExportArea {
  file: string;
  description: string;
  one?: (db: Db, userId: number) => Promise<unknown>;
  rows?: (db: Db, userId: number) => AsyncIterable<unknown>;
}

export const EXPORT_PAGE = 500;

/** Keyset paging on id: fetch(afterId, limit) until a short page. */
async function* paged<T extends { id: number }>(fetch: (afterId: number, limit: number) => Promise<T[]>, map: (rows: T[]) => Promise<unknown[]> | unknown[]) {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, EXPORT_PAGE);
    for (const item of await map(rows)) yield item;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

const AUDIENCE = { 1: 'Global', 2: 'Organisation', 3: 'Team' } as Record<number, string>;

async function profile(db: Db, userId: number) {
  const u = await db
    .selectFrom('users as u')
    .leftJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.job_title',
      'u.bio',
      'u.profile_photo_blob_id',
      'u.is_verified',
      'u.is_locked',
      'u.is_leda_admin',
      'u.is_organisation_admin',
      'u.last_login_at',
      'u.password_updated_at',
      'u.created_at',
      'o.id as organisation_id',
      'o.name as organisation_name',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    userId: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phone: u.phone,
    jobTitle: u.job_title,
    bio: u.bio,
    hasProfilePhoto: u.profile_photo_blob_id !== null,
    isVerified: u.is_verified,
    isLocked: u.is_locked,
    isLedaAdmin: u.is_leda_admin,
    isOrganisationAdmin: u.is_organisation_admin,
    organisation: u.organisation_id === null ? null : { organisationId: u.organisation_id, name: u.organisation_name },
    lastLoginAt: u.last_login_at,
    passwordUpdatedAt: u.password_updated_at,
    createdAt: u.created_at,
  };
}

async function settings(db: Db, userId: number) {
  const rows = await db.selectFrom('user_settings').select(['key', 'value', 'updated_at']).where('user_id', '=', userId).orderBy('key').execute();
  return { settings: rows.map((r) => ({ key: r.key, value: r.value, updatedAt: r.updated_at })) };
}

async function teams(db: Db, userId: number) {
  const rows = await db
    .selectFrom('team_users as tu')
    .innerJoin('teams as t', 't.id', 'tu.team_id')
    .innerJoin('organisations as o', 'o.id', 't.organisation_id')
    .select(['t.id', 't.name', 'o.name as organisation_name', 'tu.is_team_admin', 'tu.created_at'])
    .where('tu.user_id', '=', userId)
    .orderBy('t.id')
    .execute();
  return { teams: rows.map((r) => ({ teamId: r.id, name: r.name, organisation: r.organisation_name, isTeamAdmin: r.is_team_admin, joinedAt: r.created_at })) };
}

async function journeys(db: Db, userId: number) {
  const started = await db
    .selectFrom('user_journeys as uj')
    .innerJoin('journeys as j', 'j.id', 'uj.journey_id')
    .select(['j.id', 'j.name', 'uj.created_at', 'uj.completed_at'])
    .where('uj.user_id', '=', userId)
    .orderBy('uj.id')
    .execute();
  const ids = started.map((j) => j.id);
  const steps = ids.length
    ? await db.selectFrom('journey_steps').select(['id', 'journey_id', 'name', 'ordinal']).where('journey_id', 'in', ids).orderBy('journey_id').orderBy('ordinal').execute()
    : [];
  const stepActivities = await db
    .selectFrom('my_activities')
    .select(['id', 'journey_step_id', 'completed_at'])
    .where('user_id', '=', userId)
    .where('journey_step_id', 'is not', null)
    .orderBy('id')
    .execute();
  const completed = await db.selectFrom('user_progress').select(['kind', 'item_id', 'completed_at']).where('user_id', '=', userId).orderBy('id').execute();
  return {
    journeys: started.map((j) => ({
      journeyId: j.id,
      name: j.name,
      startedAt: j.created_at,
      completedAt: j.completed_at,
      steps: steps
        .filter((s) => s.journey_id === j.id)
        .map((s) => ({
          stepId: s.id,
          name: s.name,
          myActivities: stepActivities.filter((a) => a.journey_step_id === s.id).map((a) => ({ myActivityId: a.id, completedAt: a.completed_at })),
        })),
    })),
    completedItems: completed.map((c) => ({ kind: c.kind, itemId: c.item_id, completedAt: c.completed_at })),
  };
}

async function myActivityPage(db: Db, rows: { id: number; name: string; source_activity_id: number | null; journey_step_id: number | null; completed_at: Date | null; created_at: Date }[]) {
  if (!rows.length) return [];
  const tasks = await db
    .selectFrom('my_activity_tasks')
    .select(['id', 'my_activity_id', 'ordinal', 'name', 'completed_at'])
    .where(
      'my_activity_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('my_activity_id')
    .orderBy('ordinal')
    .execute();
  const taskIds = tasks.map((t) => t.id);
  const fields = taskIds.length
    ? await db.selectFrom('my_activity_task_fields').select(['id', 'my_activity_task_id', 'ordinal', 'type', 'label', 'value']).where('my_activity_task_id', 'in', taskIds).orderBy('ordinal').execute()
    : [];
  const fieldIds = fields.map((f) => f.id);
  const options = fieldIds.length
    ? await db
        .selectFrom('my_activity_task_field_options')
        .select(['my_activity_task_field_id', 'label', 'is_selected'])
        .where('my_activity_task_field_id', 'in', fieldIds)
        .orderBy('ordinal')
        .execute()
    : [];
  return rows.map((a) => ({
    myActivityId: a.id,
    name: a.name,
    activityId: a.source_activity_id,
    journeyStepId: a.journey_step_id,
    createdAt: a.created_at,
    completedAt: a.completed_at,
    tasks: tasks
      .filter((t) => t.my_activity_id === a.id)
      .map((t) => ({
        name: t.name,
        completedAt: t.completed_at,
        fields: fields
          .filter((f) => f.my_activity_task_id === t.id)
          .map((f) => {
            const opts = options.filter((o) => o.my_activity_task_field_id === f.id);
            return { label: f.label, type: f.type, answer: f.value, ...(opts.length ? { options: opts.map((o) => ({ label: o.label, selected: o.is_selected })) } : {}) };
          }),
      })),
  }));
}

async function attempts(db: Db, userId: number) {
  const [games, assessments, feedback] = await Promise.all([
    db.selectFrom('game_attempts as a').innerJoin('games as g', 'g.id', 'a.game_id').select(['g.id', 'g.name', 'a.state', 'a.updated_at']).where('a.user_id', '=', userId).orderBy('a.id').execute(),
    db
      .selectFrom('assessment_attempts as a')
      .innerJoin('assessments as s', 's.id', 'a.assessment_id')
      .select(['s.id', 's.name', 'a.state', 'a.updated_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.id')
      .execute(),
    db.selectFrom('system_feedbacks').select(['feedback_type', 'rating', 'url', 'message', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return {
    games: games.map((g) => ({ gameId: g.id, name: g.name, answers: g.state, updatedAt: g.updated_at })),
    assessments: assessments.map((s) => ({ assessmentId: s.id, name: s.name, answers: s.state, updatedAt: s.updated_at })),
    contentFeedback: feedback.map((f) => ({ feedbackType: f.feedback_type, rating: f.rating, url: f.url, message: f.message, createdAt: f.created_at })),
  };
}

/** Requested (contacts, links) and received (as the app shows it: released batches, counts per skill, comments by text). */
async function peerFeedback(db: Db, userId: number) {
  const [contacts, links, count] = await Promise.all([
    db.selectFrom('user_contacts').select(['email', 'last_feedback_request_at', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('feedback_tokens').select(['kind', 'created_at', 'expires_at', 'used_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('feedback_responses').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const released = releasedFeedbackCount(count.n);
  let skills: { name: string; good: number; toImprove: number }[] = [];
  let comments: string[] = [];
  if (released > 0) {
    const last = await db.selectFrom('feedback_responses').select('id').where('user_id', '=', userId).orderBy('id').offset(released - 1).limit(1).executeTakeFirstOrThrow();
    const [votes, texts] = await Promise.all([
      db
        .selectFrom('feedback_response_skills as s')
        .innerJoin('feedback_responses as r', 'r.id', 's.response_id')
        .innerJoin('skills as k', 'k.id', 's.skill_id')
        .select(['k.name', sql<number>`count(*) filter (where s.rating = 1)::int`.as('good'), sql<number>`count(*) filter (where s.rating = -1)::int`.as('bad')])
        .where('r.user_id', '=', userId)
        .where('r.id', '<=', last.id)
        .groupBy('k.name')
        .orderBy('k.name')
        .execute(),
      db.selectFrom('feedback_responses').select('comment').where('user_id', '=', userId).where('id', '<=', last.id).where('comment', 'is not', null).execute(),
    ]);
    skills = votes.map((v) => ({ name: v.name, good: v.good, toImprove: v.bad }));
    comments = texts.map((t) => t.comment!).filter((c) => c.trim() !== '').sort((a, b) => a.localeCompare(b));
  }
  return {
    requested: {
      contacts: contacts.map((c) => ({ email: c.email, lastFeedbackRequestAt: c.last_feedback_request_at, createdAt: c.created_at })),
      links: links.map((l) => ({ kind: l.kind, createdAt: l.created_at, expiresAt: l.expires_at, usedAt: l.used_at })),
    },
    received: { answersShown: released, answersWaiting: count.n - released, skills, comments },
  };
}

async function visitDays(db: Db, userId: number) {
  const days = await db.selectFrom('user_visit_days').select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')).where('user_id', '=', userId).orderBy('day').execute();
  return days.map((d) => d.day);
}

export const EXPORT_AREAS: readonly ExportArea[] = [
  { file: 'profile.json', description: 'Your profile: name, email, phone, job title, bio, organisation, account dates.', one: profile },
  { file: 'settings.json', description: 'Your settings (email reminders, Leda updates, time zone), as stored.', one: settings },
  { file: 'teams.json', description: 'The teams you belong to, whether you administer them, and when you joined.', one: teams },
  {
    file: 'journeys.json',
    description: 'The journeys you started, their steps with your activities, and every story, video, game, assessment and activity you completed.',
    one: journeys,
  },
  {
    file: 'my-activities.json',
    description: 'My Activities: every activity you added, its tasks and your answers (files you attached are in files/).',
    rows: (db, userId) =>
      paged(
        (after, limit) =>
          db
            .selectFrom('my_activities')
            .select(['id', 'name', 'source_activity_id', 'journey_step_id', 'completed_at', 'created_at'])
            .where('user_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (rows) => myActivityPage(db, rows),
      ),
  },
  { file: 'assessments-and-games.json', description: 'Your answers in assessments and dialogue games, and the feedback you gave on content.', one: attempts },
  {
    file: 'posts.json',
    description: 'The posts you wrote (text, audience, link, dates, attached files) with their numbers of likes and comments.',
    rows: (db, userId) =>
      paged(
        (after, limit) =>
          db
            .selectFrom('posts as p')
            .leftJoin('teams as t', 't.id', 'p.team_id')
            .select([
              'p.id',
              'p.text',
              'p.audience_type',
              't.name as team_name',
              'p.url',
              'p.is_leda_official',
              'p.posted_at',
              'p.scheduled_at',
              'p.pinned_at',
              'p.created_at',
              'p.updated_at',
              (eb) => eb.selectFrom('post_likes as l').select(sql<number>`count(*)::int`.as('n')).whereRef('l.post_id', '=', 'p.id').as('likes'),
              (eb) => eb.selectFrom('post_comments as c').select(sql<number>`count(*)::int`.as('n')).whereRef('c.post_id', '=', 'p.id').as('comments'),
              (eb) =>
                eb
                  .selectFrom('post_files as pf')
                  .innerJoin('files as f', 'f.id', 'pf.file_id')
                  .select(sql<string[]>`coalesce(json_agg(f.file_name order by pf.ordinal), '[]'::json)`.as('names'))
                  .whereRef('pf.post_id', '=', 'p.id')
                  .as('files'),
            ])
            .where('p.creator_id', '=', userId)
            .where('p.id', '>', after)
            .orderBy('p.id')
            .limit(limit)
            .execute(),
        (rows) =>
          rows.map((p) => ({
            postId: p.id,
            text: p.text,
            audience: AUDIENCE[p.audience_type] ?? String(p.audience_type),
            team: p.team_name,
            url: p.url,
            isLedaOfficial: p.is_leda_official,
            postedAt: p.posted_at,
            scheduledAt: p.scheduled_at,
            pinnedAt: p.pinned_at,
            createdAt: p.created_at,
            updatedAt: p.updated_at,
            likeCount: p.likes ?? 0,
            commentCount: p.comments ?? 0,
            files: p.files ?? [],
          })),
      ),
  },
  {
    file: 'comments.json',
    description: 'The comments you wrote, with the post they are on.',
    rows: (db, userId) =>
      paged(
        (after, limit) => db.selectFrom('post_comments').select(['id', 'post_id', 'text', 'created_at']).where('user_id', '=', userId).where('id', '>', after).orderBy('id').limit(limit).execute(),
        (rows) => rows.map((c) => ({ commentId: c.id, postId: c.post_id, text: c.text, createdAt: c.created_at })),
      ),
  },
  {
    file: 'likes.json',
    description: 'The posts you liked, and when.',
    rows: (db, userId) =>
      paged(
        (after, limit) => db.selectFrom('post_likes').select(['id', 'post_id', 'created_at']).where('user_id', '=', userId).where('id', '>', after).orderBy('id').limit(limit).execute(),
        (rows) => rows.map((l) => ({ postId: l.post_id, likedAt: l.created_at })),
      ),
  },
  {
    file: 'notifications.json',
    description: 'The notifications Leda showed you, and when you saw and opened them.',
    rows: (db, userId) =>
      paged(
        (after, limit) =>
          db
            .selectFrom('user_notifications as un')
            .innerJoin('notifications as n', 'n.id', 'un.notification_id')
            .select(['un.id', 'n.type', 'n.title', 'n.message', 'n.link', 'un.created_at', 'un.seen_at', 'un.actioned_at'])
            .where('un.user_id', '=', userId)
            .where('un.id', '>', after)
            .orderBy('un.id')
            .limit(limit)
            .execute(),
        (rows) => rows.map((n) => ({ type: n.type, title: n.title, message: n.message, link: n.link, createdAt: n.created_at, seenAt: n.seen_at, actionedAt: n.actioned_at })),
      ),
  },
  {
    file: 'feedback.json',
    description:
      'Peer feedback: whom you asked (contacts, links and their dates) and what you received, as Leda shows it (answers released in batches, counted per skill, comments in text order, anonymous).',
    one: peerFeedback,
  },
  {
    file: 'visits.json',
    description: 'The days you used the app (UTC dates).',
    one: async (db, userId) => ({ days: await visitDays(db, userId) }),
  },
  {
    file: 'page-views.json',
    description: 'Each page view recorded while you were signed in (path, page name, referrer, language, campaign, time).',
    rows: (db, userId) =>
      paged(
        (after, limit) =>
          db
            .selectFrom('page_views')
            .select(['id', 'path', 'name', 'category', 'referrer', 'language', 'utm_source', 'utm_medium', 'utm_campaign', 'created_at'])
            .where('user_id', '=', userId)
            .where('id', '>', after)
            .orderBy('id')
            .limit(limit)
            .execute(),
        (rows) =>
          rows.map((v) => ({
            path: v.path,
            name: v.name,
            category: v.category,
            referrer: v.referrer,
            language: v.language,
            utmSource: v.utm_source,
            utmMedium: v.utm_medium,
            utmCampaign: v.utm_campaign,
            viewedAt: v.created_at,
          })),
      ),
  },
  {
    file: 'communications.json',
    description: 'Every email Leda sent (or tried to send) to your address: kind, subject, status, dates and its text (one-time links removed).',
    rows: (db, userId) =>
      paged(
        (after, limit) =>
          db
            .selectFrom('communications as c')
            .select(['c.id', 'c.kind', 'c.subject', 'c.status', 'c.text', 'c.html', 'c.sent_at', 'c.created_at'])
            .where((eb) => eb(eb.fn('lower', ['c.recipient']), '=', eb.selectFrom('users').select(sql<string>`lower(email)`.as('e')).where('id', '=', userId)))
            .where('c.id', '>', after)
            .orderBy('c.id')
            .limit(limit)
            .execute(),
        (rows) => rows.map((c) => ({ kind: c.kind, subject: c.subject, status: c.status, createdAt: c.created_at, sentAt: c.sent_at, text: c.text, html: c.html })),
      ),
  },
];
