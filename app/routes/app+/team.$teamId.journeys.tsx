import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { createCalendarToken, getTeamJourneysPage, hasCalendarToken, revokeCalendarToken, type TeamJourneyEntry } from '@modules/journeys/index.server';
import { appHomePath } from '@modules/identity/index.server';
import { calendarAction, timelineFilter } from '~/utils/form-schemas.server';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { formatShortDate } from '~/utils/dates';
import { Breadcrumbs } from '~/components/explore/breadcrumbs';
import { appMeta } from '~/utils/meta';
import { requireTeamAccess } from '~/utils/team-access.server';

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data ? `${data.teamName} Journeys` : 'Journeys'));

const FILTERS = [
  { value: 'all', label: 'All Journeys' },
  { value: 'inprogress', label: 'In Progress Journeys' },
  { value: 'completed', label: 'Completed Journeys' },
] as const;

/**
 * /app/team/{teamId}/journeys: the team's timeline sorted by scheduled date (past, current, future, breaks)
 * and the unscheduled journeys, filtered by ?filter= (a link list, so it works without JavaScript).
 * Members of a team with journeys, never a student licence; otherwise the app home (decision 255).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, params.teamId, 'journeys', 'app-home');
  const filter = timelineFilter.parse(new URL(request.url).searchParams.get('filter') ?? 'all');
  const page = await getTeamJourneysPage(getDb(), user, team.teamId, filter);
  // Spec: "redirects home if the team is missing or has no journeys" (the app home, decision 255).
  if (!page.hasJourneys) throw redirect(appHomePath(user));
  return { teamId: team.teamId, teamName: team.name, filter, ...page, hasCalendar: await hasCalendarToken(getDb(), user.userId) };
}

/** The learner's private calendar link of their teams' journey schedules: make a new one (revoking the old) or revoke it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireTeamAccess(request, params.teamId, 'journeys', 'app-home');
  const form = await request.formData().catch(() => null);
  const parsed = calendarAction.safeParse({ intent: form?.get('intent') });
  if (!parsed.success) return data({ formError: 'That request was not valid.', calendarUrl: null }, { status: 400 });
  if (parsed.data.intent === 'revokeCalendar') {
    await revokeCalendarToken(getDb(), user.userId);
    return { formError: null, calendarUrl: null };
  }
  const token = await createCalendarToken(getDb(), user.userId);
  return { formError: null, calendarUrl: `${loadEnv().PUBLIC_URL}/calendar/${token}/journeys.ics` };
}

function CalendarLink({ hasCalendar }: { hasCalendar: boolean }) {
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="calendar-heading" className="journey-calendar">
      <h2 id="calendar-heading">Your calendar</h2>
      <p>Add your teams&apos; journey schedule to your own calendar with a private link. Anyone with the link can read the schedule, so keep it to yourself.</p>
      {result?.formError ? <p role="alert">{result.formError}</p> : null}
      {result?.calendarUrl ? (
        <p role="status">
          <label htmlFor="calendar-url">Your new calendar link (shown once; earlier links stop working)</label>
          <input id="calendar-url" type="text" readOnly value={result.calendarUrl} size={60} />
        </p>
      ) : hasCalendar ? (
        <p>Your calendar link is active.</p>
      ) : null}
      <Form method="post">
        <button type="submit" name="intent" value="createCalendar" className="button small">
          {hasCalendar || result?.calendarUrl ? 'Make a new calendar link' : 'Get a calendar link'}
        </button>{' '}
        {hasCalendar || result?.calendarUrl ? (
          <button type="submit" name="intent" value="revokeCalendar" className="button small secondary">
            Turn off the calendar link
          </button>
        ) : null}
      </Form>
    </section>
  );
}

function Entry({ e }: { e: TeamJourneyEntry & { isPast?: boolean; isCurrent?: boolean } }) {
  const when = e.scheduledAt ? formatShortDate(e.scheduledAt) : null;
  const state = e.isCurrent ? 'Current' : e.isPast ? 'Past' : e.scheduledAt ? 'Upcoming' : null;
  return (
    <li className={`timeline-entry${e.isCurrent ? ' is-current' : ''}${e.isBreak ? ' is-break' : ''}`} data-state={state ?? 'unscheduled'}>
      {when ? <time dateTime={e.scheduledAt!}>{when}</time> : null}
      {e.isBreak ? (
        <p>
          <strong>{e.breakLabel}</strong>
        </p>
      ) : (
        <>
          <h3>{e.name}</h3>
          {state ? <p className="timeline-state">{state}</p> : null}
          <p>{e.overview}</p>
          {e.userJourney?.completedAt ? <p>Completed</p> : null}
          {e.isLocked ? <p>Locked{e.unlockedAt ? ` until ${formatShortDate(e.unlockedAt)}` : ''}</p> : null}
          {e.button ? (
            <Link to={`/app/journey/${e.urlId}`} className="button small" aria-label={`${e.button} ${e.name}`}>
              {e.button}
            </Link>
          ) : null}
        </>
      )}
    </li>
  );
}

export default function TeamJourneys() {
  const { teamId, teamName, filter, timeline, unscheduled, hasCalendar } = useLoaderData<typeof loader>();
  return (
    <div className="page team-journeys">
      <Breadcrumbs items={[{ label: teamName, to: `/app/team/${teamId}` }, { label: 'Journeys' }]} />
      <h1>Journeys</h1>
      <nav aria-label="Filter journeys">
        <ul className="filter-links">
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link to={`?filter=${f.value}`} aria-current={filter === f.value ? 'page' : undefined}>
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        {timeline.length ? (
          <ol className="timeline">
            {timeline.map((e) => (
              <Entry key={e.teamJourneyId} e={e} />
            ))}
          </ol>
        ) : (
          <p>No journeys to show.</p>
        )}
      </section>
      {unscheduled.length ? (
        <section aria-labelledby="unscheduled-heading">
          <h2 id="unscheduled-heading">More journeys</h2>
          <ul className="timeline">
            {unscheduled.map((e) => (
              <Entry key={e.teamJourneyId} e={e} />
            ))}
          </ul>
        </section>
      ) : null}
      <CalendarLink hasCalendar={hasCalendar} />
    </div>
  );
}
