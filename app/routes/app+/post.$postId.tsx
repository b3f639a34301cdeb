import type { LinksFunction, ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { SubmissionResult } from '@conform-to/react';
import { PostEditorSlot } from '~/components/feed/post-editor-slot';
import { PostSavedStatus } from '~/components/feed/post-status';
import { PostCard } from '~/components/feed/post-card';
import { EmptyState } from '~/components/ui/empty-state';
import { appMeta } from '~/utils/meta';
// The one server module (decision 351: each further one is a request in the browser).
import { handlePostAction, idParam, loadPostPage, requireUser } from '~/features/feed/post-page.server';
import feedStyles from '~/styles/feed.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];

export const meta = appMeta('Post');

/**
 * /app/post/{postId}: one post with its comments open and a button back to the team home, on the
 * design system (decision 350). A malformed id is a 404; a deleted, unknown or out-of-reach post says
 * 'This post is no longer availble.'.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadPostPage(request, context, params);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const postId = idParam(params, 'postId');
  return handlePostAction(request, context, user, `/app/post/${postId}`);
}

/** Editing keeps the post's audience: the editor lists none (one array, so the memoised editor keeps still). */
const NO_AUDIENCES: { value: string; label: string }[] = [];

export default function PostPage() {
  const { post, back, gone, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ lastResult?: SubmissionResult<string[]> }>();
  const { key } = useLocation();
  return (
    <section className="page narrow post-page">
      <p className="post-page-back">
        <Link to={back} className="button secondary small">
          Back to team home
        </Link>
      </p>
      <h1 className="visually-hidden">Post</h1>
      <PostSavedStatus />
      {post ? <PostCard post={post} commentsOpen /> : <EmptyState title={gone ?? ''} icon="✎" />}
      {editing ? (
        <PostEditorSlot key={key} editing={editing} audiences={NO_AUDIENCES} defaultAudience="" canMarkOfficial={false} lastResult={actionData?.lastResult} constraint={editing.constraint} />
      ) : null}
    </section>
  );
}
