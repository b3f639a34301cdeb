import { Link } from '~/components/link';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatDuration, videoCaptionsUrl, videoPosterUrl } from './video-player';

export const RELATED_PANEL_MAX = 2;
export const VIDEO_CAROUSEL_AUTOPLAY_MS = 30_000;

export interface RelatedVideo {
  videoId: number;
  urlId?: string;
  name: string;
  videoUrl: string;
  durationSeconds?: number | null;
}

/**
 * Related videos as a carousel (3 slides wide, 2 on small screens, 1 on extra small). It scrolls with
 * the keyboard or a swipe; with JavaScript it moves on every 30 s unless the pointer or focus is in it.
 */
export function RelatedVideos({ videos }: { videos: RelatedVideo[] }) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list || videos.length < 2) return;
    const t = setInterval(() => {
      if (list.matches(':hover, :focus-within')) return;
      const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
      const slide = list.firstElementChild as HTMLElement | null;
      list.scrollTo({ left: atEnd ? 0 : list.scrollLeft + (slide?.offsetWidth ?? list.clientWidth), behavior: 'smooth' });
    }, VIDEO_CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(t);
  }, [videos.length]);
  return (
    <ul className="video-carousel" ref={ref} aria-label="Related videos" tabIndex={0}>
      {videos.map((v) => (
        <li key={v.videoId}>
          <figure>
            <video src={v.videoUrl} poster={videoPosterUrl(v.videoId)} controls preload="none" playsInline aria-label={v.name}>
              <track kind="captions" src={videoCaptionsUrl(v.videoId)} srcLang="en" label="English" />
            </video>
            <figcaption>
              {v.name}
              {v.durationSeconds ? ` · ${formatDuration(v.durationSeconds)}` : ''}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** A side panel of related items (stories, activities, surveys): at most 2. */
export function RelatedPanel({ title, items }: { title: string; items: { key: string | number; to?: string; name: string; note?: ReactNode }[] }) {
  if (!items.length) return null;
  return (
    <section className="related-panel" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {items.slice(0, RELATED_PANEL_MAX).map((i) => (
          <li key={i.key}>
            {i.to ? <Link to={i.to}>{i.name}</Link> : <strong>{i.name}</strong>}
            {i.note ? <p>{i.note}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
