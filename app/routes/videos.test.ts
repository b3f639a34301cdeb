import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { args, getRequest, run } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';
import * as poster from './videos.$videoId.poster[.svg]';
import * as captions from './videos.$videoId.captions[.vtt]';
import { importFixtureStories } from '../../tests/support/content';

describe('/videos/{videoId}/poster.svg and captions.vtt', () => {
  it('serves a signed-in user the poster and the captions of a chapter video; 404 for an unknown or malformed id', async () => {
    await importFixtureStories();
    const { video_id: videoId } = await getDb().selectFrom('chapters').select('video_id').where('video_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const { cookie } = await signIn((await makeUser()).userId);
    const get = (loader: typeof poster.loader, path: string, id: string) => loader(args(getRequest(path, { cookie }), { videoId: id })) as Promise<Response>;

    const svg = await get(poster.loader, `/videos/${videoId}/poster.svg`, String(videoId));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/<svg[^>]+role="img"/);

    const vtt = await get(captions.loader, `/videos/${videoId}/captions.vtt`, String(videoId));
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await vtt.text()).toMatch(/^WEBVTT\n/);

    for (const bad of ['999999999', 'abc', '0', '1e3']) {
      expect((await get(poster.loader, `/videos/${bad}/poster.svg`, bad)).status, bad).toBe(404);
      expect((await get(captions.loader, `/videos/${bad}/captions.vtt`, bad)).status, bad).toBe(404);
    }
  }, 60_000); // imports the catalogue (slow on the embedded database)

  it('asks a visitor to log in', async () => {
    const res = await run(() => poster.loader(args(getRequest('/videos/1/poster.svg'), { videoId: '1' })));
    expect(res.status).toBe(302);
  });
});
