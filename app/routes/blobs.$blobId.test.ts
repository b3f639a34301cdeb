import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { getDb, putBlob } from '@modules/shared/index.server';
import { getCurrentUser, uploadProfilePhoto } from '@modules/identity/index.server';
import { AudienceType, deletePost, savePost, uploadFiles } from '@modules/social/index.server';
import { addMyActivity, completeMyActivityTask, saveTaskAnswers } from '@modules/activities/index.server';
import { loader } from './blobs.$blobId';
import { args, getRequest } from '../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../tests/support/factories';
import { noScheduler } from '../../tests/support/post-matrix';
import { jpegWithGps, TINY_PNG } from '../../tests/support/images';
import { importFixtureActivities } from '../../tests/support/content';

/** /blobs/{id}: every stored file is served through the policy of what it belongs to (decision 242). */
const get = (blobId: string, cookie?: string, query = '') => loader(args(getRequest(`/blobs/${blobId}${query}`, { cookie }), { blobId }));
const statusFor = async (blobId: string, cookie?: string) => (await get(blobId, cookie)).status;

const serve = async (bytes: string, contentType: string) => {
  const { blobId } = await putBlob(getDb(), { bytes: new TextEncoder().encode(bytes), contentType, owner: { kind: 'content' } });
  await getDb().insertInto('contents').values({ url_id: `c-${blobId.slice(0, 12).toLowerCase()}`, name: 'C', feature_image_blob_id: blobId }).execute();
  return get(blobId);
};

/** Team T (org A) with its admin and a member; team U in the same org; an org B user; all signed in. */
async function scene() {
  const team = await makeTeam();
  const otherTeam = await makeTeam({ organisationId: team.organisationId });
  const cookieOf = async (u: { userId: number }) => ({ ...u, cookie: (await signIn(u.userId)).cookie });
  const admin = await cookieOf(await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] }));
  const member = await cookieOf(await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] }));
  const sameOrgOtherTeam = await cookieOf(await makeUser({ organisationId: team.organisationId, teams: [{ teamId: otherTeam.teamId }] }));
  const otherOrg = await cookieOf(await makeUser());
  return { team, admin, member, sameOrgOtherTeam, otherOrg };
}

beforeAll(async () => {
  await importFixtureActivities();
}, 180_000);

