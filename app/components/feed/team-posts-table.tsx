import { useSearchParams } from '@remix-run/react';
import { Link } from '~/components/link';
import { InlineConfirmDelete } from '~/components/inline-confirm-delete';
import { When } from '~/components/when';
import { Badge, EmptyState } from '~/components/ui';

/** One row of a team's Posts table (learner /app/team/{teamId}/posts and the admin SETTINGS Posts sub-tab). */
export interface TeamPostRow {
  postId: number;
  text: string;
  author: string;
  postedAt: string | null;
  scheduledAt: string | null;
  pinned: boolean;
}


/**
 * Every post of a team, posted ones first then scheduled, with Edit (the post page) and Delete.
 * Delete asks first: ?confirm=<postId> shows 'Are you sure you wish to delete this post?' with
 * Delete and Cancel, so it works as plain links and form posts without JavaScript.
 */
export function TeamPostsTable({ posts, emptyMessage = 'This team has no posts to display.' }: { posts: TeamPostRow[]; emptyMessage?: string }) {
  const [params] = useSearchParams();
  const confirm = Number(params.get('confirm'));
  if (!posts.length) return <EmptyState title={emptyMessage} icon="✎" />;
  return (
    <table className="data-table card-table">
      <thead>
        <tr>
          <th scope="col">Post</th>
          <th scope="col">Author</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {posts.map((p) => (
          <tr key={p.postId}>
            <td className="truncate-3" data-label="Post">
              {p.text || '(files only)'}
            </td>
            <td data-label="Author">{p.author}</td>
            <td data-label="Status">
              <span className="post-status">
                {p.postedAt ? (
                  <Badge tone="success">
                    <When value={p.postedAt} prefix="Posted " />
                  </Badge>
                ) : (
                  <Badge tone="warning">
                    <When value={p.scheduledAt} prefix="Scheduled " format="datetime" />
                  </Badge>
                )}
                {p.pinned ? <Badge tone="brand">Pinned</Badge> : null}
              </span>
            </td>
            <td data-label="Actions">
              <Link to={`/app/post/${p.postId}`} aria-label={`Edit post ${p.postId}`}>
                Edit
              </Link>{' '}
              <InlineConfirmDelete
                open={confirm === p.postId}
                question="Are you sure you wish to delete this post?"
                fields={{ intent: 'delete-post', postId: p.postId }}
                confirmHref={`?confirm=${p.postId}`}
                label={`Delete post ${p.postId}`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rows the table shows, from the social module's posts. */
export function toTeamPostRows(
  posts: { postId: number; text: string; userCreator: { fullName: string } | null; postedAt: string | null; scheduledAt: string | null; pinnedAt: string | null }[],
): TeamPostRow[] {
  return posts.map((p) => ({ postId: p.postId, text: p.text.slice(0, 200), author: p.userCreator?.fullName ?? '', postedAt: p.postedAt, scheduledAt: p.scheduledAt, pinned: p.pinnedAt !== null }));
}
