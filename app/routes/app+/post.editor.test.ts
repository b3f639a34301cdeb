import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, savePost, uploadFiles } from '@modules/social/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, jsonRequest, ORIGIN, run, runData } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { noScheduler } from '../../../tests/support/post-matrix';
import * as postPage from './post.$postId';
import * as teamHome from './team.$teamId._index';
import * as save from '../api+/post+/savePost';
import { TINY_PNG } from '../../../tests/support/images';

/**
 * Editing a post's attachments (issue 12): new files are added to the kept ones, each attachment has
 * a Remove control that works as a plain POST, the 10-file limit counts both, and someone else's
 * upload is refused; on the screens (multipart, no JavaScript) and on /api/post/savePost.
 */
const PNG = TINY_PNG;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function scene() {
  const team = await makeTeam();
  const admin = await makeUser({ organisationId: team.organisationId, firstName: 'Ada', lastName: 'Admin', teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  const member = await makeUser({ organisationId: team.organisationId, firstName: 'Bo', lastName: 'Member', teams: [{ teamId: team.teamId }] });
  const current = (await getCurrentUser(getDb(), admin.userId))!;
  return { team, admin: { ...admin, ...(await signIn(admin.userId)), current }, member: { ...member, ...(await signIn(member.userId)) } };
}

/** The editor's multipart POST, as a browser without JavaScript sends it. */
function multipart(path: string, fields: Record<string, string | string[]>, files: { name: string; bytes: Uint8Array; type: string }[], cookie: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  if (!files.length) form.append('files', new File([], '', { type: 'application/octet-stream' }));
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie }, body: form });
}

const fileNamesOf = async (postId: number) =>
  (
    await getDb()
      .selectFrom('post_files')
      .innerJoin('files', 'files.id', 'post_files.file_id')
      .select('files.file_name')
      .where('post_files.post_id', '=', postId)
      .orderBy('post_files.ordinal')
      .execute()
  ).map((r) => r.file_name);

const filesOwnedBy = async (userId: number) => (await getDb().selectFrom('files').select('id').where('creator_id', '=', userId).execute()).length;

