import type { LinksFunction, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { CoverArt } from '~/components/cover-art';
import { Link } from '~/components/link';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { EmptyState } from '~/components/ui/empty-state';
import learnerStyles from '~/styles/learner.css';
import { searchForLearner } from '~/features/search/learner-search.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data?.q ? `Search: ${data.q}` : 'Search'));

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: learnerStyles }];

const KIND_TONE: Record<keyof typeof KIND_LABEL, BadgeTone> = { journey: 'success', skill: 'brand', story: 'warning', activity: 'neutral', article: 'neutral' };
const KIND_LABEL = { journey: 'Journey', skill: 'Skill', story: 'Story', activity: 'Activity', article: 'Article' } as const;

/**
 * /app/search?q=: the learner search over skills, stories, journeys, activities and articles, ranked,
 * only what the learner may open (decision 271). A GET form: it works without JavaScript and can be linked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return searchForLearner(user, new URL(request.url).searchParams.get('q'));
}

export default function Search() {
  const { q, results, total } = useLoaderData<typeof loader>();
  return (
    <div className="page search-page">
      <h1>Search</h1>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="search-q">Search skills, stories, journeys, activities and articles</label>{' '}
        <input id="search-q" type="search" name="q" defaultValue={q} maxLength={200} />{' '}
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {q ? (
        <section aria-labelledby="search-results">
          <h2 id="search-results" aria-live="polite">
            {total === 0 ? `No results for "${q}"` : `${total} result${total === 1 ? '' : 's'} for "${q}"`}
          </h2>
          {results.length ? (
            <ol className="search-results">
              {results.map((r) => (
                <li key={`${r.kind}:${r.href}`} className="search-result">
                  {r.kind === 'article' ? <span className="search-result-art" aria-hidden="true" /> : <CoverArt title={r.title} kind={r.kind} />}
                  <div>
                    <p className="search-result-title">
                      <Badge tone={KIND_TONE[r.kind]}>{KIND_LABEL[r.kind]}</Badge>{' '}
                      {r.kind === 'article' ? (
                        <Link to={r.href} reloadDocument>
                          {r.title}
                        </Link>
                      ) : (
                        <Link to={r.href}>{r.title}</Link>
                      )}
                    </p>
                    {r.summary ? <p className="search-result-summary">{r.summary}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState title="Nothing found.">Try fewer or different words.</EmptyState>
          )}
        </section>
      ) : null}
    </div>
  );
}
