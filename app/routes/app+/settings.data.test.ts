import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb } from '@modules/shared/index.server';
import { pruneExpiredDataExports } from '@modules/admin/index.server';
import { args, formRequest, getRequest, jsonRequest, run } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';
import { makeHeavyLearner, SMALL } from '../../../tests/support/heavy-learner';
import { renderRoute } from '../../../tests/support/render-route';
import { runJobsInProcess } from '../../../tests/support/jobs-in-process';
import { unzip } from '../../../tests/support/zip';
import * as page from './settings.data';
import * as download from './settings.data_.$exportId.download';
import * as requestApi from '../api+/user+/requestDataExport';
import * as getApi from '../api+/user+/getDataExport';
import * as adminRequest from '../admin+/user-data-export.$userId';
import * as userEditor from '../admin+/user-editor.($userId)';

/** "Download my data" as a person uses it: the settings page (JS off: plain posts and reloads), the download, the /api paths, the admin request. */
runJobsInProcess();

const PATH = '/app/settings/data';

async function signedIn<U extends { userId: number }>(user: U) {
  return { ...user, ...(await signIn(user.userId)) };
}

async function downloadAs(exportId: number, cookie: string) {
  try {
    return (await download.loader(args(getRequest(`${PATH}/${exportId}/download`, { cookie }), { exportId: String(exportId) }))) as Response;
  } catch (thrown) {
    return thrown as Response | { init: { status: number } };
  }
}
const statusOf = (r: Response | { init: { status: number } }) => (r instanceof Response ? r.status : r.init.status);

