import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useSearchParams } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import { deletePostsFromTeam, jobScheduler, listTeamPosts } from '@modules/social/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { TeamPostsTable, toTeamPostRows } from '~/components/feed/team-posts-table';
import { readFormData } from '~/utils/form.server';
import { handlePostAction } from '~/features/feed/post-actions.server';
import { requireProductAdmin } from '~/utils/session.server';
import feedStyles from '~/styles/feed.css';
import { Card, Toast } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];
export const meta: MetaFunction = () => [{ title: 'Team Settings | Posts | Leda Admin' }];

/**
 * SETTINGS Posts (admin-console sections 2 and 4): the team's posts, posted ones first (newest posted
 * first), then scheduled ones (soonest first), with edit and delete after a confirmation, and
 * 'Delete all posts' (/api/post/deletePostsFromTeam) after its own confirmation. Product admins only.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const posts = await listTeamPosts(getDb(), admin, { teamId: team.teamId, organisationId: team.organisationId });
  return { teamId: team.teamId, posts: toTeamPostRows(posts) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const back = `/admin/team-editor/${team.teamId}/settings/posts`;
  const form = await readFormData(request.clone());
  if (form.get('intent') !== 'delete-all-posts') return handlePostAction(request, context, admin, back);
  const deleted = await attempt(() => deletePostsFromTeam(getDb(), admin, { teamId: team.teamId, organisationId: team.organisationId }, jobScheduler));
  if (!deleted.ok) return refusal(deleted.error, { ok: false, formErrors: [deleted.error.message] });
  return redirect(`${back}?deleted=${deleted.value}`);
}

export default function TeamSettingsPosts() {
  const { posts } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const deleted = params.get('deleted');
  const confirmAll = params.get('confirm') === 'all';
  return (
    <Card title="Posts" titleId="team-posts-title" className="te-card">
      {deleted !== null ? (
        <Toast tone="success">{deleted === '1' ? '1 post deleted.' : `${Number(deleted) || 0} posts deleted.`}</Toast>
      ) : null}
      {/* Admin-console grids' empty text (spec 8). */}
      <TeamPostsTable posts={posts} emptyMessage="No records to display." />
      {posts.length ? (
        confirmAll ? (
          <div role="alertdialog" aria-label="Confirm delete all posts" className="admin-inline-confirm">
            Are you sure you wish to delete every post of this team?{' '}
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="delete-all-posts" />
              <button type="submit" className="button small danger">
                Delete all posts
              </button>
            </Form>{' '}
            <Link to="." className="button small secondary">
              Cancel
            </Link>
          </div>
        ) : (
          <p>
            <Link to="?confirm=all" className="button small secondary">
              Delete all posts
            </Link>
          </p>
        )
      ) : null}
    </Card>
  );
}
