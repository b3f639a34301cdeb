import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { getPublicContentWithRelated } from '@modules/catalogue/index.server';
import { policy } from '@modules/identity/index.server';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { ArticleCard, tagPath } from '~/components/articles';
import { When } from '~/components/when';
import { CtaBand } from '~/components/marketing';
import { getOptionalUser } from '~/utils/session.server';
import { notFound } from '~/features/public-site/articles.server';

export const links = siteLinks;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.content.name} | Leda` },
        { name: 'description', content: data.content.overview },
        { property: 'og:title', content: data.content.name },
        { property: 'og:description', content: data.content.overview },
        { property: 'og:type', content: 'article' },
      ]
    : [{ title: 'Page not found | Leda' }];

/**
 * /articles/{urlId}: one public article. A numeric id is still accepted and redirects to the
 * urlId path. The HTML was sanitised when written and is sanitised again here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const key = params.urlId ?? '';
  const found = await getPublicContentWithRelated(getDb(), key);
  if (!found) throw notFound();
  if (key !== found.content.urlId) throw redirect(`/articles/${found.content.urlId}`, 301);
  return {
    // Sanitised when saved and again by getPublicContentWithRelated: once per request is enough.
    content: found.content,
    relatedContents: found.relatedContents,
    canEdit: user ? policy.canUseAdmin(user) : false,
  };
}

export default function ArticlePage() {
  const { content, relatedContents, canEdit } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <article className="article">
        <header className="article-header">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/articles">Articles</Link>
            {content.tags[0] ? (
              <>
                <span aria-hidden="true">/</span>
                <Link to={tagPath(content.tags[0].urlId)}>{content.tags[0].name}</Link>
              </>
            ) : null}
          </nav>
          <h1>{content.name}</h1>
          <p className="article-lead">{content.overview}</p>
          <div className="article-byline">
            {content.authorLabel ? <span className="author">{content.authorLabel}</span> : null}
            <When value={content.createdAt} format="date" />
            <span>{content.readingTimeMinutes} min read</span>
            {canEdit ? (
              <Link className="button small" to={`/admin/content-editor/${content.urlId}`}>
                Edit
              </Link>
            ) : null}
          </div>
        </header>
        {content.featureImageUrl ? (
          <figure className="article-figure">
            <img src={content.featureImageUrl} alt={content.featureImageCaption ?? ''} width={1200} height={630} />
            {content.featureImageCaption ? <figcaption>{content.featureImageCaption}</figcaption> : null}
          </figure>
        ) : null}
        <div className="prose article-body" dangerouslySetInnerHTML={{ __html: content.htmlContent }} />
        {content.tags.length ? (
          <footer className="article-tags">
            <span>Topics:</span>
            {content.tags.map((t) => (
              <Link key={t.tagId} to={tagPath(t.urlId)} className="chip">
                {t.name}
              </Link>
            ))}
          </footer>
        ) : null}
      </article>
      {relatedContents.length ? (
        <section className="related" aria-labelledby="related-heading">
          <div className="page wide">
            <h2 id="related-heading">Related articles</h2>
            <div className="article-grid">
              {relatedContents.map((a) => (
                <ArticleCard key={a.contentId} article={a} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
      <CtaBand />
    </SiteShell>
  );
}