describe('/app/settings/data', () => {
  it('asks for a copy, shows its progress, then the download; the ZIP is the person\'s data', async () => {
    const u = await signedIn(await makeHeavyLearner(SMALL));
    const first = await renderRoute(PATH, { route: page, cookie: u.cookie });
    expect(first.status).toBe(200);
    expect(first.text).toContain('Download my data');
    expect(first.text).toContain('Erase my data');
    expect(first.html).toContain('href="/app/settings/erase"');
    expect(first.html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/app\/settings\/data"|<a[^>]*href="\/app\/settings\/data"[^>]*aria-current="page"/);

    const posted = await run(() => page.action(args(formRequest(PATH, {}, { cookie: u.cookie }))));
    expect(posted).toMatchObject({ status: 303, location: PATH });
    // Before the job runs: the progress bar, with a reload for browsers without JS.
    const waiting = await renderRoute(PATH, { route: page, cookie: u.cookie });
    expect(waiting.text).toContain('Preparing your data: 0%');
    expect(waiting.html).toContain('<progress');
    expect(waiting.html).toContain('http-equiv="refresh"');
    expect(waiting.html).not.toContain('Download the ZIP file');

    await drainInProcessJobs();
    const ready = await renderRoute(PATH, { route: page, cookie: u.cookie });
    expect(ready.text).toContain('Your data is ready');
    const { id: exportId } = await getDb().selectFrom('data_exports').select('id').where('user_id', '=', u.userId).executeTakeFirstOrThrow();
    expect(ready.html).toContain(`href="${PATH}/${exportId}/download"`);
    expect(ready.text).toContain('Prepare a new copy');

    const res = (await downloadAs(exportId, u.cookie)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leda-data-\d+-\d{4}-\d\d-\d\d\.zip"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(JSON.parse(files.get('profile.json')!.toString()).email).toBe(u.email);
    expect(files.has('README.txt')).toBe(true);
  });

  it('downloads only in the person\'s own session; unknown, malformed and expired exports are 404', async () => {
    const owner = await signedIn(await makeUser());
    const other = await signedIn(await makeUser({ organisationId: owner.organisationId }));
    await run(() => page.action(args(formRequest(PATH, {}, { cookie: owner.cookie }))));
    await drainInProcessJobs();
    const { id: exportId } = await getDb().selectFrom('data_exports').select('id').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(statusOf(await downloadAs(exportId, other.cookie))).toBe(404);
    const anonymous = await run(() => download.loader(args(getRequest(`${PATH}/${exportId}/download`), { exportId: String(exportId) })));
    expect(anonymous.location).toBe(`/auth/login?thenTo=${encodeURIComponent(`${PATH}/${exportId}/download`)}`);
    for (const bad of ['0', '99999999999', 'abc']) {
      const r = await run(() => download.loader(args(getRequest(`${PATH}/${bad}/download`, { cookie: owner.cookie }), { exportId: bad })));
      expect(r.status, bad).toBe(404);
    }
    await pruneExpiredDataExports(getDb(), new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(statusOf(await downloadAs(exportId, owner.cookie))).toBe(404);
    const page2 = await renderRoute(PATH, { route: page, cookie: owner.cookie });
    expect(page2.text).toContain('Your last copy was deleted after 7 days');
  });
});

describe('/api/user/requestDataExport and /api/user/getDataExport', () => {
  it('starts an export and follows it to its download URL; others\' exports are 404; bodies are checked', async () => {
    const u = await signedIn(await makeUser());
    const other = await signedIn(await makeUser());
    const started = await run(() => requestApi.action(args(jsonRequest('/api/user/requestDataExport', {}, { token: u.token }))));
    expect(started.status).toBe(200);
    const exportId = (started.data as { exportId: number }).exportId;
    expect(exportId).toBeGreaterThan(0);
    const before = await run(() => getApi.action(args(jsonRequest('/api/user/getDataExport', { exportId }, { token: u.token }))));
    // The in-process runner may already have picked the job up: not ready yet either way.
    expect(before.data).toMatchObject({ status: expect.stringMatching(/^(queued|running)$/), downloadUrl: null });
    await drainInProcessJobs();
    const after = await run(() => getApi.action(args(jsonRequest('/api/user/getDataExport', { exportId }, { token: u.token }))));
    expect(after.data).toMatchObject({ status: 'ready', progress: 100, downloadUrl: `http://localhost:3000/app/settings/data/${exportId}/download` });

    const theirs = await run(() => getApi.action(args(jsonRequest('/api/user/getDataExport', { exportId }, { token: other.token }))));
    expect(theirs).toMatchObject({ status: 404, data: { errorMsg: 'Export not found.' } });
    // A learner may not ask for someone else's data.
    const forOther = await run(() => requestApi.action(args(jsonRequest('/api/user/requestDataExport', { userId: other.userId }, { token: u.token }))));
    expect(forOther.status).toBe(403);
    for (const body of [{}, { exportId: 0 }, { exportId: 2 ** 31 }, { exportId: 'x' }, { exportId: 1.5 }]) {
      const r = await run(() => getApi.action(args(jsonRequest('/api/user/getDataExport', body, { token: u.token }))));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof (r.data as { errorMsg: unknown }).errorMsg).toBe('string');
    }
    const anon = await run(() => getApi.action(args(jsonRequest('/api/user/getDataExport', { exportId }))));
    expect(anon.status).toBe(403);
  });
});

describe('admin: request a person\'s data', () => {
  it('a product admin asks from the user page (audit logged) and downloads what they asked for', async () => {
    const learner = await makeUser();
    const admin = await signedIn(await makeUser({ isLedaAdmin: true }));
    const posted = await run(() => adminRequest.action(args(formRequest(`/admin/user-data-export/${learner.userId}`, {}, { cookie: admin.cookie }), { userId: String(learner.userId) })));
    expect(posted).toMatchObject({ status: 303, location: `/admin/user-editor/${learner.userId}?export=requested#data-export` });
    await drainInProcessJobs();
    const shown = await renderRoute(`/admin/user-editor/${learner.userId}`, { route: userEditor, cookie: admin.cookie, params: { userId: String(learner.userId) } });
    expect(shown.text).toContain('Personal data');
    expect(shown.text).toContain('(by you)');
    const { id: exportId } = await getDb().selectFrom('data_exports').select('id').where('user_id', '=', learner.userId).executeTakeFirstOrThrow();
    expect(shown.html).toContain(`href="/app/settings/data/${exportId}/download"`);
    expect(statusOf(await downloadAs(exportId, admin.cookie))).toBe(200);
    const audit = await getDb().selectFrom('audit_log').select('actor_id').where('action', '=', 'user.requestDataExport').where('entity_id', '=', String(learner.userId)).execute();
    expect(audit).toEqual([{ actor_id: admin.userId }]);
    // A learner posting there is sent away.
    const learnerSession = await signIn(learner.userId);
    const refused = await run(() => adminRequest.action(args(formRequest(`/admin/user-data-export/${learner.userId}`, {}, { cookie: learnerSession.cookie }), { userId: String(learner.userId) })));
    expect(refused.location).toBe('/');
  });
});
