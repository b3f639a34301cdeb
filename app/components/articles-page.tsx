import { ArticleCard, FeaturedArticle, Pagination, TagNav, type ArticleSummary } from './articles';

/** The body of /articles and /articles/tag/{tag}: heading, topic nav, featured card, grid, pages. */
export interface ArticlesViewData {
  tag: { urlId: string; name: string } | null;
  page: number;
  pageCount: number;
  total: number;
  featured: ArticleSummary | null;
  articles: ArticleSummary[];
  basePath: string;
}

export const NO_ARTICLES = 'No articles to display.';

export function articlesTitle(d: Pick<ArticlesViewData, 'tag' | 'page'> | undefined) {
  const base = d?.tag ? `${d.tag.name} articles` : 'Articles';
  return `${base}${d && d.page > 1 ? `, page ${d.page}` : ''} | Leda`;
}

export function ArticlesView({ data }: { data: ArticlesViewData }) {
  const empty = !data.featured && data.articles.length === 0;
  return (
    <>
      <section className="page-hero compact">
        <div className="page-hero-inner">
          <p className="eyebrow">Articles</p>
          <h1>{data.tag ? data.tag.name : 'Ideas for better leaders and teams'}</h1>
          <p className="lead">
            Practical writing on leadership, emotional intelligence and team culture, from the people who build Leda&apos;s journeys.
          </p>
        </div>
      </section>
      <div className="page wide">
        <TagNav active={data.tag?.urlId ?? null} />
        {empty ? (
          <p className="empty-state">{NO_ARTICLES}</p>
        ) : (
          <>
            {data.featured ? <FeaturedArticle article={data.featured} /> : null}
            {data.articles.length ? (
              <div className="article-grid">
                {data.articles.map((a) => (
                  <ArticleCard key={a.contentId} article={a} headingLevel={2} />
                ))}
              </div>
            ) : null}
            <Pagination basePath={data.basePath} page={data.page} pageCount={data.pageCount} />
          </>
        )}
      </div>
    </>
  );
}
