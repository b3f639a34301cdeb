import type { LinksFunction, ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { getDb } from '@modules/shared/index.server';
import { listTeamPosts } from '@modules/social/index.server';
import { TeamCrumbs } from '~/components/feed/crumbs';
import { appMeta } from '~/utils/meta';
import { handlePostAction } from '~/utils/post-actions.server';
import { requireTeamAccess } from '~/utils/team-access.server';
import feedStyles from '~/styles/feed.css';
import { shortDateTime } from '~/components/feed/dates';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data ? `${data.teamName} Posts` : 'Posts'));

/**
 * /app/team/{teamId}/posts: every post of the team, scheduled ones included, with edit and delete.
 * Team admins, organisation admins of its organisation, product admins (canSeeTeamPosts).
 * Delete asks first: ?confirm=<postId> shows 'Are you sure you wish to delete this post?' (no JavaScript needed).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, params.teamId, 'posts');
  const posts = await listTeamPosts(getDb(), user, { teamId: team.teamId, organisationId: team.organisationId });
  return {
    teamId: team.teamId,
    teamName: team.name,
    posts: posts.map((p) => ({ postId: p.postId, text: p.text.slice(0, 200), author: p.userCreator?.fullName ?? '', postedAt: p.postedAt, scheduledAt: p.scheduledAt, pinned: p.pinnedAt !== null })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, params.teamId, 'posts');
  return handlePostAction(request, user, `/app/team/${team.teamId}/posts`);
}

const when = (iso: string | null) => shortDateTime(iso);

export default function TeamPosts() {
  const { teamId, teamName, posts } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const confirm = Number(params.get('confirm'));
  return (
    <section className="page">
      <TeamCrumbs teamId={teamId} teamName={teamName} page="Posts" />
      <h1>Posts</h1>
      {posts.length ? (
        <table className="data-table">
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
                <td className="truncate-3">{p.text || '(files only)'}</td>
                <td>{p.author}</td>
                <td>{p.postedAt ? `Posted ${when(p.postedAt)}` : `Scheduled ${when(p.scheduledAt)}`}{p.pinned ? ', pinned' : ''}</td>
                <td>
                  <Link to={`/app/post/${p.postId}`}>Edit</Link>{' '}
                  {confirm === p.postId ? (
                    <span role="alertdialog" aria-label="Confirm delete" className="confirm">
                      Are you sure you wish to delete this post?{' '}
                      <Form method="post" className="inline-form">
                        <input type="hidden" name="intent" value="delete-post" />
                        <input type="hidden" name="postId" value={p.postId} />
                        <button type="submit" className="button small danger">
                          Delete
                        </button>
                      </Form>{' '}
                      <Link to="." className="button small secondary">
                        Cancel
                      </Link>
                    </span>
                  ) : (
                    <Link to={`?confirm=${p.postId}`} className="button small secondary">
                      Delete
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="empty-message">This team has no posts to display.</p>
      )}
    </section>
  );
}
