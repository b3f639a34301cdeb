import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { firstUnwatchedChapter, getStory, getUserProgress } from '@modules/catalogue/index.server';
import { getDb } from '@modules/shared/index.server';
import { storyPath } from '~/components/explore/story-state';
import { notFound, routeId } from '~/utils/route-params.server';
import { requireUser } from '~/utils/session.server';

/**
 * /app/explore/story/{story} with no chapter: the address follows the chapter, so go to the first
 * unwatched chapter by ordinal. A locked story or one without chapters stays here (the story frame
 * shows the locked panel or 'This Story has no chapters to display').
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const story = await getStory(getDb(), routeId(params.story));
  if (!story) notFound();
  if (story.isLocked) return null;
  const chapter = firstUnwatchedChapter(story.chapters, await getUserProgress(getDb(), user.userId));
  if (!chapter) return null;
  throw redirect(storyPath(story.urlId, chapter.urlId));
}

export default function StoryIndex() {
  return null;
}
