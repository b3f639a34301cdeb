import { randomBytes } from 'node:crypto';
import { getDb, putBlob } from '@modules/shared/index.server';
import { makeTeam, makeUser, type MadeUser } from './factories';

/**
 * A learner with something in every area of a data export (issue 27 s.2), for the export tests and
 * `npm run bench:export`: teams, settings, a journey with a step, My Activities with answers (one a
 * file), a game and an assessment attempt, posts with files, comments, likes, notifications, peer
 * feedback asked and received, visits and emails. Rows go in with set-based inserts, fast at any size.
 */
export interface HeavyLearnerSize {
  activities: number;
  posts: number;
  comments: number;
  likes: number;
  files: number;
  fileBytes: number;
}

export const SMALL: HeavyLearnerSize = { activities: 3, posts: 4, comments: 3, likes: 2, files: 2, fileBytes: 2_000 };
/** The bench's heavy learner: 200 activities, 1,000 posts, 1,000 comments, 50 files of 200 KB. */
export const HEAVY: HeavyLearnerSize = { activities: 200, posts: 1000, comments: 1000, likes: 300, files: 50, fileBytes: 200_000 };

const tag = () => randomBytes(4).toString('hex');

export interface HeavyLearner extends MadeUser {
  teamId: number;
  teamName: string;
  postIds: number[];
  fileNames: string[];
}

