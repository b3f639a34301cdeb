import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { appHomePath } from '@modules/identity/index.server';
import { Link } from '~/components/link';
import { BadgeImage, journeyBadgeUrl } from '~/components/ui/badge-image';
import { JourneyCard } from '~/components/journeys/journey-card';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ProgressBar } from '~/components/ui/progress';
import { When } from '~/components/when';
import learnerStyles from '~/styles/learner.css';
import { formatShortDate } from '~/utils/dates';
import { redirectToAppHome } from '~/features/shell/app-shell.server';
import { loadLearnerHome } from '~/features/home/learner-home.server';
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

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: learnerStyles }];

function TeamJourney({ t }: { t: Home['journeys'][number] }) {
  const j = t.journey;
  if (!j) {
    return (
      <li className="journey-card is-empty">
        <div className="journey-card-body">
          <p className="journey-card-eyebrow">{t.teamName}</p>
          <p>{t.next ? `Next journey: ${t.next.name}, from ${formatShortDate(t.next.startsAt)}.` : 'No journey is running for this team right now.'}</p>
          <p className="journey-card-actions">
            <Link to={`/app/team/${t.teamId}`}>Go to {t.teamName}</Link>
          </p>
        </div>
      </li>
    );
  }
  return <JourneyCard urlId={j.urlId} name={j.name} state={j.state} stepsDone={j.stepsDone} stepsTotal={j.stepsTotal} currentStep={j.currentStep} eyebrow={t.teamName} />;
}

export default function LearnerHome() {
  const home = useLoaderData<typeof loader>();
  return (
    <div className="page learner-home">
      <h1>Welcome back, {home.firstName}</h1>
      <p className="learner-home-lead">Here is what to do next.</p>
      <div className="learner-home-grid">
        <div>
          <Card title="Your journeys" actions={<Link to="/app/journeys">All my journeys</Link>}>
            {home.journeys.length ? (
              <ul className="journey-cards">
                {home.journeys.map((t) => (
                  <TeamJourney key={t.teamId} t={t} />
                ))}
              </ul>
            ) : (
              <EmptyState title={home.teamCount ? 'Your teams have no journeys yet.' : 'You are not in a team yet.'} actions={<Link to="/app/explore">Explore skills and stories</Link>}>
                Explore skills and stories in the meantime.
              </EmptyState>
            )}
          </Card>
          <Card title="Activities in progress" actions={<Link to="/app/activities">{home.moreActivities ? 'See all your activities' : 'My Activities'}</Link>}>
            {home.activities.length ? (
              <ul className="home-list">
                {home.activities.map((a) => (
                  <li key={a.myActivityId}>
                    <Link to={`/app/activities?myActivityId=${a.myActivityId}`}>{a.name}</Link>
                    <ProgressBar label={`${a.name}: tasks`} showLabel={false} value={a.completedTaskCount} max={Math.max(a.taskCount, 1)} valueText={`${a.completedTaskCount} of ${a.taskCount} tasks done`} />
                    <p className="home-meta">
                      {a.completedTaskCount} of {a.taskCount} tasks done
                      {a.journeyName ? ` · ${a.journeyName}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="No activities in progress.">Add one from a journey step or from Explore.</EmptyState>
            )}
          </Card>
        </div>
        <div>
          <Card title="Newest from your teams">
            {home.posts.length ? (
              <ul className="home-list">
                {home.posts.map((p) => (
                  <li key={p.postId}>
                    <p className="home-meta">
                      <strong>{p.author}</strong>
                      {p.teamName ? ` in ${p.teamName}` : ''}
                      {p.postedAt ? (
                        <>
                          {' · '}
                          <When value={p.postedAt} />
                        </>
                      ) : null}
                    </p>
                    <p>{p.excerpt || 'A post with attachments.'}</p>
                    <p className="home-meta">
                      <Link to={`/app/post/${p.postId}`} aria-label={`Read the post by ${p.author}`}>
                        Read the post
                      </Link>
                      {` · ${p.likeCount} likes · ${p.commentCount} comments`}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="No posts yet." />
            )}
          </Card>
          <Card title="Your badges">
            {home.badges.length ? (
              <ul className="home-badges">
                {home.badges.map((b) => (
                  <li key={b.journeyId}>
                    <BadgeImage src={journeyBadgeUrl(b.journeyId)} name={b.name} />
                    <Link to={`/app/journey/${b.urlId}/step/end`}>{b.name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="No badges yet.">Finish a journey to earn its badge.</EmptyState>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