describe('editing a post keeps, adds and removes attachments', () => {
  it('the post page lists each attachment with Remove; a plain POST removes the pdf and adds a new photo to the kept one', async () => {
    const s = await scene();
    const [photo, doc] = await uploadFiles(getDb(), s.admin.userId, 'files', [
      { name: 'team.png', bytes: PNG },
      { name: 'plan.pdf', bytes: PDF },
    ]);
    const post = await savePost(getDb(), s.admin.current, { text: 'With files', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: [photo!.fileId, doc!.fileId] }, noScheduler);
    const pp = { postId: String(post.postId) };
    const page = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.admin.cookie, params: pp });
    expect(page.text).toContain('Attachments');
    expect(page.text).toContain('Remove team.png');
    expect(page.text).toContain('Remove plan.pdf');
    expect(page.html).toContain(`name="removeFileIds" value="${doc!.fileId}"`);
    expect(page.text).toContain('up to 10 in all (2 kept)');

    const res = await run(() =>
      postPage.action(
        args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'With files', removeFileIds: String(doc!.fileId) }, [{ name: 'second.png', bytes: PNG, type: 'image/png' }], s.admin.cookie), pp) as never,
      ),
    );
    expect(res.location).toBe(`/app/post/${post.postId}?saved=edited`);
    expect(await fileNamesOf(post.postId)).toEqual(['team.png', 'second.png']);
    // Saving the text alone keeps the files.
    await run(() => postPage.action(args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'New words' }, [], s.admin.cookie), pp) as never));
    expect(await fileNamesOf(post.postId)).toEqual(['team.png', 'second.png']);
    const after = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.member.cookie, params: pp });
    expect(after.text).toContain('New words');
    expect(after.html).toContain('alt="second.png"');
    expect(after.text).not.toContain('plan.pdf');
  });

  it('the 10-file limit counts the kept files and the new ones: 9 kept + 2 new is refused before anything is stored', async () => {
    const s = await scene();
    const nine = await uploadFiles(getDb(), s.admin.userId, 'files', Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG })));
    const post = await savePost(getDb(), s.admin.current, { text: 'Nine', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: nine.map((f) => f.fileId) }, noScheduler);
    const pp = { postId: String(post.postId) };
    const before = await filesOwnedBy(s.admin.userId);
    const two = [1, 2].map((i) => ({ name: `n${i}.png`, bytes: PNG, type: 'image/png' }));
    const res = await run(() => postPage.action(args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'Nine' }, two, s.admin.cookie), pp) as never));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain('A post may have at most 10 files.');
    expect(await filesOwnedBy(s.admin.userId)).toBe(before);
    expect(await fileNamesOf(post.postId)).toHaveLength(9);
    // Removing one makes room for the two new ones.
    const ok = await run(() =>
      postPage.action(args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'Nine', removeFileIds: String(nine[0]!.fileId) }, two, s.admin.cookie), pp) as never),
    );
    expect(ok.location).toBe(`/app/post/${post.postId}?saved=edited`);
    expect(await fileNamesOf(post.postId)).toEqual([...nine.slice(1).map((f) => f.fileName), 'n1.png', 'n2.png']);
    // At 10 kept files the attach control is gone.
    const full = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.admin.cookie, params: pp });
    expect(full.html).not.toContain('name="files"');
  });

  it("someone else's upload is refused on the screen and on /api, and the post is left as it was", async () => {
    const s = await scene();
    const [mine] = await uploadFiles(getDb(), s.admin.userId, 'files', [{ name: 'mine.png', bytes: PNG }]);
    const [theirs] = await uploadFiles(getDb(), s.member.userId, 'files', [{ name: 'theirs.pdf', bytes: PDF }]);
    const post = await savePost(getDb(), s.admin.current, { text: 'Mine', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: [mine!.fileId] }, noScheduler);
    const pp = { postId: String(post.postId) };
    const screen = await run(() =>
      postPage.action(args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'Changed', fileIds: String(theirs!.fileId) }, [], s.admin.cookie), pp) as never),
    );
    expect(screen.status).toBe(400);
    expect(JSON.stringify(screen.data)).toContain('A file is not available.');
    const api = await runData(() =>
      save.action(args(jsonRequest('/api/post/savePost', { post: { postId: post.postId, text: 'Changed', fileIds: [mine!.fileId, theirs!.fileId] } }, { token: s.admin.token })) as never),
    );
    expect(api).toMatchObject({ status: 400, data: { errorMsg: 'A file is not available.' } });
    // A new post with it is refused too.
    const params = { teamId: String(s.team.teamId) };
    const fresh = await run(() =>
      teamHome.action(args(multipart(`/app/team/${s.team.teamId}`, { intent: 'save-post', text: 'New', audience: `team-${s.team.teamId}`, fileIds: String(theirs!.fileId) }, [], s.admin.cookie), params) as never),
    );
    expect(fresh.status).toBe(400);
    const row = await getDb().selectFrom('posts').select('text').where('id', '=', post.postId).executeTakeFirstOrThrow();
    expect(row.text).toBe('Mine');
    expect(await fileNamesOf(post.postId)).toEqual(['mine.png']);
  });

  it('/api/post/savePost: an edit without a file list keeps the files; an empty list removes them', async () => {
    const s = await scene();
    const [photo] = await uploadFiles(getDb(), s.admin.userId, 'files', [{ name: 'keep.png', bytes: PNG }]);
    const post = await savePost(getDb(), s.admin.current, { text: 'Api', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: [photo!.fileId] }, noScheduler);
    const call = (body: unknown) => run<{ postFiles: { file: { fileName: string } }[] }>(() => save.action(args(jsonRequest('/api/post/savePost', body, { token: s.admin.token })) as never));
    const kept = await call({ post: { postId: post.postId, text: 'Api edited' } });
    expect(kept.status).toBe(200);
    expect(kept.data.postFiles.map((f) => f.file.fileName)).toEqual(['keep.png']);
    const cleared = await call({ post: { postId: post.postId, text: 'Api edited', fileIds: [] } });
    expect(cleared.data.postFiles).toEqual([]);
  });

  it('a scheduled post shows its time in the editor; saving keeps it scheduled, emptying it posts now with the files', async () => {
    const s = await scene();
    const [photo] = await uploadFiles(getDb(), s.admin.userId, 'files', [{ name: 'later.png', bytes: PNG }]);
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCSeconds(0, 0);
    const post = await savePost(getDb(), s.admin.current, { text: 'Later', audienceType: AudienceType.Team, teamId: s.team.teamId, scheduledAt: at, fileIds: [photo!.fileId] }, noScheduler);
    const pp = { postId: String(post.postId) };
    const picker = at.toISOString().slice(0, 16);
    const page = await renderRoute(`/app/post/${post.postId}`, { route: postPage, cookie: s.admin.cookie, params: pp });
    expect(page.html).toContain(`name="scheduledAt" step="60" value="${picker}"`);
    const keep = await run(() => postPage.action(args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'Later, edited', scheduledAt: picker, tzOffset: '0' }, [], s.admin.cookie), pp) as never));
    expect(keep.location).toMatch(/\?scheduled=/);
    let row = await getDb().selectFrom('posts').select(['posted_at', 'scheduled_at']).where('id', '=', post.postId).executeTakeFirstOrThrow();
    expect(row.posted_at).toBeNull();
    expect(new Date(row.scheduled_at!).toISOString()).toBe(at.toISOString());
    await run(() => postPage.action(args(multipart(`/app/post/${post.postId}`, { intent: 'save-post', postId: String(post.postId), text: 'Now', scheduledAt: '', tzOffset: '0' }, [], s.admin.cookie), pp) as never));
    row = await getDb().selectFrom('posts').select(['posted_at', 'scheduled_at']).where('id', '=', post.postId).executeTakeFirstOrThrow();
    expect(row.posted_at).not.toBeNull();
    expect(await fileNamesOf(post.postId)).toEqual(['later.png']);
  });
});
