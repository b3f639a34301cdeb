import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getReferenceData, getUserProgress, storyCard } from '@modules/catalogue/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { CardGrid, StoryCard } from '~/components/explore/cards';
import { EmptyMessage, ExplorePage, Section, exploreLinks } from '~/components/explore/explore-page';
import { cardLink } from '~/components/explore/story-state';
import { notFound } from '~/utils/route-params.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import { boundedInt, getDb } from '@modules/shared/index.server';

export const links = exploreLinks;
export const meta = appMeta('Stories');

/**
 * /app/explore/story: the featured story banner and, per module, one row of its first
 * STORIES_PER_MODULE stories; a bigger module links to ?module={id}, which pages all of its stories
 * (STORIES_PER_PAGE a page), so no page grows with the catalogue (docs/decisions/145).
 */
export const STORIES_PER_MODULE = 4;
export const STORIES_PER_PAGE = 24;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const query = new URL(request.url).searchParams;
  const moduleParam = query.get('module');
  if (moduleParam !== null && boundedInt(moduleParam, 0) === undefined) notFound();
  const pageParam = query.get('page') ?? '1';
  if (boundedInt(pageParam, 1, 99_999) === undefined) notFound();
  const [reference, progress] = await Promise.all([getReferenceData(getDb()), getUserProgress(getDb(), user.userId)]);
  const card = (s: Story) => ({
    storyId: s.storyId,
    urlId: s.urlId,
    name: s.name,
    overview: s.overview,
    isLocked: s.isLocked,
    ...cardLink(s.urlId, storyCard(s, progress)),
  });
  if (moduleParam !== null) {
    const m = reference.modules.find((x) => x.moduleId === Number(moduleParam) && x.stories.length > 0);
    if (!m) notFound();
    const pageCount = Math.ceil(m.stories.length / STORIES_PER_PAGE);
    const page = Number(pageParam);
    if (page > pageCount) notFound();
    const stories = m.stories.slice((page - 1) * STORIES_PER_PAGE, page * STORIES_PER_PAGE).map(card);
    return { modules: [{ moduleId: m.moduleId, name: m.name, stories, storyCount: m.stories.length }], featured: null, paging: { moduleId: m.moduleId, page, pageCount } };
  }
  const modules = reference.modules
    .map((m) => ({ moduleId: m.moduleId, name: m.name, stories: m.stories.slice(0, STORIES_PER_MODULE).map(card), storyCount: m.stories.length }))
    .filter((m) => m.stories.length > 0);
  const featured = featuredStory(reference.modules);
  return { modules, featured: featured ? card(featured) : null, paging: null };
}

type Modules = Awaited<ReturnType<typeof getReferenceData>>['modules'];
type Story = Modules[number]['stories'][number];

/** The first featured story a learner can open, in catalogue order (a plain scan: no per-request copy of the catalogue). */
function featuredStory(modules: Modules): Story | undefined {
  for (const m of modules) for (const s of m.stories) if (s.isFeatured && !s.isLocked) return s;
  return undefined;
}

export default function StoriesPage() {
  const { modules, featured, paging } = useLoaderData<typeof loader>();
  return (
    <ExplorePage crumbs={[EXPLORE_CRUMB, { label: 'Stories' }]} title="Stories">
      {featured ? (
        <section className="story-banner" aria-labelledby="featured-story">
          <div>
            <span className="card-kicker">Featured story</span>
            <h2 id="featured-story">{featured.name}</h2>
            {featured.overview ? <p>{featured.overview}</p> : null}
          </div>
          <Link to={featured.to} className="button">
            {featured.state.watched === 0 ? 'Start Story' : 'View Story'}
          </Link>
        </section>
      ) : null}
      {modules.length === 0 ? <EmptyMessage>No stories to display.</EmptyMessage> : null}
      {modules.map((m) => (
        <Section key={m.moduleId} id={`module-${m.moduleId}`} title={m.name}>
          <CardGrid label={m.name}>
            {m.stories.map((s) => (
              <StoryCard key={s.storyId} story={s} state={s.state} to={s.to} />
            ))}
          </CardGrid>
          {!paging && m.storyCount > m.stories.length ? (
            <p className="see-all">
              <Link to={`?module=${m.moduleId}`}>
                All {m.storyCount} stories<span className="visually-hidden"> in {m.name}</span>
              </Link>
            </p>
          ) : null}
          {paging ? (
            <nav className="pager" aria-label={`${m.name} pages`}>
              {paging.page > 1 ? <Link to={`?module=${paging.moduleId}&page=${paging.page - 1}`}>Previous</Link> : null}
              <span>
                Page {paging.page} of {paging.pageCount}
              </span>
              {paging.page < paging.pageCount ? <Link to={`?module=${paging.moduleId}&page=${paging.page + 1}`}>Next</Link> : null}
              <Link to="/app/explore/story">All modules</Link>
            </nav>
          ) : null}
        </Section>
      ))}
    </ExplorePage>
  );
}
