import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getUserProgress, randomExploreItems, storyCard } from '@modules/catalogue/index.server';
import { CardGrid, SkillCard, StoryCard } from '~/components/explore/cards';
import { EmptyMessage, ExplorePage, Section, exploreLinks } from '~/components/explore/explore-page';
import { cardLink } from '~/components/explore/story-state';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import { getDb } from '@modules/shared/index.server';

export const links = exploreLinks;
export const meta = appMeta('Explore');

/** /app/explore: up to 5 random unlocked skills and 5 random stories. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [items, progress] = await Promise.all([randomExploreItems(getDb()), getUserProgress(getDb(), user.userId)]);
  return {
    skills: items.skills.map((s) => ({
      skillId: s.skillId,
      urlId: s.urlId,
      name: s.name,
      overview: s.overview,
      isLocked: s.isLocked,
      skillGroup: { name: s.skillGroup.name, primaryColour: s.skillGroup.primaryColour, complementaryColour: s.skillGroup.complementaryColour },
    })),
    stories: items.stories.map((s) => ({
      story: { storyId: s.storyId, urlId: s.urlId, name: s.name, overview: s.overview, isLocked: s.isLocked },
      ...cardLink(s.urlId, storyCard(s, progress)),
    })),
  };
}

export default function ExploreHome() {
  const { skills, stories } = useLoaderData<typeof loader>();
  return (
    <ExplorePage title="Explore" intro="Skills to read about, stories to watch, games to play and surveys to reflect with.">
      <nav aria-label="Explore sections" className="skill-list">
        <Link className="button small" to="/app/explore/skill">Skills</Link>
        <Link className="button small" to="/app/explore/story">Stories</Link>
        <Link className="button small" to="/app/explore/games">Games</Link>
        <Link className="button small" to="/app/explore/assessments">Assessments</Link>
      </nav>
      <Section id="skills" title="Skills" link={<Link to="/app/explore/skill">All skills</Link>}>
        {skills.length ? (
          <CardGrid label="Skills">{skills.map((s) => <SkillCard key={s.skillId} skill={s} group={s.skillGroup} />)}</CardGrid>
        ) : (
          <EmptyMessage>No skill content to display.</EmptyMessage>
        )}
      </Section>
      <Section id="stories" title="Stories" link={<Link to="/app/explore/story">All stories</Link>}>
        {stories.length ? (
          <CardGrid label="Stories">{stories.map((s) => <StoryCard key={s.story.storyId} story={s.story} state={s.state} to={s.to} />)}</CardGrid>
        ) : (
          <EmptyMessage>No stories to display.</EmptyMessage>
        )}
      </Section>
    </ExplorePage>
  );
}
