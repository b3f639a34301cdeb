import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { createCalendarToken, getTeamJourneysPage, hasCalendarToken, revokeCalendarToken, type TeamJourneyEntry } from '@modules/journeys/index.server';
import { appHomePath } from '@modules/identity/index.server';
import { calendarAction, timelineFilter } from '~/utils/form-schemas.server';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { formatShortDate } from '~/utils/dates';
import { Breadcrumbs } from '~/components/explore/breadcrumbs';
import { Badge } from '~/components/ui/badge';
import { CoverArt } from '~/components/cover-art';
import { EmptyState } from '~/components/ui/empty-state';
import { Tabs } from '~/components/ui/tabs';
import { appMeta } from '~/utils/meta';
import journeyStyles from '~/styles/journeys.css';
import { requireTeamAccess } from '~/utils/team-access.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: journeyStyles }];
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
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, context, params.teamId, 'journeys', 'app-home');
  const filter = timelineFilter.parse(new URL(request.url).searchParams.get('filter') ?? 'all');
  const page = await getTeamJourneysPage(getDb(), user, team.teamId, filter);
  // Spec: "redirects home if the team is missing or has no journeys" (the app home, decision 255).
  if (!page.hasJourneys) throw redirect(appHomePath(user));
  return { teamId: team.teamId, teamName: team.name, filter, ...page, hasCalendar: await hasCalendarToken(getDb(), user.userId) };
}

/** The learner's private calendar link of their teams' journey schedules: make a new one (revoking the old) or revoke it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireTeamAccess(request, context, params.teamId, 'journeys', 'app-home');
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
    <section aria-labelledby="calendar-heading" className="journey-calendar ui-card">
      <h2 id="calendar-heading">Your calendar</h2>
      <p>Add your teams&apos; journey schedule to your own calendar with a private link. Anyone with the link can read the schedule, so keep it to yourself.</p>
      {result?.formError ? (
        <p role="alert" className="form-error">
          {result.formError}
        </p>
      ) : null}
      {result?.calendarUrl ? (
        <p role="status" className="field calendar-url">
          <label htmlFor="calendar-url">Your new calendar link (shown once; earlier links stop working)</label>
          <input id="calendar-url" type="text" readOnly value={result.calendarUrl} size={60} />
        </p>
      ) : hasCalendar ? (
        <p>Your calendar link is active.</p>
      ) : null}
      <Form method="post" className="actions">
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

const STATE_TONE = { Current: 'brand', Past: 'neutral', Upcoming: 'warning' } as const;

function Entry({ e }: { e: TeamJourneyEntry & { isPast?: boolean; isCurrent?: boolean } }) {
  const when = e.scheduledAt ? formatShortDate(e.scheduledAt) : null;
  const state = e.isCurrent ? 'Current' : e.isPast ? 'Past' : e.scheduledAt ? 'Upcoming' : null;
  const done = !!e.userJourney?.completedAt;
  return (
    <li className={`timeline-entry${e.isCurrent ? ' is-current' : ''}${e.isBreak ? ' is-break' : ''}${done ? ' is-done' : ''}`} data-state={state ?? 'unscheduled'}>
      <span className="timeline-dot" aria-hidden="true" />
      {when ? (
        <time className="timeline-date" dateTime={e.scheduledAt!}>
          {when}
        </time>
      ) : null}
      {e.isBreak ? (
        <p className="timeline-break">
          <strong>{e.breakLabel}</strong>
        </p>
      ) : (
        <div className="timeline-card has-cover">
          <CoverArt title={e.name} kind="journey" />
          <div className="timeline-card-head">
            <h3>{e.name}</h3>
            {state ? (
              <p className="timeline-state">
                <Badge tone={STATE_TONE[state]}>{state}</Badge>
              </p>
            ) : null}
          </div>
          <p className="timeline-overview">{e.overview}</p>
          {done || e.isLocked ? (
            <p className="timeline-facts">
              {done ? <Badge tone="success">Completed</Badge> : null}
              {e.isLocked ? <Badge tone="neutral">{`Locked${e.unlockedAt ? ` until ${formatShortDate(e.unlockedAt)}` : ''}`}</Badge> : null}
            </p>
          ) : null}
          {e.button ? (
            <p className="actions">
              <Link to={`/app/journey/${e.urlId}`} className={`button small${e.isCurrent ? ' primary' : ''}`} aria-label={`${e.button} ${e.name}`}>
                {e.button}
              </Link>
            </p>
          ) : null}
        </div>
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
      <Tabs label="Filter journeys" pills items={FILTERS.map((f) => ({ to: `?filter=${f.value}`, label: f.label, current: filter === f.value }))} />
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        {timeline.length ? (
          <ol className="timeline">
            {timeline.map((e) => (
              <Entry key={e.teamJourneyId} e={e} />
            ))}
          </ol>
        ) : (
          <EmptyState title="No journeys to show.">Try another filter above.</EmptyState>
        )}
      </section>
      {unscheduled.length ? (
        <section aria-labelledby="unscheduled-heading">
          <h2 id="unscheduled-heading">More journeys</h2>
          <ul className="timeline is-unscheduled">
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
