import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { getDb } from '@modules/shared/index.server';
import { listUserTeams } from '@modules/identity/index.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Teams');

/** /app/team: the user's enabled teams as cards. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const teams = await listUserTeams(getDb(), user.userId);
  return {
    organisationName: user.userPermissions.organisationName,
    teams: teams.map((t) => ({ teamId: t.teamId, name: t.name, isTeamAdmin: t.isTeamAdmin })),
  };
}

export default function TeamList() {
  const { teams, organisationName } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <h1>Your teams</h1>
      {organisationName ? <p className="page-intro">{organisationName}</p> : null}
      {teams.length ? (
        <ul className="team-cards">
          {teams.map((t) => (
            <li key={t.teamId}>
              <Link to={`/app/team/${t.teamId}`} className="team-card">
                <span className="team-card-name">{t.name}</span>
                {t.isTeamAdmin ? <span className="team-card-role">Team admin</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-message">You don&apos;t currently belong to any teams.</p>
      )}
    </section>
  );
}
