import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { ArticlesView, articlesTitle } from '~/components/articles-page';
import { loadArticlesPage } from '~/features/public-site/articles.server';

export const links = siteLinks;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: articlesTitle(data) },
  { name: 'description', content: 'Articles on leadership skills, emotional intelligence, teams and culture, business and training.' },
];

/** /articles: public, newest first, ?page=N. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadArticlesPage(request, null);
}

export default function ArticlesPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <ArticlesView data={data} />
    </SiteShell>
  );
}