export async function makeHeavyLearner(size: HeavyLearnerSize = SMALL, opts: { firstName?: string } = {}): Promise<HeavyLearner> {
  const db = getDb();
  const t = tag();
  const teamName = `Export Team ${t}`;
  const team = await makeTeam({ name: teamName });
  const user = await makeUser({ organisationId: team.organisationId, firstName: opts.firstName ?? 'Ada', lastName: `Lovelace ${t}`, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const other = await makeUser({ organisationId: team.organisationId, firstName: 'Other', teams: [{ teamId: team.teamId }] });
  const uid = user.userId;
  await db.updateTable('users').set({ phone: '+61 412 345 678', job_title: 'Head of Learning', bio: `Bio of ${t}` }).where('id', '=', uid).execute();
  await db
    .insertInto('user_settings')
    .values([
      { user_id: uid, key: 'TIME_ZONE', value: 'Europe/Paris' },
      { user_id: uid, key: 'EMAIL_LEDA_UPDATES_ENABLED', value: 'false' },
    ])
    .execute();

  // Catalogue rows the test database does not seed: a journey with a step, a game, an assessment, a skill.
  const journey = await db.insertInto('journeys').values({ url_id: `export-journey-${t}`, name: `Journey ${t}` }).returning('id').executeTakeFirstOrThrow();
  const step = await db.insertInto('journey_steps').values({ journey_id: journey.id, url_id: `step-${t}`, ordinal: 1, name: `Step ${t}` }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_journeys').values({ user_id: uid, journey_id: journey.id }).execute();
  const game = await db.insertInto('games').values({ url_id: `export-game-${t}`, name: `Game ${t}` }).returning('id').executeTakeFirstOrThrow();
  const assessment = await db.insertInto('assessments').values({ url_id: `export-assessment-${t}`, name: `Survey ${t}` }).returning('id').executeTakeFirstOrThrow();
  const skill = await db.insertInto('skills').values({ url_id: `export-skill-${t}`, name: `Listening ${t}` }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('game_attempts').values({ user_id: uid, game_id: game.id, state: JSON.stringify({ choices: [1, 2, 3] }) }).execute();
  await db.insertInto('assessment_attempts').values({ user_id: uid, assessment_id: assessment.id, state: JSON.stringify({ answers: [4, 5] }) }).execute();
  await db.insertInto('user_progress').values({ user_id: uid, kind: 'game', item_id: game.id }).execute();

  // Uploaded files: post files, one task answer file, the profile photo.
  const fileNames: string[] = [];
  const fileIds: number[] = [];
  for (let i = 0; i < size.files; i++) {
    const blob = await putBlob(db, { bytes: randomBytes(size.fileBytes), contentType: 'application/pdf', owner: { kind: 'file', userId: uid } });
    const name = `report-${i + 1}.pdf`;
    const f = await db.insertInto('files').values({ blob_id: blob.blobId, file_name: name, type: 2, content_type: 'application/pdf', creator_id: uid }).returning('id').executeTakeFirstOrThrow();
    fileNames.push(name);
    fileIds.push(f.id);
  }
  const photo = await putBlob(db, { bytes: randomBytes(1000), contentType: 'image/png', owner: { kind: 'profile_photo', userId: uid } });
  await db.updateTable('users').set({ profile_photo_blob_id: photo.blobId }).where('id', '=', uid).execute();
  const answerBlob = await putBlob(db, { bytes: Buffer.from(`answer notes ${t}`), contentType: 'text/plain', owner: { kind: 'answer', userId: uid } });

  // My Activities: two tasks each, a text answer and a choice; the first activity's answer is a file.
  for (let i = 0; i < size.activities; i++) {
    const ma = await db
      .insertInto('my_activities')
      .values({ user_id: uid, name: `Activity ${i + 1}`, journey_step_id: i === 0 ? step.id : null, completed_at: i % 2 ? new Date() : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tasks = await db
      .insertInto('my_activity_tasks')
      .values([
        { my_activity_id: ma.id, ordinal: 1, name: 'Reflect' },
        { my_activity_id: ma.id, ordinal: 2, name: 'Choose' },
      ])
      .returning('id')
      .execute();
    const fields = await db
      .insertInto('my_activity_task_fields')
      .values([
        { my_activity_task_id: tasks[0]!.id, ordinal: 1, type: i === 0 ? 10 : 1, label: 'Your answer', value: i === 0 ? JSON.stringify({ blobId: answerBlob.blobId, name: 'notes.txt' }) : `My answer ${i + 1}` },
        { my_activity_task_id: tasks[1]!.id, ordinal: 1, type: 4, label: 'Pick one', value: null },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('my_activity_task_field_options')
      .values([
        { my_activity_task_field_id: fields[1]!.id, ordinal: 1, label: 'Yes', is_selected: true },
        { my_activity_task_field_id: fields[1]!.id, ordinal: 2, label: 'No', is_selected: false },
      ])
      .execute();
  }

  // Posts (the first ones carry the files), comments and likes.
  const postIds: number[] = [];
  for (let i = 0; i < size.posts; i += 500) {
    const n = Math.min(500, size.posts - i);
    const rows = await db
      .insertInto('posts')
      .values(Array.from({ length: n }, (_, k) => ({ text: `<p>Post ${i + k + 1} by ${t}</p>`, audience_type: 3, team_id: team.teamId, organisation_id: team.organisationId, creator_id: uid, posted_at: new Date() })))
      .returning('id')
      .execute();
    postIds.push(...rows.map((r) => r.id));
  }
  for (let i = 0; i < fileIds.length; i++) await db.insertInto('post_files').values({ post_id: postIds[i % postIds.length]!, file_id: fileIds[i]!, ordinal: i }).execute();
  for (let i = 0; i < size.comments; i += 500) {
    const n = Math.min(500, size.comments - i);
    await db
      .insertInto('post_comments')
      .values(Array.from({ length: n }, (_, k) => ({ post_id: postIds[(i + k) % postIds.length]!, user_id: uid, text: `Comment ${i + k + 1} by ${t}` })))
      .execute();
  }
  await db.insertInto('post_comments').values({ post_id: postIds[0]!, user_id: other.userId, text: `Someone else's comment ${t}` }).execute();
  if (size.likes) await db.insertInto('post_likes').values(postIds.slice(0, size.likes).map((p) => ({ post_id: p, user_id: uid }))).execute();

  const note = await db.insertInto('notifications').values({ type: 1, title: `Welcome ${t}`, message: 'Hello' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_notifications').values({ user_id: uid, notification_id: note.id }).execute();

  // Peer feedback: a contact asked, four answers (three released, one waiting).
  await db.insertInto('user_contacts').values({ user_id: uid, email: `colleague-${t}@example.test`, last_feedback_request_at: new Date() }).execute();
  for (const comment of ['Great listener', 'Clear goals', null, 'Waiting answer']) {
    const r = await db.insertInto('feedback_responses').values({ user_id: uid, comment }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('feedback_response_skills').values({ response_id: r.id, skill_id: skill.id, rating: 1 }).execute();
  }

  await db
    .insertInto('page_views')
    .values([
      { path: '/app/team', category: 'App', user_id: uid },
      { path: '/app/activities', category: 'App', user_id: uid, referrer: 'https://example.test/' },
    ])
    .execute();
  await db
    .insertInto('communications')
    .values({ message_key: `export-test:${t}`, recipient: user.email.toUpperCase(), subject: `Your weekly digest ${t}`, html: '<p>Hi</p>', text: 'Hi', kind: 'digest', status: 'logged' })
    .execute();
  await db
    .insertInto('communications')
    .values({ message_key: `export-test-other:${t}`, recipient: other.email, subject: `Not yours ${t}`, html: '<p>Hi</p>', text: 'Hi', kind: 'digest', status: 'logged' })
    .execute();
  return { ...user, teamId: team.teamId, teamName, postIds, fileNames };
}
