import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb, readBlob, sendEmail, emailLayout } from '@modules/shared/index.server';
import { getCurrentUser, login, uploadProfilePhoto, validateSessionId, createUser } from '@modules/identity/index.server';
import { AudienceType, commentPost, requestContactFeedback, savePost, setPostLiked, uploadFiles } from '@modules/social/index.server';
import { eraseUser } from './erasure.server';
import { requestErasure, runDueErasures, withdrawErasure, getErasureRequest } from './erasure-requests.server';
import { saveUser } from './users.server';
import { recordPageView } from './tracking.server';
import { submitEnquiry } from './enquiries.server';
import { makeTeam, makeUser, signIn } from '../../tests/support/factories';
import { noScheduler } from '../../tests/support/post-matrix';
import { TINY_PNG } from '../../tests/support/images';

/**
 * Erasure (issue 27 s.3) on the real database: after a person who did a bit of everything is erased,
 * a scan of every text, varchar and jsonb column of every table finds their email and names in 0
 * rows; a colleague's data is unchanged; the email can open a new account; the person cannot sign in.
 */
async function scan(needles: string[]) {
  const db = getDb();
  const { rows: cols } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')`.execute(db);
  const hits: string[] = [];
  for (const { table_name, column_name } of cols) {
    for (const needle of needles) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table_name)} where strpos(lower(${sql.ref(column_name)}::text), ${needle.toLowerCase()}) > 0`.execute(db);
      if (rows[0]!.n > 0) hits.push(`${table_name}.${column_name} has '${needle}' in ${rows[0]!.n} rows`);
    }
  }
  return { hits, columns: cols.length };
}

const tag = () => randomBytes(4).toString('hex');

/** A person who used most of Leda, and a colleague in the same team. */
async function scene() {
  const db = getDb();
  const t = tag();
  const team = await makeTeam();
  const first = `Zelda${t}`;
  const last = `Quorn${t}`;
  const person = await makeUser({ email: `zq-${t}@example.test`, firstName: first, lastName: last, organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const colleague = await makeUser({ firstName: `Colin${t}`, lastName: `Mate${t}`, organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
  await makeUser({ organisationId: team.organisationId, isOrganisationAdmin: true });
  const admin = await makeUser({ isLedaAdmin: true });
  await db.updateTable('users').set({ phone: '+61 400 000 000', bio: `I am ${first}.`, job_title: 'Head of Things' }).where('id', '=', person.userId).execute();
  const me = (await getCurrentUser(db, person.userId))!;
  const them = (await getCurrentUser(db, colleague.userId))!;
  const photo = await uploadProfilePhoto(db, person.userId, TINY_PNG);
  const [file] = await uploadFiles(db, person.userId, 'images', [{ name: `${first}.png`, bytes: TINY_PNG }]);
  const post = await savePost(db, me, { text: `Hello from ${first} ${last}`, audienceType: AudienceType.Team, teamId: team.teamId, fileIds: [file!.fileId] }, noScheduler);
  const theirPost = await savePost(db, them, { text: 'A colleague post', audienceType: AudienceType.Team, teamId: team.teamId }, noScheduler).catch(() => null);
  const colleaguePost = theirPost ?? post;
  await commentPost(db, me, colleaguePost.postId, 'Nice one');
  await commentPost(db, them, post.postId, 'Thanks!');
  await setPostLiked(db, me, colleaguePost.postId, true);
  await requestContactFeedback(db, me, `friend-${t}@example.test`);
  await recordPageView(db, { url: 'http://localhost/app/team', path: '/app/team', cid: `cid-${t}` }, person.userId);
  await submitEnquiry(db, { kind: 'contact', firstName: first, lastName: last, email: person.email, message: `Call ${first}` }, { clientIp: `10.1.${Math.floor(Math.random() * 200)}.1` });
  await sendEmail(db, { to: person.email, subject: `Hi ${first}`, html: emailLayout({ heading: `Hi ${first}`, paragraphs: ['x'] }), kind: 'test', key: `erase-test:${t}` });
  await saveUser(db, admin.userId, { user: { userId: person.userId, firstName: first, lastName: last, email: person.email, jobTitle: 'Head of Things' } });
  await requestErasure(db, person.userId);
  const session = await signIn(person.userId);
  return { db, team, person, colleague, admin, first, last, post, colleaguePost, photo, file: file!, session, t };
}

async function colleagueSnapshot(userId: number) {
  const db = getDb();
  return {
    user: await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    posts: await db.selectFrom('posts').select(['id', 'text']).where('creator_id', '=', userId).orderBy('id').execute(),
    comments: await db.selectFrom('post_comments').select(['id', 'text', 'post_id']).where('user_id', '=', userId).orderBy('id').execute(),
    teams: await db.selectFrom('team_users').select(['team_id', 'is_team_admin']).where('user_id', '=', userId).execute(),
  };
}

describe('erasing a person', () => {
  it('leaves their email and names in no row of any text column, keeps their posts as the Former member, and a colleague unchanged', async () => {
    const s = await scene();
    const needles = [s.person.email, s.first, s.last];
    const before = await scan(needles);
    expect(before.hits.length).toBeGreaterThan(5);
    const colleagueBefore = await colleagueSnapshot(s.colleague.userId);

    expect(await eraseUser(s.db, s.admin.userId, s.person.userId, { keepPosts: true, reason: 'admin' })).toEqual({ erased: true });
    // Emails still queued when the erasure ran (a feedback request naming them) are cancelled, never sent.
    await drainInProcessJobs();

    const after = await scan(needles);
    expect(after.hits).toEqual([]);
    expect(after.columns).toBeGreaterThan(100);
    expect(await colleagueSnapshot(s.colleague.userId)).toEqual(colleagueBefore);

    // Posts and comments stay, by the Former member; uploaded files are gone.
    const post = await s.db.selectFrom('posts').innerJoin('users', 'users.id', 'posts.creator_id').select(['posts.text', 'users.first_name', 'users.last_name']).where('posts.id', '=', s.post.postId).executeTakeFirstOrThrow();
    expect(`${post.first_name} ${post.last_name}`).toBe('Former member');
    expect(await s.db.selectFrom('files').select('id').where('id', '=', s.file.fileId).execute()).toEqual([]);
    expect(await readBlob(s.db, s.photo.blobId)).toBeNull();
    expect(await readBlob(s.db, s.file.blobId)).toBeNull();
    // Contacts, pending feedback links, the request and the session end; learning records stay without identity.
    for (const table of ['user_contacts', 'feedback_tokens', 'team_users', 'sessions', 'erasure_requests'] as const) {
      expect(await s.db.selectFrom(table).select('user_id').where('user_id', '=', s.person.userId).execute(), table).toEqual([]);
    }
    expect(await s.db.selectFrom('user_visit_days').select('user_id').where('user_id', '=', s.person.userId).execute()).toHaveLength(1);
    expect(await validateSessionId(s.session.token)).toBeNull();
    // The audit log records the erasure, without the personal data.
    const audit = await s.db.selectFrom('audit_log').select(['action', 'after', 'actor_id']).where('entity', '=', 'user').where('entity_id', '=', String(s.person.userId)).where('action', '=', 'user.erase').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'user.erase', actor_id: s.admin.userId, after: { postsKept: true, reason: 'admin' } });

    // They cannot sign in; their email opens a new account.
    expect((await login(s.db, { email: s.person.email, password: s.person.password, clientIp: '10.9.9.9' })).status).toBe('invalid');
    const again = await createUser(s.db, { email: s.person.email, firstName: 'New', lastName: 'Person', organisationId: null });
    expect(again).toBeGreaterThan(s.person.userId);
    // A second run does nothing more.
    expect(await eraseUser(s.db, s.admin.userId, s.person.userId, { keepPosts: true, reason: 'admin' })).toEqual({ erased: false });
  }, 120_000);

  it('deletes their posts and comments when the admin chooses so', async () => {
    const s = await scene();
    await eraseUser(s.db, s.admin.userId, s.person.userId, { keepPosts: false, reason: 'admin' });
    expect(await s.db.selectFrom('posts').select('id').where('id', '=', s.post.postId).execute()).toEqual([]);
    expect(await s.db.selectFrom('post_comments').select('id').where('user_id', '=', s.person.userId).execute()).toEqual([]);
    expect((await scan([s.person.email, s.first, s.last])).hits).toEqual([]);
  }, 120_000);

  it("performs a person's own request 14 days later, unless withdrawn, and told their organisation admins", async () => {
    const s = await scene();
    const req = (await getErasureRequest(s.db, s.person.userId))!;
    expect(new Date(req.dueAt).getTime() - new Date(req.requestedAt).getTime()).toBe(14 * 86_400_000);
    const told = await s.db.selectFrom('communications').select(['recipient', 'subject']).where('kind', '=', 'erasure-request').where(sql<boolean>`strpos(subject, ${s.first}) > 0`).execute();
    expect(told).toHaveLength(1);
    // Not due yet: nothing happens.
    expect(await runDueErasures(s.db, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    expect(await withdrawErasure(s.db, s.person.userId)).toBe(true);
    expect(await runDueErasures(s.db, new Date(Date.now() + 15 * 86_400_000))).toBe(0);
    expect((await s.db.selectFrom('users').select('erased_at').where('id', '=', s.person.userId).executeTakeFirstOrThrow()).erased_at).toBeNull();
    // Asked again, and left to come due: erased by housekeeping.
    await requestErasure(s.db, s.person.userId);
    expect(await runDueErasures(s.db, new Date(Date.now() + 15 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await s.db.selectFrom('users').select('erased_at').where('id', '=', s.person.userId).executeTakeFirstOrThrow()).erased_at).not.toBeNull();
    expect((await scan([s.person.email, s.first, s.last])).hits).toEqual([]);
  }, 120_000);
});