describe('/blobs/{id}: how a file is served', () => {
  it('serves an image inline, sandboxed', async () => {
    const res = await serve('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('makes anything that is not media a sandboxed download', async () => {
    const res = await serve('<script>alert(1)</script>', 'text/html');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers 404 for a malformed or unknown id, or an unknown width', async () => {
    for (const blobId of ['x', '../../etc/passwd', '%E0%A4%A', 'a'.repeat(500), 'A'.repeat(24)]) {
      expect((await loader(args(getRequest('/blobs/x'), { blobId }))).status).toBe(404);
    }
    const { blobId } = await putBlob(getDb(), { bytes: TINY_PNG, contentType: 'image/png', owner: { kind: 'content' } });
    await getDb().insertInto('contents').values({ url_id: `w-${blobId.slice(0, 12).toLowerCase()}`, name: 'W', feature_image_blob_id: blobId }).execute();
    expect((await get(blobId)).status).toBe(200);
    expect((await get(blobId, undefined, '?w=99')).status).toBe(404);
    // A 1x1 image has no resized copies.
    expect((await get(blobId, undefined, '?w=320')).status).toBe(404);
  });
});

/** Each case makes several users (password hashing): generous on a loaded 2-core machine. */
describe('/blobs/{id}: who may read it', { timeout: 120_000 }, () => {
  it('public content (an article feature image) is open to anyone and cached publicly; an unused content image only to product admins', async () => {
    const { blobId } = await putBlob(getDb(), { bytes: new TextEncoder().encode(`image ${Date.now()}`), contentType: 'image/png', owner: { kind: 'content' } });
    const productAdmin = await makeUser({ isLedaAdmin: true });
    const { cookie } = await signIn(productAdmin.userId);
    expect(await statusFor(blobId)).toBe(404);
    expect((await get(blobId, cookie)).headers.get('cache-control')).toMatch(/^private/);
    await getDb().insertInto('contents').values({ url_id: `article-${Date.now()}`, name: 'An article', is_public: true, feature_image_blob_id: blobId }).execute();
    const res = await get(blobId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("a team post's file: its members and admins, privately cached; another team of the organisation, another organisation and anonymous get 404", async () => {
    const s = await scene();
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    const [file] = await uploadFiles(getDb(), s.admin.userId, 'files', [{ name: 'plan.png', bytes: TINY_PNG }]);
    // Uploaded, not yet posted: its uploader only.
    expect(await statusFor(file!.blobId, s.admin.cookie)).toBe(200);
    expect(await statusFor(file!.blobId, s.member.cookie)).toBe(404);
    const post = await savePost(getDb(), admin, { text: 'Private plan', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: [file!.fileId] }, noScheduler);
    const asMember = await get(file!.blobId, s.member.cookie);
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get('cache-control')).toMatch(/^private/);
    expect(asMember.headers.get('cache-control')).not.toContain('public');
    expect(await statusFor(file!.blobId, s.admin.cookie)).toBe(200);
    expect(await statusFor(file!.blobId, s.sameOrgOtherTeam.cookie)).toBe(404);
    expect(await statusFor(file!.blobId, s.otherOrg.cookie)).toBe(404);
    expect(await statusFor(file!.blobId)).toBe(404);

    // Deleted: refused to everyone, its uploader included.
    await deletePost(getDb(), admin, post.postId, noScheduler);
    for (const who of [s.admin.cookie, s.member.cookie, undefined]) expect(await statusFor(file!.blobId, who)).toBe(404);
  });

  it("an organisation post's file: the organisation's users, not another organisation's", async () => {
    const s = await scene();
    const orgAdmin = await makeUser({ organisationId: s.team.organisationId, isOrganisationAdmin: true });
    const [file] = await uploadFiles(getDb(), orgAdmin.userId, 'documents', [{ name: 'memo.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') }]);
    await savePost(getDb(), (await getCurrentUser(getDb(), orgAdmin.userId))!, { text: 'Memo', audienceType: AudienceType.Organisation, organisationId: s.team.organisationId, fileIds: [file!.fileId] }, noScheduler);
    const res = await get(file!.blobId, s.sameOrgOtherTeam.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(await statusFor(file!.blobId, s.otherOrg.cookie)).toBe(404);
    expect(await statusFor(file!.blobId)).toBe(404);
  });

  it('a profile photo follows the profile: people sharing a team or organisation see it, strangers and anonymous get 404', async () => {
    const s = await scene();
    const { blobId } = await uploadProfilePhoto(getDb(), s.member.userId, await jpegWithGps(300, 300));
    const res = await get(blobId, s.admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect(await statusFor(blobId, s.sameOrgOtherTeam.cookie)).toBe(200);
    expect(await statusFor(blobId, s.otherOrg.cookie)).toBe(404);
    expect(await statusFor(blobId)).toBe(404);
    // Replaced: the old photo is no longer anyone's.
    await uploadProfilePhoto(getDb(), s.member.userId, TINY_PNG);
    expect(await statusFor(blobId, s.member.cookie)).toBe(404);
  });

  it("a task answer's upload: its owner and their admins; a team mate, another organisation and anonymous get 404", async () => {
    const s = await scene();
    const my = await addMyActivity(getDb(), s.member.userId, { activityId: 9 });
    await completeMyActivityTask(getDb(), s.member.userId, { myActivityId: my.myActivityId, myActivityTaskId: my.myActivityTasks[0]!.myActivityTaskId });
    const t1 = my.myActivityTasks[1]!;
    const saved = await saveTaskAnswers(getDb(), s.member.userId, {
      myActivityId: my.myActivityId,
      myActivityTaskId: t1.myActivityTaskId,
      fields: [{ fieldId: t1.myActivityTaskFields[0]!.myActivityTaskFieldId, kind: 'file', file: { name: 'notes.txt', bytes: new TextEncoder().encode('<script>alert(1)</script> my notes') } }],
    });
    const { blobId } = JSON.parse(saved.myActivityTasks[1]!.myActivityTaskFields[0]!.value!) as { blobId: string };
    const own = await get(blobId, s.member.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(own.headers.get('content-disposition')).toBe('attachment');
    expect(own.headers.get('cache-control')).toMatch(/^private/);
    expect(await statusFor(blobId, s.admin.cookie)).toBe(200);
    const teamMate = await makeUser({ organisationId: s.team.organisationId, teams: [{ teamId: s.team.teamId }] });
    expect(await statusFor(blobId, (await signIn(teamMate.userId)).cookie)).toBe(404);
    expect(await statusFor(blobId, s.sameOrgOtherTeam.cookie)).toBe(404);
    expect(await statusFor(blobId, s.otherOrg.cookie)).toBe(404);
    expect(await statusFor(blobId)).toBe(404);
  });

  it('the same bytes uploaded by two owners are two blobs; by the same owner, one', async () => {
    const s = await scene();
    const [a] = await uploadFiles(getDb(), s.admin.userId, 'images', [{ name: 'a.png', bytes: TINY_PNG }]);
    const [b] = await uploadFiles(getDb(), s.otherOrg.userId, 'images', [{ name: 'a.png', bytes: TINY_PNG }]);
    const [again] = await uploadFiles(getDb(), s.admin.userId, 'images', [{ name: 'a.png', bytes: TINY_PNG }]);
    expect(a!.blobId).not.toBe(b!.blobId);
    expect(again!.blobId).toBe(a!.blobId);
    // Owner B's copy is not owner A's file: A's post audience never opens it.
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    await savePost(getDb(), admin, { text: 'x', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: [a!.fileId] }, noScheduler);
    expect(await statusFor(a!.blobId, s.member.cookie)).toBe(200);
    expect(await statusFor(b!.blobId, s.member.cookie)).toBe(404);
  });

  it("serves an image's resized copies by ?w= to the same audience, without metadata", async () => {
    const s = await scene();
    const [file] = await uploadFiles(getDb(), s.admin.userId, 'images', [{ name: 'photo.jpg', bytes: await jpegWithGps(1600, 1200) }]);
    const admin = (await getCurrentUser(getDb(), s.admin.userId))!;
    await savePost(getDb(), admin, { text: 'Photo', audienceType: AudienceType.Team, teamId: s.team.teamId, fileIds: [file!.fileId] }, noScheduler);
    const small = await get(file!.blobId, s.member.cookie, '?w=320');
    expect(small.status).toBe(200);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);
    expect(meta.exif).toBeUndefined();
    expect((await get(file!.blobId, s.otherOrg.cookie, '?w=320')).status).toBe(404);
    expect((await get(file!.blobId, s.member.cookie, '?w=321')).status).toBe(404);
  }, 120_000);
});
