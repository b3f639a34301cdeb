import { Link } from '~/components/link';
import type { PublicContent } from '@modules/catalogue/index.server';
import { ARTICLE_TAGS } from '@modules/catalogue/constants';
import { When } from './when';

/** Article cards, the tag nav and the pagination of /articles (all plain links: no JS needed). */
export type ArticleSummary = Omit<PublicContent, 'featureImageBlobId' | 'isFeatured'>;

export const ARTICLE_NAV = [{ urlId: null, name: 'All articles' }, ...ARTICLE_TAGS, { urlId: 'others', name: 'Others' }] as const;

export const articlePath = (a: { urlId: string }) => `/articles/${a.urlId}`;
export const tagPath = (urlId: string | null) => (urlId ? `/articles/tag/${urlId}` : '/articles');

function Thumb({ article, eager }: { article: ArticleSummary; eager?: boolean }) {
  return article.featureImageUrl ? (
    <img src={article.featureImageUrl} alt="" width={1200} height={630} loading={eager ? 'eager' : 'lazy'} decoding="async" />
  ) : (
    <span className="article-thumb-fallback" aria-hidden="true" />
  );
}

export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card">
      <Link to={articlePath(article)} className="article-card-link" prefetch="intent">
        <div className="article-thumb">
          <Thumb article={article} />
        </div>
        <div className="article-card-body">
          {article.tags[0] ? <span className="tag-label">{article.tags[0].name}</span> : null}
          <H>{article.name}</H>
          <p>{article.overview}</p>
          <p className="article-meta">
            {article.authorLabel ? <span>{article.authorLabel}</span> : null}
            <When value={article.createdAt} format="date" />
          </p>
        </div>
      </Link>
    </article>
  );
}

export function FeaturedArticle({ article }: { article: ArticleSummary }) {
  return (
    <article className="article-featured">
      <Link to={articlePath(article)} className="article-featured-link" prefetch="intent">
        <div className="article-thumb">
          <Thumb article={article} eager />
        </div>
        <div className="article-featured-body">
          <span className="eyebrow">Featured</span>
          <h2>{article.name}</h2>
          <p>{article.overview}</p>
          <p className="article-meta">
            {article.authorLabel ? <span>{article.authorLabel}</span> : null}
            <When value={article.createdAt} format="date" />
          </p>
          <span className="read-more">Read the article →</span>
        </div>
      </Link>
    </article>
  );
}

export function TagNav({ active }: { active: string | null }) {
  return (
    <nav aria-label="Article topics" className="tag-nav">
      {ARTICLE_NAV.map((t) => (
        <Link key={t.name} to={tagPath(t.urlId)} className={t.urlId === active ? 'chip active' : 'chip'} aria-current={t.urlId === active ? 'page' : undefined}>
          {t.name}
        </Link>
      ))}
    </nav>
  );
}

/** Previous / numbered / next links as ?page=N (page 1 is the bare path). */
export function Pagination({ basePath, page, pageCount }: { basePath: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n <= 1 ? basePath : `${basePath}?page=${n}`);
  const numbers = Array.from({ length: pageCount }, (_, i) => i + 1).filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2);
  return (
    <nav aria-label="Pages" className="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="page-link">
          ← Newer
        </Link>
      ) : (
        <span className="page-link disabled" aria-hidden="true">
          ← Newer
        </span>
      )}
      <span className="page-numbers">
        {numbers.map((n, i) => (
          <span key={n}>
            {i > 0 && numbers[i - 1]! < n - 1 ? <span className="page-gap">…</span> : null}
            {n === page ? (
              <span className="page-number current" aria-current="page">
                {n}
              </span>
            ) : (
              <Link to={href(n)} className="page-number" aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </span>
        ))}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="page-link">
          Older →
        </Link>
      ) : (
        <span className="page-link disabled" aria-hidden="true">
          Older →
        </span>
      )}
    </nav>
  );
}
