import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { COMMON_PASSWORD_MESSAGE, validateSessionId, type getUserProfile, type uploadProfilePhoto } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { args, getRequest, jsonRequest, ORIGIN, run, runRoute, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import * as getProfile from './organisation+/getUserProfileDataById';
import * as saveDetails from './user+/saveUserDetails';
import * as updatePassword from './user+/updatePassword';
import * as removePhoto from './user+/removeProfilePhoto';
import * as uploadPhoto from './file+/uploadProfilePhoto';
import * as photoRoute from '../app+/profile.$userId.photo';
import * as login from './auth+/login';

/**
 * The profile /api paths per role: who sees whose profile (a shared organisation or team, product
 * admins all, strangers 'User not found.'), own details and password only (id swaps refused, the
 * spec's messages), and the photo: checked by content, resized, stripped, served to viewers only.
 */
type Route = { action: (a: never) => Promise<unknown> };
const call = <T = ApiAnswer<object>>(route: Route, path: string, body: unknown, token?: string) => run<T>(() => route.action(args(jsonRequest(path, body, { token })) as never));
const uid = () => randomBytes(3).toString('hex');

function upload(files: { name: string; bytes: Uint8Array; type: string }[], token?: string) {
  const form = new FormData();
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  const headers: Record<string, string> = token ? { 'x-access-token': token } : {};
  return run<Of<typeof uploadProfilePhoto>>(() => uploadPhoto.action(args(new Request(`${ORIGIN}/api/file/uploadProfilePhoto`, { method: 'POST', headers, body: form })) as never));
}
const photoOf = (userId: number, cookie: string) => runRoute(photoRoute.loader, getRequest(`/app/profile/${userId}/photo`, { cookie }), { userId: String(userId) });
/** What getUserProfileDataById's inline handler answers. */
type Profile = ApiAnswer<{ user: Awaited<ReturnType<typeof getUserProfile>>; completedJourneyIds: number[] }>;

async function journey(name: string) {
  const row = await getDb().insertInto('journeys').values({ url_id: `profile-test-${uid()}`, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

interface Person {
  userId: number;
  token: string;
  cookie: string;
}
const person = async (opts: Parameters<typeof makeUser>[0]): Promise<Person> => {
  const u = await makeUser(opts);
  return { userId: u.userId, ...(await signIn(u.userId)) };
};

let s: {
  owner: Person;
  colleague: Person;
  teammateElsewhere: Person;
  stranger: Person;
  productAdmin: Person;
  student: Person;
  done: number;
  started: number;
};

beforeAll(async () => {
  const orgA = await makeOrganisation();
  const orgB = await makeOrganisation();
  const orgStudent = await makeOrganisation({ licenseType: LicenseType.Student });
  const { teamId } = await makeTeam({ organisationId: orgA });
  const owner = await person({ organisationId: orgA, firstName: 'Olive', lastName: 'Owner', teams: [{ teamId }] });
  s = {
    owner,
    colleague: await person({ organisationId: orgA, firstName: 'Cole', lastName: 'League' }),
    teammateElsewhere: await person({ organisationId: orgB, teams: [{ teamId }] }),
    stranger: await person({ organisationId: orgB }),
    productAdmin: await person({ organisationId: null, isLedaAdmin: true }),
    student: await person({ organisationId: orgStudent, teams: [{ teamId }] }),
    done: await journey('Leading Through Change'),
    started: await journey('Feedback Basics'),
  };
  await getDb()
    .insertInto('user_journeys')
    .values([
      { user_id: owner.userId, journey_id: s.done, completed_at: new Date() },
      { user_id: owner.userId, journey_id: s.started, completed_at: null },
    ])
    .execute();
});

describe('/api/organisation/getUserProfileDataById', () => {
  it('answers the user and completed journeys to the owner, the organisation, a shared team and product admins', async () => {
    const own = await call<Profile>(getProfile, '/api/organisation/getUserProfileDataById', { userId: s.owner.userId }, s.owner.token);
    expect(own.status).toBe(200);
    expect(own.data.user).toMatchObject({ userId: s.owner.userId, firstName: 'Olive', lastName: 'Owner', fullName: 'Olive Owner', profilePhotoBlobId: null, isLedaAdmin: false });
    expect(own.data.user.passwordUpdatedAt).toEqual(expect.any(String));
    expect(own.data.completedJourneyIds).toEqual([s.done]);
    for (const viewer of [s.colleague, s.teammateElsewhere, s.productAdmin]) {
      const r = await call<Profile>(getProfile, '/api/organisation/getUserProfileDataById', { userId: s.owner.userId }, viewer.token);
      expect(r.status).toBe(200);
      expect(r.data.user.email).toContain('@example.test');
      expect(r.data.user.passwordUpdatedAt).toBeNull();
      expect(r.data.completedJourneyIds).toEqual([s.done]);
    }
    // A student licence hides journeys, badges included.
    const student = await call<Profile>(getProfile, '/api/organisation/getUserProfileDataById', { userId: s.owner.userId }, s.student.token);
    expect(student.data.completedJourneyIds).toEqual([]);
  });

  it("refuses strangers and unknown ids alike with 'User not found.'; bad ids are a 400; no session a 403", async () => {
    const stranger = await call(getProfile, '/api/organisation/getUserProfileDataById', { userId: s.owner.userId }, s.stranger.token);
    expect(stranger).toMatchObject({ status: 404, data: { errorMsg: 'User not found.' } });
    const unknown = await call(getProfile, '/api/organisation/getUserProfileDataById', { userId: 2_000_000_000 }, s.owner.token);
    expect(unknown).toMatchObject({ status: 404, data: { errorMsg: 'User not found.' } });
    // The colleague cannot see the stranger either (no shared organisation or team).
    expect((await call(getProfile, '/api/organisation/getUserProfileDataById', { userId: s.stranger.userId }, s.colleague.token)).status).toBe(404);
    for (const userId of ['x', 0, 2 ** 31, 1.5, null]) {
      expect((await call(getProfile, '/api/organisation/getUserProfileDataById', { userId }, s.owner.token)).status).toBe(400);
    }
    expect((await call(getProfile, '/api/organisation/getUserProfileDataById', { userId: s.owner.userId })).status).toBe(403);
  });
});

describe('/api/user/saveUserDetails', () => {
  it('saves the caller’s own details (trimmed, empty optional fields cleared) and refuses an id swap', async () => {
    const me = await person({ organisationId: null, firstName: 'Ann', lastName: 'Old' });
    const other = await person({ organisationId: null, firstName: 'Bea', lastName: 'Untouched' });
    const ok = await call(
      saveDetails,
      '/api/user/saveUserDetails',
      { userDetails: { userId: me.userId, firstName: '  Ann ', lastName: 'New', jobTitle: 'Team lead', phone: '0412 345 678', bio: 'Line one\nLine two' } },
      me.token,
    );
    expect(ok.status).toBe(200);
    const row = await getDb().selectFrom('users').selectAll().where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Ann', last_name: 'New', job_title: 'Team lead', phone: '0412 345 678', bio: 'Line one\nLine two' });
    const cleared = await call(saveDetails, '/api/user/saveUserDetails', { userDetails: { firstName: 'Ann', lastName: 'New', jobTitle: '', phone: null, bio: '   ' } }, me.token);
    expect(cleared.status).toBe(200);
    expect(await getDb().selectFrom('users').select(['job_title', 'phone', 'bio']).where('id', '=', me.userId).executeTakeFirstOrThrow()).toEqual({ job_title: null, phone: null, bio: null });

    const swap = await call(saveDetails, '/api/user/saveUserDetails', { userDetails: { userId: other.userId, firstName: 'Hacked', lastName: 'Name' } }, me.token);
    expect(swap).toMatchObject({ status: 403, data: { errorMsg: 'You can only change your own details.' } });
    expect(await getDb().selectFrom('users').select(['first_name', 'last_name']).where('id', '=', other.userId).executeTakeFirstOrThrow()).toEqual({ first_name: 'Bea', last_name: 'Untouched' });
    expect(await getDb().selectFrom('users').select('first_name').where('id', '=', me.userId).executeTakeFirstOrThrow()).toEqual({ first_name: 'Ann' });
    expect((await call(saveDetails, '/api/user/saveUserDetails', { userDetails: { firstName: 'A', lastName: 'B' } })).status).toBe(403);
  });

  it('answers the spec’s messages with a 400', async () => {
    const me = await person({ organisationId: null });
    const base = { firstName: 'Ann', lastName: 'Smith' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, firstName: '' }, 'Enter a first name'],
      [{ ...base, firstName: '   ' }, 'Enter a first name'],
      [{ ...base, firstName: 'x'.repeat(251) }, 'Enter a first name'],
      [{ ...base, lastName: '' }, 'Enter a last name'],
      [{ firstName: 'Ann' }, 'Enter a last name'],
      [{ ...base, jobTitle: 'x'.repeat(251) }, 'Job title too long (max 250 characters)'],
      [{ ...base, phone: '12345' }, 'Phone number is not valid'],
      // A landline (Sydney) is a real number but not a mobile one.
      [{ ...base, phone: '02 9876 5432' }, 'Phone number is not valid'],
      [{ ...base, bio: 'x'.repeat(10_001) }, 'Bio is too long (max 10,000 characters)'],
      [{ firstName: 'Leda', lastName: 'Swan' }, 'Leda and the Swan? A fine poem, but we need your real name.'],
    ];
    for (const [userDetails, message] of cases) {
      const r = await call(saveDetails, '/api/user/saveUserDetails', { userDetails }, me.token);
      expect(r, message).toMatchObject({ status: 400, data: { errorMsg: message } });
    }
    expect((await call(saveDetails, '/api/user/saveUserDetails', { userDetails: { ...base, bio: 'x'.repeat(10_000), phone: '+44 7911 123456' } }, me.token)).status).toBe(200);
  });
});

describe('/api/user/updatePassword', () => {
  it('refuses a wrong current password, short and common ones; on success ends the other sessions and keeps this one', async () => {
    const u = await makeUser({ organisationId: null });
    const here = await signIn(u.userId);
    const elsewhere = await signIn(u.userId);
    const cases: [Record<string, unknown>, string][] = [
      [{ currentPassword: 'not-my-password', newPassword: 'a-brand-new-pass' }, 'Your current password is incorrect.'],
      [{ currentPassword: 'short', newPassword: 'a-brand-new-pass' }, 'Enter your current password (8 - 64 characters)'],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'short' }, 'Enter a new password (8 - 64 characters)'],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(65) }, 'Enter a new password (8 - 64 characters)'],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'password1' }, COMMON_PASSWORD_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const r = await call(updatePassword, '/api/user/updatePassword', body, here.token);
      expect(r, message).toMatchObject({ status: 400, data: { errorMsg: message } });
    }
    expect(await validateSessionId(elsewhere.token)).not.toBeNull();

    const ok = await call(updatePassword, '/api/user/updatePassword', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-pass' }, here.token);
    expect(ok.status).toBe(200);
    expect(await validateSessionId(here.token)).not.toBeNull();
    expect(await validateSessionId(elsewhere.token)).toBeNull();
    expect((await call<ApiAnswer<{ success: boolean }>>(login, '/api/auth/login', { email: u.email, password: TEST_PASSWORD })).data.success).toBe(false);
    expect((await call<ApiAnswer<{ success: boolean }>>(login, '/api/auth/login', { email: u.email, password: 'a-brand-new-pass' })).data.success).toBe(true);
    expect((await call(updatePassword, '/api/user/updatePassword', { currentPassword: TEST_PASSWORD, newPassword: 'another-new-pass' })).status).toBe(403);
  });
});

