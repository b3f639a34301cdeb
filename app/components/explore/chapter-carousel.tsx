import { Link } from '~/components/link';
import { useEffect, useRef } from 'react';
import { storyPath } from './story-state';

/**
 * The chapter carousel: one slide per chapter (6 visible on large screens, 4 on medium and small, two and
 * a half on extra small: decision 275), each linking to its chapter address; the selected chapter scrolls into view.
 */
export function ChapterCarousel({
  storyUrlId,
  chapters,
  current,
}: {
  storyUrlId: string;
  chapters: { chapterId: number; urlId: string; ordinal: number; name: string; watched: boolean }[];
  current: string | undefined;
}) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = ref.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const list = ref.current;
    if (el && list) list.scrollTo({ left: el.offsetLeft - list.offsetLeft, behavior: 'smooth' });
  }, [current]);
  return (
    <nav aria-label="Chapters">
      <ol className="chapter-carousel" ref={ref}>
        {chapters.map((c, i) => (
          <li key={c.chapterId}>
            <Link
              to={storyPath(storyUrlId, c.urlId)}
              className="chapter-slide"
              aria-current={c.urlId === current ? 'page' : undefined}
              preventScrollReset
              prefetch="intent"
            >
              <span className="chapter-number">Chapter {i + 1}</span>
              <span>{c.name}</span>
              {c.watched ? <span className="badge done">Watched</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
