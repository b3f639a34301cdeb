import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb, readBlob } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { makeUser } from '../../tests/support/factories';
import { makeHeavyLearner, SMALL } from '../../tests/support/heavy-learner';
import { runJobsInProcess } from '../../tests/support/jobs-in-process';
import { unzip } from '../../tests/support/zip';
import { getDataExport, openDataExport, pruneExpiredDataExports, requestDataExport, runDataExport } from './export-requests.server';

/**
 * "Download my data" (issue 27 s.2): the ZIP opened with yauzl and read area by area, who may ask and
 * download, the email, the audit row, and the 7-day expiry. Jobs run in this process (no REDIS_URL).
 */
runJobsInProcess();

const db = () => getDb();
const me = async (userId: number) => (await getCurrentUser(db(), userId))!;

async function zipOf(exportId: number) {
  const row = await db().selectFrom('data_exports').select('blob_id').where('id', '=', exportId).executeTakeFirstOrThrow();
  const blob = await readBlob(db(), row.blob_id!);
  return unzip(blob!.bytes);
}
const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString('utf8')) as any;

describe('data export', () => {
  it('builds one ZIP with a JSON file per area, the uploaded files and a README', async () => {
    const learner = await makeHeavyLearner(SMALL);
    const user = await me(learner.userId);
    const requested = await requestDataExport(db(), user, learner.userId);
    expect(requested.status).toBe('queued');
    await drainInProcessJobs();
    const done = await getDataExport(db(), user, requested.exportId);
    expect(done).toMatchObject({ status: 'ready', progress: 100, downloadPath: `/app/settings/data/${requested.exportId}/download` });
    expect(done.expiresAt!.getTime() - done.finishedAt!.getTime()).toBe(7 * 24 * 3600 * 1000);

    const files = await zipOf(requested.exportId);
    const names = [...files.keys()];
    for (const area of ['profile', 'settings', 'teams', 'journeys', 'my-activities', 'assessments-and-games', 'posts', 'comments', 'likes', 'notifications', 'feedback', 'visits', 'page-views', 'communications']) {
      expect(names, area).toContain(`${area}.json`);
    }
    expect(names).toContain('README.txt');
    const readme = files.get('README.txt')!.toString('utf8');
    for (const name of names.filter((n) => n.endsWith('.json'))) expect(readme, name).toContain(name);

    const profile = json(files, 'profile.json');
    expect(profile).toMatchObject({ userId: learner.userId, email: learner.email, firstName: 'Ada', phone: '+61 412 345 678', jobTitle: 'Head of Learning', hasProfilePhoto: true });
    expect(JSON.stringify(profile)).not.toMatch(/password_hash|\$argon2/);
    expect(json(files, 'settings.json').settings).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'TIME_ZONE', value: 'Europe/Paris' })]));
    expect(json(files, 'teams.json').teams).toEqual([expect.objectContaining({ teamId: learner.teamId, name: learner.teamName, isTeamAdmin: true })]);
    const journeys = json(files, 'journeys.json');
    expect(journeys.journeys[0].steps[0].myActivities).toHaveLength(1);
    expect(journeys.completedItems).toEqual([expect.objectContaining({ kind: 'game' })]);
    const activities = json(files, 'my-activities.json');
    expect(activities).toHaveLength(SMALL.activities);
    expect(activities[1].tasks[0].fields[0].answer).toBe('My answer 2');
    expect(activities[1].tasks[1].fields[0].options).toEqual([
      { label: 'Yes', selected: true },
      { label: 'No', selected: false },
    ]);
    const attempts = json(files, 'assessments-and-games.json');
    expect(attempts.games[0].answers).toEqual({ choices: [1, 2, 3] });
    expect(attempts.assessments[0].answers).toEqual({ answers: [4, 5] });
    const posts = json(files, 'posts.json');
    expect(posts).toHaveLength(SMALL.posts);
    expect(posts[0]).toMatchObject({ postId: learner.postIds[0], audience: 'Team', team: learner.teamName, likeCount: 1, files: ['report-1.pdf'] });
    // Their comments only; someone else's comment on their post is counted, not copied.
    const comments = json(files, 'comments.json');
    expect(comments).toHaveLength(SMALL.comments);
    expect(comments.every((c: { text: string }) => c.text.startsWith('Comment'))).toBe(true);
    expect(json(files, 'likes.json')).toHaveLength(SMALL.likes);
    expect(json(files, 'notifications.json')[0].title).toMatch(/^Welcome/);
    const feedback = json(files, 'feedback.json');
    expect(feedback.requested.contacts).toHaveLength(1);
    // As the app shows it: three released answers, the fourth waits; comments in text order, no dates.
    expect(feedback.received).toMatchObject({ answersShown: 3, answersWaiting: 1, comments: ['Clear goals', 'Great listener'] });
    expect(json(files, 'visits.json').days).toHaveLength(1);
    expect(json(files, 'page-views.json').map((v: { path: string }) => v.path)).toEqual(['/app/team', '/app/activities']);
    // The emails sent to their address (any case), not other people's.
    const emails = json(files, 'communications.json');
    expect(emails.map((e: { subject: string }) => e.subject)).toEqual([expect.stringMatching(/^Your weekly digest/)]);

    // The files they uploaded: post files with their names, the answer's file, the photo; and files.json.
    for (const name of learner.fileNames) expect(files.get(`files/${name}`)?.byteLength, name).toBe(SMALL.fileBytes);
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(SMALL.files + 2);
    expect(json(files, 'files.json')).toHaveLength(SMALL.files + 2);

    // The email goes to the person, once.
    const mail = await db().selectFrom('communications').select(['recipient', 'subject', 'html']).where('message_key', '=', `data-export-ready:${requested.exportId}`).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: learner.email, subject: 'Your Leda data is ready to download' });
    expect(mail[0]!.html).toContain(`/app/settings/data/${requested.exportId}/download`);
    // A second run changes nothing and sends nothing.
    await runDataExport(db(), requested.exportId);
    expect(await db().selectFrom('communications').select('id').where('message_key', '=', `data-export-ready:${requested.exportId}`).execute()).toHaveLength(1);
  });

  it('lets only the person, or the product admin who asked, see and download it; an admin request is audit logged', async () => {
    const learner = await makeUser();
    const colleague = await makeUser({ organisationId: learner.organisationId });
    const admin = await makeUser({ isLedaAdmin: true });
    const otherAdmin = await makeUser({ isLedaAdmin: true });
    const [l, c, a, o] = await Promise.all([learner, colleague, admin, otherAdmin].map((u) => me(u.userId)));
    await expect(requestDataExport(db(), c!, learner.userId)).rejects.toMatchObject({ code: 'forbidden' });
    const own = await requestDataExport(db(), l!, learner.userId);
    // A second click while it waits answers the same export.
    expect((await requestDataExport(db(), l!, learner.userId)).exportId).toBe(own.exportId);
    const byAdmin = await requestDataExport(db(), a!, learner.userId);
    expect(byAdmin.exportId).not.toBe(own.exportId);
    await drainInProcessJobs();
    const audit = await db().selectFrom('audit_log').select(['action', 'entity_id', 'actor_id']).where('action', '=', 'user.requestDataExport').where('entity_id', '=', String(learner.userId)).execute();
    expect(audit).toEqual([{ action: 'user.requestDataExport', entity_id: String(learner.userId), actor_id: admin.userId }]);

    await expect(openDataExport(db(), l!, own.exportId)).resolves.toMatchObject({ contentType: 'application/zip' });
    await expect(openDataExport(db(), l!, byAdmin.exportId)).resolves.toMatchObject({ contentType: 'application/zip' });
    await expect(openDataExport(db(), a!, byAdmin.exportId)).resolves.toMatchObject({ contentType: 'application/zip' });
    for (const [who, exportId] of [
      [c, own.exportId],
      [a, own.exportId],
      [o, byAdmin.exportId],
      [c, byAdmin.exportId],
    ] as const) {
      await expect(getDataExport(db(), who!, exportId)).rejects.toMatchObject({ code: 'not_found', message: 'Export not found.' });
      await expect(openDataExport(db(), who!, exportId)).rejects.toMatchObject({ code: 'not_found' });
    }
    // The admin's request emails the admin who asked.
    const mail = await db().selectFrom('communications').select('recipient').where('message_key', '=', `data-export-ready:${byAdmin.exportId}`).executeTakeFirstOrThrow();
    expect(mail.recipient).toBe(admin.email);
  });

  it('deletes the ZIP 7 days after it is ready', async () => {
    const learner = await makeUser();
    const user = await me(learner.userId);
    const { exportId } = await requestDataExport(db(), user, learner.userId);
    await drainInProcessJobs();
    const { blob_id: blobId, expires_at: expiresAt } = await db().selectFrom('data_exports').select(['blob_id', 'expires_at']).where('id', '=', exportId).executeTakeFirstOrThrow();
    expect(await readBlob(db(), blobId!)).not.toBeNull();
    expect(await pruneExpiredDataExports(db(), new Date(expiresAt!.getTime() - 60_000))).toBe(0);
    expect(await pruneExpiredDataExports(db(), new Date(expiresAt!.getTime() + 1))).toBeGreaterThanOrEqual(1);
    expect(await readBlob(db(), blobId!)).toBeNull();
    const gone = await getDataExport(db(), user, exportId);
    expect(gone).toMatchObject({ status: 'expired', downloadPath: null });
    await expect(openDataExport(db(), user, exportId)).rejects.toMatchObject({ code: 'not_found' });
    expect(await pruneExpiredDataExports(db(), new Date(expiresAt!.getTime() + 1))).toBe(0);
  });
});
