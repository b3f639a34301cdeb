import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { ArticlesView, articlesTitle } from '~/components/articles-page';
import { loadArticlesPage } from '~/features/public-site/articles.server';

export const links = siteLinks;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: articlesTitle(data) }];

/** /articles/tag/{tag urlId} (ids redirect to the urlId; 'others' = untagged), ?page=N. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadArticlesPage(request, params.tag ?? '');
}

export default function ArticlesByTagPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <ArticlesView data={data} />
    </SiteShell>
  );
}
