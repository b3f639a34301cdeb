import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface CarouselPhoto {
  blobId: string;
  fileName: string;
  widths: number[];
}

/**
 * A post's photos as a carousel (learner-app: the image carousel). Without JavaScript it is a strip
 * that scrolls and snaps one photo at a time; with it, Previous and Next buttons, the arrow keys and
 * "n of N" (decision 282).
 */
export function PhotoCarousel({ photos, label }: { photos: CarouselPhoto[]; label: string }) {
  const strip = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The shown photo follows the strip's scroll (a swipe, a snap).
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const onScroll = () => setIndex(Math.max(0, Math.min(photos.length - 1, Math.round(el.scrollLeft / Math.max(1, el.clientWidth)))));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [photos.length]);
  if (!photos.length) return null;
  const go = (i: number) => {
    const next = (i + photos.length) % photos.length;
    setIndex(next);
    const el = strip.current;
    el?.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    }
  };
  return (
    <section className="photo-carousel" aria-roledescription="carousel" aria-label={label} onKeyDown={hydrated ? onKey : undefined}>
      <ul ref={strip} className="photo-carousel-strip" tabIndex={0} aria-label={`${label}: scroll for more`}>
        {photos.map((p, i) => (
          <li key={p.blobId} className="photo-carousel-slide" aria-roledescription="slide" aria-label={`${i + 1} of ${photos.length}`}>
            <img
              src={`/blobs/${p.blobId}`}
              srcSet={p.widths.length > 1 ? p.widths.map((w, j) => (j === p.widths.length - 1 ? `/blobs/${p.blobId} ${w}w` : `/blobs/${p.blobId}?w=${w} ${w}w`)).join(', ') : undefined}
              sizes={p.widths.length > 1 ? '(max-width: 40rem) 100vw, 640px' : undefined}
              alt={p.fileName}
              loading={i === 0 ? undefined : 'lazy'}
            />
          </li>
        ))}
      </ul>
      {hydrated && photos.length > 1 ? (
        <div className="photo-carousel-controls">
          <button type="button" className="button small secondary" onClick={() => go(index - 1)} aria-label="Previous photo">
            ‹ Previous
          </button>
          <span className="photo-carousel-count" aria-live="polite">
            {index + 1} of {photos.length}
          </span>
          <button type="button" className="button small secondary" onClick={() => go(index + 1)} aria-label="Next photo">
            Next ›
          </button>
        </div>
      ) : photos.length > 1 ? (
        <p className="photo-carousel-count">{photos.length} photos: scroll sideways for more</p>
      ) : null}
    </section>
  );
}
