import type { LinksFunction, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { listTeamUsers } from '@modules/social/index.server';
import { TeamCrumbs } from '~/components/feed/crumbs';
import { Badge, Card, EmptyState, PersonAvatar } from '~/components/ui';
import { profilePhotoUrl } from '~/components/ui/avatar';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';
import feedStyles from '~/styles/feed.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data ? `${data.teamName} Members` : 'Members'));

/** /app/team/{teamId}/members: the team's members sorted by full name, each linking to a profile. Members only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, context, params.teamId, 'member');
  const users = await listTeamUsers(getDb(), user, { teamId: team.teamId, organisationId: team.organisationId });
  return { teamId: team.teamId, teamName: team.name, users };
}

export default function TeamMembers() {
  const { teamId, teamName, users } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <TeamCrumbs teamId={teamId} teamName={teamName} page="Members" />
      <h1>Members</h1>
      {users.length ? (
        <Card className="member-card">
          <ul className="member-list">
            {users.map((u) => (
              <li key={u.teamUserId}>
                <PersonAvatar name={u.fullName} src={profilePhotoUrl(u)} size="small" decorative />
                <span className="member-who">
                  <Link to={`/app/profile/${u.userId}`}>{u.fullName}</Link>
                  {u.jobTitle ? <span className="member-job"> {u.jobTitle}</span> : null}
                </span>
                {u.isTeamAdmin ? <Badge tone="brand">Team admin</Badge> : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <EmptyState title="This team has no members yet." icon="👥" />
      )}
    </section>
  );
}
