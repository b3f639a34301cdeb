import { redirect } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { findTag, listPublicArticlesPage, MAX_ARTICLES_PAGE } from '@modules/catalogue/index.server';

/**
 * The loader behind /articles and /articles/tag/{tag}: ?page=N (page 1 holds the featured
 * article plus 9, later pages 9), the tag by urlId (an id redirects to the urlId path,
 * 'others' = untagged). A malformed, out-of-bounds or past-the-end page is a 404.
 */
export const notFound = () => new Response('Not found', { status: 404, statusText: 'Not Found' });

function pageFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw)) throw notFound();
  const n = Number(raw);
  if (n < 1 || n > MAX_ARTICLES_PAGE) throw notFound();
  return n;
}

export async function loadArticlesPage(request: Request, tagParam: string | null) {
  const page = pageFrom(request);
  let tag: { urlId: string; name: string } | null = null;
  let filter: Parameters<typeof listPublicArticlesPage>[1]['tag'] = null;
  if (tagParam !== null) {
    const found = await findTag(getDb(), tagParam);
    if (!found) throw notFound();
    if (found === 'others') {
      tag = { urlId: 'others', name: 'Others' };
      filter = 'others';
    } else {
      if (tagParam !== found.urlId) throw redirect(`/articles/tag/${found.urlId}${page > 1 ? `?page=${page}` : ''}`, 301);
      tag = { urlId: found.urlId, name: found.name };
      filter = { tagId: found.tagId };
    }
  }
  const result = await listPublicArticlesPage(getDb(), { tag: filter, page });
  if (page > 1 && page > result.pageCount) throw notFound();
  const [first, ...rest] = result.articles;
  return {
    tag,
    page,
    pageCount: result.pageCount,
    total: result.total,
    featured: page === 1 ? (first ?? null) : null,
    articles: page === 1 ? rest : result.articles,
    basePath: tag ? `/articles/tag/${tag.urlId}` : '/articles',
  };
}

export type ArticlesPageData = Awaited<ReturnType<typeof loadArticlesPage>>;
