import type { LinksFunction, ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getDb } from '@modules/shared/index.server';
import { listTeamPosts } from '@modules/social/index.server';
import { TeamCrumbs } from '~/components/feed/crumbs';
import { TeamPostsTable, toTeamPostRows } from '~/components/feed/team-posts-table';
import { appMeta } from '~/utils/meta';
import { handlePostAction } from '~/features/feed/post-actions.server';
import { requireTeamAccess } from '~/utils/team-access.server';
import feedStyles from '~/styles/feed.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data ? `${data.teamName} Posts` : 'Posts'));

/**
 * /app/team/{teamId}/posts: every post of the team, scheduled ones included, with edit and delete.
 * Team admins, organisation admins of its organisation, product admins (canSeeTeamPosts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, context, params.teamId, 'posts');
  const posts = await listTeamPosts(getDb(), user, { teamId: team.teamId, organisationId: team.organisationId });
  return { teamId: team.teamId, teamName: team.name, posts: toTeamPostRows(posts) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, context, params.teamId, 'posts');
  return handlePostAction(request, context, user, `/app/team/${team.teamId}/posts`);
}

export default function TeamPosts() {
  const { teamId, teamName, posts } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <TeamCrumbs teamId={teamId} teamName={teamName} page="Posts" />
      <h1>Posts</h1>
      <TeamPostsTable posts={posts} />
    </section>
  );
}
