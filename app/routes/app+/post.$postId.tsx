import type { LinksFunction, ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { SubmissionResult } from '@conform-to/react';
import { postFormSchema } from '~/utils/form-schemas.server';
import { PostEditor } from '~/components/feed/post-editor';
import { PostSavedStatus } from '~/components/feed/post-status';
import { formConstraint } from '~/utils/form.server';
import { getDb } from '@modules/shared/index.server';
import { attempt } from '~/utils/domain-error.server';
import { idParam } from '~/utils/route-params.server';
import { getPost, POST_GONE, withLinkPreviews } from '@modules/social/index.server';
import { PostCard, type FeedPost } from '~/components/feed/post-card';
import { appMeta } from '~/utils/meta';
import { handlePostAction, summaryOf, withRights } from '~/features/feed/post-actions.server';
import { requireUser } from '~/utils/session.server';
import feedStyles from '~/styles/feed.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];

export const meta = appMeta('Post');

/**
 * /app/post/{postId}: one post with its comments open and a button back to the team home. A malformed
 * id is a 404; a deleted, unknown or out-of-reach post says 'This post is no longer availble.'.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const postId = idParam(params, 'postId');
  const teams = await context.teams();
  const home = teams[0] ? `/app/team/${teams[0].teamId}` : '/app/team';
  const found = await attempt(() => getPost(getDb(), user, postId));
  if (!found.ok) {
    if (found.error.status === 404) return { post: null, back: home, gone: POST_GONE, editing: null };
    throw found.error;
  }
  const post = found.value;
  const back = post.teamId && teams.some((t) => t.teamId === post.teamId) ? `/app/team/${post.teamId}` : home;
  const withR = withRights(user, await withLinkPreviews(getDb(), [summaryOf(post)]))[0]!;
  // Moderators edit here (the team Posts table links to this page).
  const editing = withR.rights.canModerate
    ? { postId: post.postId, text: post.text, url: post.url, posted: post.postedAt !== null, scheduledAt: post.scheduledAt, files: post.postFiles.map((f) => f.file), isLedaOfficial: post.isLedaOfficial, constraint: formConstraint(postFormSchema) }
    : null;
  return { post: withR, back, gone: null, editing };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const postId = idParam(params, 'postId');
  return handlePostAction(request, context, user, `/app/post/${postId}`);
}

export default function PostPage() {
  const { post, back, gone, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ lastResult?: SubmissionResult<string[]> }>();
  const { key } = useLocation();
  return (
    <section className="page narrow">
      <p>
        <Link to={back} className="button secondary">
          Back to team home
        </Link>
      </p>
      <h1 className="visually-hidden">Post</h1>
      <PostSavedStatus />
      {post ? <PostCard post={post as FeedPost} commentsOpen /> : <p className="empty-message">{gone}</p>}
      {editing ? (
        <PostEditor key={key} editing={editing} audiences={[]} defaultAudience="" canMarkOfficial={false} lastResult={actionData?.lastResult} constraint={editing.constraint} />
      ) : null}
    </section>
  );
}
