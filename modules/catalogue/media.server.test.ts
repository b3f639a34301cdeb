import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { webmDurationSeconds } from './webm-duration';
import { captionsVtt, getVideoMedia, localVideoDuration, posterSvg } from './media.server';
import { CatalogueImportError, importCatalogue } from './import.server';
import { importFixtureStories } from '../../tests/support/content';

const CLIPS = path.resolve('public/media/videos');
const tmpDirs: string[] = [];
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('video durations come from the media file', () => {
  it('reads the duration in the header of each shipped WebM clip', () => {
    const seconds = ['clip-1', 'clip-2', 'clip-3'].map((c) => webmDurationSeconds(fs.readFileSync(path.join(CLIPS, `${c}.webm`))));
    expect(seconds).toEqual([6, 5, 7]);
    expect(webmDurationSeconds(new TextEncoder().encode('not a video'))).toBeNull();
    expect(webmDurationSeconds(new Uint8Array())).toBeNull();
  });

  it('finds only files under public/', async () => {
    expect(await localVideoDuration('/media/videos/clip-3.webm')).toBe(7);
    expect(await localVideoDuration('/media/videos/missing.webm')).toBeNull();
    expect(await localVideoDuration('/../package.json')).toBeNull();
  });

  it('the import stores the file durations: every story chapter video says what its player will show', async () => {
    await importFixtureStories();
    const rows = await getDb().selectFrom('videos').select(['video_url', 'duration_seconds']).execute();
    expect(rows.length).toBeGreaterThan(0);
    const byClip: Record<string, number> = { '/media/videos/clip-1.webm': 6, '/media/videos/clip-2.webm': 5, '/media/videos/clip-3.webm': 7 };
    for (const r of rows) expect(r.duration_seconds, r.video_url).toBe(byClip[r.video_url]);
  }, 60_000); // imports the catalogue (slow on the embedded database)

  it('rejects a catalogue whose local video has no readable duration, naming the file and field', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-media-'));
    tmpDirs.push(dir);
    fs.writeFileSync(path.join(dir, 'videos.json'), JSON.stringify([{ urlId: 'broken-clip', name: 'Broken', videoUrl: '/media/videos/none.webm' }]));
    const err = await importCatalogue(getDb(), dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueImportError);
    expect((err as CatalogueImportError).problems).toContain('videos.json: 0.videoUrl: cannot read the duration of /media/videos/none.webm (a WebM under public/)');
  });
});

describe('posters and captions', () => {
  it("writes each chapter video's captions from the chapter's text, timed within the clip", async () => {
    await importFixtureStories();
    const video = await getDb().selectFrom('chapters').select('video_id').where('video_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const media = (await getVideoMedia(getDb(), video.video_id!))!;
    expect(media.chapterName).toBeTruthy();
    expect(media.text.length).toBeGreaterThan(20);
    const vtt = captionsVtt(media);
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.000 --> ')).toBe(true);
    expect(vtt).toContain(media.chapterName!);
    const ends = [...vtt.matchAll(/--> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map((m) => Number(m[3]) * 1000 + Number(m[4]));
    expect(ends.at(-1)).toBe(media.durationSeconds * 1000);
    expect(Buffer.byteLength(vtt)).toBeLessThan(4096);
    expect(await getVideoMedia(getDb(), 2_000_000_000)).toBeUndefined();
  }, 60_000);

  it('escapes cue text and draws a small poster with the story and chapter names', () => {
    const vtt = captionsVtt({ name: 'V', chapterName: 'A <b> & --> B', durationSeconds: 3, text: 'one two' });
    expect(vtt).toContain('A &lt;b&gt; &amp; -&gt; B');
    const svg = posterSvg({ videoId: 3, name: 'V', storyName: 'First <Ninety> Days', chapterName: 'The Promotion' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('FIRST &lt;NINETY&gt; DAYS');
    expect(svg).toContain('The Promotion');
    expect(svg).not.toMatch(/<script/i);
    expect(Buffer.byteLength(svg)).toBeLessThan(2048);
  });
});