describe('profile photo', () => {
  it('upload: resized to a 256 px JPEG without metadata, shown to viewers only; remove clears it', async () => {
    const big = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret camera owner', ImageDescription: 'Taken at home' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const r = await upload([{ name: 'me.jpeg', bytes: big, type: 'image/jpeg' }], s.owner.token);
    expect(r.status).toBe(200);
    expect(r.data.blobId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect((await getDb().selectFrom('users').select('profile_photo_blob_id').where('id', '=', s.owner.userId).executeTakeFirstOrThrow()).profile_photo_blob_id).toBe(r.data.blobId);

    const served = await photoOf(s.owner.userId, s.colleague.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const res = await photoRoute.loader(args(getRequest(`/app/profile/${s.owner.userId}/photo`, { cookie: s.teammateElsewhere.cookie }), { userId: String(s.owner.userId) }) as never);
    const meta = await sharp(Buffer.from(await (res as Response).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect((await photoOf(s.owner.userId, s.stranger.cookie)).status).toBe(404);
    expect((await photoOf(s.owner.userId, s.productAdmin.cookie)).status).toBe(200);

    const removed = await call(removePhoto, '/api/user/removeProfilePhoto', {}, s.owner.token);
    expect(removed.status).toBe(200);
    expect((await getDb().selectFrom('users').select('profile_photo_blob_id').where('id', '=', s.owner.userId).executeTakeFirstOrThrow()).profile_photo_blob_id).toBeNull();
    expect((await photoOf(s.owner.userId, s.colleague.cookie)).status).toBe(404);
    expect((await call(removePhoto, '/api/user/removeProfilePhoto', {})).status).toBe(403);
  });

  it('refuses what is not a PNG or JPEG by its bytes, several files, none, and no session', async () => {
    const me = await person({ organisationId: null });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [gif, svg, new TextEncoder().encode('just text')]) {
      const r = await upload([{ name: 'photo.png', bytes, type: 'image/png' }], me.token);
      expect(r).toMatchObject({ status: 400, data: { errorMsg: 'Choose a .png, .jpg or .jpeg image.' } });
    }
    // A PNG header with a broken body is refused as unreadable, not a 500.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
    expect((await upload([{ name: 'x.png', bytes: broken, type: 'image/png' }], me.token)).data).toEqual({ errorMsg: 'This image could not be read. Please choose another.' });
    const png = await sharp({ create: { width: 10, height: 20, channels: 4, background: '#ff000080' } }).png().toBuffer();
    expect((await upload([{ name: 'a.png', bytes: png, type: 'image/png' }, { name: 'b.png', bytes: png, type: 'image/png' }], me.token)).data).toEqual({ errorMsg: 'Upload one photo at a time.' });
    expect((await upload([], me.token)).data).toEqual({ errorMsg: 'Choose a photo to upload.' });
    expect((await upload([{ name: 'a.png', bytes: png, type: 'image/png' }])).status).toBe(403);
    expect((await getDb().selectFrom('users').select('profile_photo_blob_id').where('id', '=', me.userId).executeTakeFirstOrThrow()).profile_photo_blob_id).toBeNull();
    expect((await upload([{ name: 'a.png', bytes: png, type: 'image/png' }], me.token)).status).toBe(200);
  });
});
