import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { formatShortDate } from '~/utils/dates';
import { policy } from '@modules/identity/index.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Teams');

/** Shown on a team card whose schedule has no current journey and none to come (nothing scheduled, or ended). */
export const NO_JOURNEY = 'No journey scheduled';

/** A card's journey line: the current journey, else the next scheduled one and its start, else NO_JOURNEY. */
export function journeyLine(t: { currentJourney: string | null; nextJourney: { name: string; startsAt: string } | null }) {
  if (t.currentJourney) return `Current journey: ${t.currentJourney}`;
  if (t.nextJourney) return `Next: ${t.nextJourney.name} from ${formatShortDate(t.nextJourney.startsAt)}`;
  return NO_JOURNEY;
}

/** /app/team: the user's enabled teams as cards: name, description, member count and current journey. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The cards and their current journeys are asked with the guard, so a page read has them in the
  // session's own statement (app/runtime/context.server.ts); asked later, they are a query each.
  const [user, teams, current] = await Promise.all([requireUser(request, context), context.teamCards(), context.currentJourneys()]);
  return {
    organisationName: user.userPermissions.organisationName,
    showJourneys: policy.canSeeJourneys(user),
    teams: teams.map((t) => {
      const j = current.get(t.teamId);
      return { ...t, currentJourney: j?.current?.name ?? null, nextJourney: j?.next ? { name: j.next.name, startsAt: j.next.startsAt } : null };
    }),
  };
}

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export default function TeamList() {
  const { teams, organisationName, showJourneys } = useLoaderData<typeof loader>();
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
                {t.description ? <span className="team-card-description">{t.description}</span> : null}
                <span className="team-card-facts">
                  <span>{members(t.memberCount)}</span>
                  {showJourneys ? <span>{journeyLine(t)}</span> : null}
                </span>
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
