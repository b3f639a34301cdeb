import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@modules/shared/db/database';
import { htmlToText } from '@modules/shared/html-text';
import type { VideosFile } from './content-files-schemas';
import { webmDurationSeconds } from './webm-duration';

/**
 * Video durations come from the media file (issue 9: a caption said 0:04 while the player showed
 * 0:06). A video served from this site (/media/...) is read from the public folder at import time;
 * a video on another host keeps the durationSeconds its file gives (0 when none).
 */
export const PUBLIC_DIR = path.resolve('public');

export const isLocalMedia = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** Whole seconds of a local WebM, or null when the file is missing or has no duration in its header. */
export async function localVideoDuration(videoUrl: string, publicDir = PUBLIC_DIR): Promise<number | null> {
  const file = path.resolve(publicDir, `.${decodeURIComponent(videoUrl.split(/[?#]/)[0]!)}`);
  if (!file.startsWith(publicDir + path.sep)) return null;
  const bytes = await fs.readFile(file).catch(() => null);
  if (!bytes) return null;
  const seconds = webmDurationSeconds(bytes);
  return seconds === null ? null : Math.round(seconds);
}

/** Sets each local video's durationSeconds from its file; a local file without a readable duration is a problem. */
export async function measureVideoDurations(file: string, videos: VideosFile, problems: string[], publicDir = PUBLIC_DIR) {
  for (const [i, v] of videos.entries()) {
    if (!isLocalMedia(v.videoUrl)) continue;
    const seconds = await localVideoDuration(v.videoUrl, publicDir);
    if (seconds === null) problems.push(`${file}: ${i}.videoUrl: cannot read the duration of ${v.videoUrl} (a WebM under public/)`);
    else v.durationSeconds = seconds;
  }
}

/* ---- Posters and captions: every video gets a drawn poster and WebVTT captions (issue 9) ---- */

export interface VideoMedia {
  videoId: number;
  name: string;
  durationSeconds: number;
  /** The story and chapter that show this video (the first by story and chapter order), if any. */
  storyName: string | null;
  chapterName: string | null;
  /** The chapter's text (overview, then content) as plain text: what the captions say. */
  text: string;
}

/** One video with what its poster and captions need; undefined when there is no such video. */
export async function getVideoMedia(db: Db, videoId: number): Promise<VideoMedia | undefined> {
  const video = await db.selectFrom('videos').select(['id', 'name', 'duration_seconds']).where('id', '=', videoId).executeTakeFirst();
  if (!video) return undefined;
  const chapter = await db
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .select(['chapters.name as chapterName', 'chapters.overview', 'chapters.html_content as htmlContent', 'stories.name as storyName'])
    .where('chapters.video_id', '=', videoId)
    .orderBy('stories.id')
    .orderBy('chapters.ordinal')
    .executeTakeFirst();
  const text = [htmlToText(chapter?.overview, 'paragraph'), htmlToText(chapter?.htmlContent, 'paragraph')].filter(Boolean).join(' ') || video.name;
  return {
    videoId: video.id,
    name: video.name,
    durationSeconds: video.duration_seconds,
    storyName: chapter?.storyName ?? null,
    chapterName: chapter?.chapterName ?? null,
    text,
  };
}

const timestamp = (ms: number) => {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** Cue text is plain: '-->' and markup characters never reach the player. */
const cueText = (t: string) => t.replace(/-->/g, '->').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * WebVTT captions written from the chapter's text: the title first, then the text in cues of at
 * most ~12 words, spread evenly over the video's duration (at least one second each).
 */
export function captionsVtt(media: Pick<VideoMedia, 'name' | 'durationSeconds' | 'text' | 'chapterName'>): string {
  const words = media.text.split(' ').filter(Boolean);
  const lines = [media.chapterName ?? media.name];
  for (let i = 0; i < words.length; i += 12) lines.push(words.slice(i, i + 12).join(' '));
  const totalMs = Math.max(1, media.durationSeconds) * 1000;
  const shown = lines.slice(0, Math.max(1, Math.floor(totalMs / 1000)));
  const step = Math.floor(totalMs / shown.length);
  const cues = shown.map((line, i) => `${i + 1}\n${timestamp(i * step)} --> ${timestamp(i === shown.length - 1 ? totalMs : (i + 1) * step)}\n${cueText(line)}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a title into at most `max` lines of about `width` characters (an ellipsis ends a longer one). */
function wrap(text: string, width: number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  if (out.length > max) return [...out.slice(0, max - 1), `${out[max - 1]}…`];
  return out;
}

/** Two brand colours picked by the video id, so neighbouring posters differ. */
const PALETTES: [string, string][] = [
  ['#234f7c', '#2f6fae'],
  ['#23744a', '#2f6fae'],
  ['#5b3a8c', '#2f6fae'],
  ['#7a4512', '#234f7c'],
];

/** A drawn 16:9 poster (SVG, under 2 kB): the story's name, the chapter's title and a play mark. */
export function posterSvg(media: Pick<VideoMedia, 'videoId' | 'name' | 'storyName' | 'chapterName'>): string {
  const [from, to] = PALETTES[media.videoId % PALETTES.length]!;
  const title = wrap(media.chapterName ?? media.name, 28, 2);
  const kicker = media.storyName ?? 'Leda';
  const titleLines = title.map((l, i) => `<text x="64" y="${250 + i * 52}" font-size="44" font-weight="700" fill="#fff">${xml(l)}</text>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540" width="960" height="540" role="img" aria-label="${xml(`${kicker}: ${media.chapterName ?? media.name}`)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="960" height="540" fill="url(#g)"/>` +
    `<circle cx="820" cy="110" r="180" fill="#fff" fill-opacity="0.06"/><circle cx="120" cy="520" r="140" fill="#fff" fill-opacity="0.05"/>` +
    `<text x="64" y="170" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="24" font-weight="700" letter-spacing="3" fill="#f4d9b8">${xml(kicker.toUpperCase())}</text>` +
    `<g font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif">${titleLines}</g>` +
    `<circle cx="480" cy="430" r="44" fill="#fff" fill-opacity="0.92"/><path d="M466 408v44l38-22z" fill="${from}"/>` +
    `</svg>`
  );
}
