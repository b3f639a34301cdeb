import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { appHomePath } from '@modules/identity/index.server';
import { Link } from '~/components/link';
import { formatShortDate } from '~/utils/dates';
import { redirectToAppHome } from '~/utils/app-shell.server';
import { loadLearnerHome } from '~/utils/learner-home.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Home');

/**
 * /app/home: the learner home (issue 25, decision 272), where /app and sign-in lead: the current step of
 * each team journey with its progress, activities in progress, the newest team posts and badges. A
 * student licence keeps the spec's home (the stories), so /app/home still redirects there, keeping
 * the query string.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (appHomePath(user) !== '/app/home') redirectToAppHome(request, user);
  return loadLearnerHome(request, context, user);
}

type Home = Awaited<ReturnType<typeof loadLearnerHome>>;

function JourneyCard({ t }: { t: Home['journeys'][number] }) {
  const j = t.journey;
  if (!j) {
    return (
      <li className="home-journey">
        <h3>{t.teamName}</h3>
        <p>{t.next ? `Next journey: ${t.next.name}, from ${formatShortDate(t.next.startsAt)}.` : 'No journey is running for this team right now.'}</p>
        <Link to={`/app/team/${t.teamId}`}>Go to {t.teamName}</Link>
      </li>
    );
  }
  const label = j.state === 'completed' ? 'Review' : j.state === 'inprogress' ? 'Continue' : 'Start';
  return (
    <li className="home-journey">
      <h3>{j.name}</h3>
      <p className="home-journey-team">{t.teamName}</p>
      <p>
        <progress value={j.stepsDone} max={Math.max(j.stepsTotal, 1)} aria-label={`${j.name}: ${j.stepsDone} of ${j.stepsTotal} steps done`} />{' '}
        <span>
          {j.stepsDone} of {j.stepsTotal} steps
        </span>
      </p>
      {j.state === 'completed' ? (
        <p>Completed. Well done!</p>
      ) : j.currentStep ? (
        <p>
          {j.state === 'inprogress' ? 'Current step' : 'First step'}: STEP {j.currentStep.number}, {j.currentStep.name}
        </p>
      ) : null}
      <Link to={`/app/journey/${j.urlId}`} className="button small" aria-label={`${label} ${j.name}`}>
        {label}
      </Link>
    </li>
  );
}

export default function LearnerHome() {
  const home = useLoaderData<typeof loader>();
  return (
    <div className="page learner-home">
      <h1>Welcome back, {home.firstName}</h1>
      <section aria-labelledby="home-journeys">
        <h2 id="home-journeys">Your journeys</h2>
        {home.journeys.length ? (
          <ul className="home-journeys">
            {home.journeys.map((t) => (
              <JourneyCard key={t.teamId} t={t} />
            ))}
          </ul>
        ) : (
          <p>{home.teamCount ? 'Your teams have no journeys yet.' : 'You are not in a team yet.'} Explore skills and stories in the meantime.</p>
        )}
        <p>
          <Link to="/app/journeys">All my journeys</Link>
        </p>
      </section>
      <section aria-labelledby="home-activities">
        <h2 id="home-activities">Activities in progress</h2>
        {home.activities.length ? (
          <ul className="home-activities">
            {home.activities.map((a) => (
              <li key={a.myActivityId}>
                <Link to={`/app/activities?myActivityId=${a.myActivityId}`}>{a.name}</Link>{' '}
                <span>
                  {a.completedTaskCount} of {a.taskCount} tasks done
                </span>
                {a.journeyName ? <span> · {a.journeyName}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>No activities in progress. Add one from a journey step or from Explore.</p>
        )}
        <p>
          <Link to="/app/activities">{home.moreActivities ? 'See all your activities' : 'My Activities'}</Link>
        </p>
      </section>
      <section aria-labelledby="home-posts">
        <h2 id="home-posts">Newest from your teams</h2>
        {home.posts.length ? (
          <ul className="home-posts">
            {home.posts.map((p) => (
              <li key={p.postId}>
                <p>
                  <strong>{p.author}</strong>
                  {p.teamName ? ` in ${p.teamName}` : ''}
                  {p.postedAt ? (
                    <>
                      {' · '}
                      <time dateTime={p.postedAt}>{formatShortDate(p.postedAt)}</time>
                    </>
                  ) : null}
                </p>
                <p>{p.excerpt || 'A post with attachments.'}</p>
                <Link to={`/app/post/${p.postId}`} aria-label={`Read the post by ${p.author}`}>
                  Read the post
                </Link>{' '}
                <span>
                  {p.likeCount} likes · {p.commentCount} comments
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No posts yet.</p>
        )}
      </section>
      <section aria-labelledby="home-badges">
        <h2 id="home-badges">Your badges</h2>
        {home.badges.length ? (
          <ul className="home-badges">
            {home.badges.map((b) => (
              <li key={b.journeyId}>
                <Link to={`/app/journey/${b.urlId}/step/end`}>
                  <img src={`/app/journey/${b.journeyId}/badge.svg`} alt="" width={64} height={64} loading="lazy" /> {b.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>Finish a journey to earn its badge.</p>
        )}
      </section>
    </div>
  );
}
