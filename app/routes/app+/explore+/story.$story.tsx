import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useParams } from '@remix-run/react';
import { byOrdinal, getStory, isChapterWatched, storyState } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { EXPLORE_CRUMB } from '~/components/explore/breadcrumbs';
import { ChapterCarousel } from '~/components/explore/chapter-carousel';
import { EmptyMessage, ExplorePage, exploreLinks } from '~/components/explore/explore-page';
import { LockedPanel } from '~/components/explore/feedback-forms';
import { badRequest, interestIntent, parseIntent, requestProgress, saveFeedback } from '~/features/explore/explore.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const links = exploreLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.story.name ?? 'Story');

async function loadStory(param: string | undefined) {
  const story = await getStory(getDb(), routeId(param));
  if (!story) notFound();
  return story;
}

/**
 * /app/explore/story/{story}: the story's frame (breadcrumbs, chapter carousel) around the selected
 * chapter. A locked story shows locked with the interest form and nothing of its chapters.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [story, progress] = await Promise.all([loadStory(params.story), requestProgress(context, user.userId)]);
  const chapters = story.isLocked ? [] : byOrdinal(story.chapters);
  return {
    story: {
      storyId: story.storyId,
      urlId: story.urlId,
      name: story.name,
      overview: story.overview,
      isLocked: story.isLocked,
      state: storyState(chapters, progress),
      chapters: chapters.map((c) => ({
        chapterId: c.chapterId,
        urlId: c.urlId,
        ordinal: c.ordinal,
        name: c.name,
        watched: isChapterWatched(c, progress),
      })),
    },
  };
}

/** A POST to the story itself: the locked story's "I'm interested". */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const story = await loadStory(params.story);
  if (!(await parseIntent(request, interestIntent))) return badRequest();
  return saveFeedback(request, user, { intent: 'interest', name: story.name });
}

export default function StoryPage() {
  const { story } = useLoaderData<typeof loader>();
  const { chapter } = useParams();
  const crumbs = [EXPLORE_CRUMB, { label: 'Stories', to: '/app/explore/story' }, { label: story.name }];
  return (
    <ExplorePage
      crumbs={crumbs}
      title={story.name}
      actions={story.state.completed ? <span className="badge done">Completed</span> : story.state.total ? <span className="badge">{`${story.state.watched} of ${story.state.total} watched`}</span> : null}
    >
      {story.overview ? <p className="explore-intro">{story.overview}</p> : null}
      {story.isLocked ? (
        <LockedPanel what="story" name={story.name} key={`locked-${story.storyId}`} />
      ) : story.chapters.length === 0 ? (
        <EmptyMessage>This Story has no chapters to display</EmptyMessage>
      ) : (
        <>
          <ChapterCarousel storyUrlId={story.urlId} chapters={story.chapters} current={chapter} />
          <Outlet />
        </>
      )}
    </ExplorePage>
  );
}
