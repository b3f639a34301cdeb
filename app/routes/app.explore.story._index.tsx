import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { getReferenceData, getUserProgress } from '@modules/catalogue/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { CardGrid, StoryCard } from '~/components/explore/cards';
import { EmptyMessage, ExplorePage, Section, exploreLinks } from '~/components/explore/explore-page';
import { storyCardLink } from '~/components/explore/story-state';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta('Stories');

/** /app/explore/story: the featured story banner and the stories of each module. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [reference, progress] = await Promise.all([getReferenceData(), getUserProgress(user.userId)]);
  const card = (s: (typeof reference.modules)[number]['stories'][number]) => ({
    storyId: s.storyId,
    urlId: s.urlId,
    name: s.name,
    overview: s.overview,
    isLocked: s.isLocked,
    ...storyCardLink(s, progress),
  });
  const modules = reference.modules
    .map((m) => ({ moduleId: m.moduleId, name: m.name, stories: m.stories.map(card) }))
    .filter((m) => m.stories.length > 0);
  const featured = reference.modules.flatMap((m) => m.stories).find((s) => s.isFeatured && !s.isLocked);
  return { modules, featured: featured ? card(featured) : null };
}

export default function StoriesPage() {
  const { modules, featured } = useLoaderData<typeof loader>();
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
        </Section>
      ))}
    </ExplorePage>
  );
}
