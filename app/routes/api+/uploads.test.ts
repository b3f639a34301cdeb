import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { getDb, MAX_IMAGE_PIXELS, readBlob } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, savePost } from '@modules/social/index.server';
import { args, ORIGIN, run } from '../../../tests/support/remix';
import { makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { noScheduler } from '../../../tests/support/post-matrix';
import { jpegWithGps, pngBomb } from '../../../tests/support/images';
import * as uploadImages from './file+/uploadImages';
import * as uploadFiles from './file+/uploadFiles';
import * as uploadPhoto from './file+/uploadProfilePhoto';
import * as teamHome from '../app+/team.$teamId._index';

/** Every image upload is limited, re-encoded without metadata and resized; txt and csv are accepted by content (decisions 243, 244). */
/** Decoding and re-encoding a few megapixels takes seconds on a loaded 2-core machine. */
const IMAGE_TIMEOUT = 120_000;

type Route = { action: (a: never) => Promise<unknown> };
function upload(route: Route, path: string, files: { name: string; bytes: Uint8Array; type: string }[], token: string) {
  const form = new FormData();
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return run<{ blobId: string; fileId: number; fileName: string; type: number }[]>(() => route.action(args(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'x-access-token': token }, body: form })) as never));
}

async function member() {
  const team = await makeTeam();
  const u = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId, isTeamAdmin: true }] });
  return { team, ...u, ...(await signIn(u.userId)) };
}

describe('image uploads', () => {
  it('a 20000 x 20000 PNG of a few dozen KB is refused with a clear message on every image path', async () => {
    const u = await member();
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const message = `This image is too large: 20000 × 20000 pixels. Images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`;
    for (const [route, path] of [
      [uploadImages, '/api/file/uploadImages'],
      [uploadFiles, '/api/file/uploadFiles'],
      [uploadPhoto, '/api/file/uploadProfilePhoto'],
    ] as const) {
      const r = await upload(route, path, [{ name: 'huge.png', bytes: bomb, type: 'image/png' }], u.token);
      expect(r, path).toMatchObject({ status: 400, data: { errorMsg: message } });
    }
    expect(await getDb().selectFrom('files').select('id').where('creator_id', '=', u.userId).execute()).toEqual([]);
  }, IMAGE_TIMEOUT);

  it('a phone JPEG with EXIF GPS is stored without EXIF, capped in size, with resized copies', async () => {
    const u = await member();
    const photo = await jpegWithGps(2400, 1600);
    expect((await sharp(Buffer.from(photo)).metadata()).exif).toBeDefined();
    const r = await upload(uploadImages, '/api/file/uploadImages', [{ name: 'IMG_0001.jpg', bytes: photo, type: 'image/jpeg' }], u.token);
    expect(r.status).toBe(200);
    const blobId = r.data[0]!.blobId;
    const stored = (await readBlob(getDb(), blobId))!;
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([2048, 1365]);
    for (const w of [320, 640, 1280]) {
      const copy = (await readBlob(getDb(), blobId, w))!;
      const m = await sharp(copy.bytes).metadata();
      expect(m.width).toBe(w);
      expect(m.exif).toBeUndefined();
    }
  }, IMAGE_TIMEOUT);

  it('the feed shows a post image with a srcset of its generated sizes', async () => {
    const u = await member();
    const r = await upload(uploadImages, '/api/file/uploadImages', [{ name: 'team.jpg', bytes: await jpegWithGps(1000, 750), type: 'image/jpeg' }], u.token);
    const { blobId, fileId } = r.data[0] as { blobId: string; fileId: number };
    await savePost(getDb(), (await getCurrentUser(getDb(), u.userId))!, { text: 'Our offsite', audienceType: AudienceType.Team, teamId: u.team.teamId, fileIds: [fileId] }, noScheduler);
    const page = await renderRoute(`/app/team/${u.team.teamId}`, { route: teamHome, cookie: u.cookie, params: { teamId: String(u.team.teamId) } });
    expect(page.html).toContain(`srcSet="/blobs/${blobId}?w=320 320w, /blobs/${blobId}?w=640 640w, /blobs/${blobId} 1000w"`);
    expect(page.html).toContain('sizes="(max-width: 40rem) 100vw, 640px"');
  }, IMAGE_TIMEOUT);
});

describe('/api/file/uploadFiles: txt and csv', { timeout: IMAGE_TIMEOUT }, () => {
  it('accepts UTF-8 text as .txt and .csv documents; refuses text with NUL bytes or invalid UTF-8, and text under another name', async () => {
    const u = await member();
    const enc = new TextEncoder();
    const ok = await upload(uploadFiles, '/api/file/uploadFiles', [
      { name: 'notes.txt', bytes: enc.encode('Agenda: café ☕\n<b>not html</b>'), type: 'text/plain' },
      { name: 'people.csv', bytes: enc.encode('name,role\nAda,lead\n'), type: 'text/csv' },
    ], u.token);
    expect(ok.status).toBe(200);
    expect(ok.data.map((f) => [f.fileName, f.type])).toEqual([['notes.txt', 2], ['people.csv', 2]]);
    for (const [name, bytes] of [
      ['nul.txt', new Uint8Array([0x61, 0x00, 0x62])],
      ['latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9])],
      ['page.html', enc.encode('<!doctype html><p>hi')],
      ['notes.pdf', enc.encode('plain words')],
    ] as const) {
      const r = await upload(uploadFiles, '/api/file/uploadFiles', [{ name, bytes, type: 'text/plain' }], u.token);
      expect(r, name).toMatchObject({ status: 400, data: { errorMsg: 'This type of file is not allowed.' } });
    }
  });
});
