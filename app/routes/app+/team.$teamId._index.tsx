import type { LinksFunction, ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useActionData, useFetcher, useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { SubmissionResult } from '@conform-to/react';
import { PostCard } from '~/components/feed/post-card';
import { PostEditorSlot } from '~/components/feed/post-editor-slot';
import { appMeta } from '~/utils/meta';
// The one server module (decision 351: each further one is a request in the browser).
import { handlePostAction, loadTeamHome, requireTeamAccess } from '~/features/feed/team-home.server';
import feedStyles from '~/styles/feed.css';
import { When } from '~/components/when';
import { PostSavedStatus } from '~/components/feed/post-status';
import { useFeedPages } from '~/components/feed/feed-pages';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedStyles }];

export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.teamName ?? 'Team');

/**
 * /app/team/{teamId}: team home. Members only (an unknown team goes to the user's first team).
 * The feed is 10 a page: 'Load more posts' links ?offset=N&after=<the last post's cursor> (keyset,
 * decision 352; a bare ?offset=N still works) and works without JavaScript; with it, the next page is
 * fetched and appended.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadTeamHome(request, context, params.teamId);
}

type TeamUser = { userId: number; fullName: string; profilePhotoBlobId: string | null };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, team } = await requireTeamAccess(request, context, params.teamId, 'member');
  return handlePostAction(request, context, user, `/app/team/${team.teamId}`);
}

function Avatars({ label, users }: { label: string; users: { shown: TeamUser[]; total: number } }) {
  if (!users.total) return null;
  const shown = users.shown;
  return (
    <div className="team-info-group">
      <h3>{label}</h3>
      <ul className="avatar-row">
        {shown.map((u) => (
          <li key={u.userId}>
            <Link to={`/app/profile/${u.userId}`} className="avatar" title={u.fullName}>
              {u.profilePhotoBlobId ? <img src={`/blobs/${u.profilePhotoBlobId}`} alt="" width={32} height={32} loading="lazy" decoding="async" /> : <span aria-hidden="true">{initials(u.fullName)}</span>}
              <span className="visually-hidden">{u.fullName}</span>
            </Link>
          </li>
        ))}
        {users.total > shown.length ? <li className="avatar more">+{users.total - shown.length}</li> : null}
      </ul>
    </div>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export default function TeamHome() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<{ lastResult?: SubmissionResult<string[]> }>();
  const more = useFetcher<typeof loader>();
  // A new page load (the redirect after posting) starts the editor empty again, and the feed at its first page.
  const { key: locationKey } = useLocation();
  const { posts, hasMore, lastOffset, nextCursor } = useFeedPages(data, more, locationKey);
  // The page size comes with the data: FEED_PAGE_SIZE is server code, undefined in the browser.
  const nextOffset = lastOffset + data.pageSize;
  const nextHref = `/app/team/${data.teamId}?offset=${nextOffset}${nextCursor ? `&after=${encodeURIComponent(nextCursor)}` : ''}`;
  return (
    <section className="page team-home">
      <h1>{data.teamName}</h1>
      {data.journeys?.currentJourney ? (
        <p className="journey-banner">
          Current journey: <Link to={`/app/journey/${data.journeys.currentJourney.urlId}`}>{data.journeys.currentJourney.name}</Link>
        </p>
      ) : null}
      <div className="team-home-grid">
        <div className="team-feed">
          <PostSavedStatus scheduledAt={data.scheduledAt} />
          {data.editor && data.offset === 0 ? (
            <PostEditorSlot
              key={locationKey}
              audiences={data.editor.audiences}
              defaultAudience={`team-${data.teamId}`}
              canMarkOfficial={data.editor.canMarkOfficial}
              lastResult={actionData?.lastResult}
              constraint={data.editor.constraint}
            />
          ) : null}
          <h2 className="visually-hidden">Posts</h2>
          {posts.length ? (
            <ol className="post-list">
              {posts.map((p) => (
                <li key={p.postId}>
                  <PostCard post={p} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty-message">{data.offset === 0 ? 'This team has no posts to display.' : 'No more posts to display.'}</p>
          )}
          {hasMore ? (
            <p>
              <a
                href={nextHref}
                className="button secondary"
                onClick={(e) => {
                  e.preventDefault();
                  if (more.state === 'idle') more.load(nextHref);
                }}
              >
                Load more posts
              </a>
            </p>
          ) : posts.length ? (
            <p className="empty-message">No more posts to display.</p>
          ) : null}
        </div>
        {data.offset === 0 ? (
          <aside className="team-side">
            <section className="panel" aria-labelledby="team-info-title">
              <h2 id="team-info-title">Team Information</h2>
              <Avatars label="Admins" users={data.admins} />
              <Avatars label="Members" users={data.members} />
              <p>
                <Link to={`/app/team/${data.teamId}/members`}>See all members</Link>
              </p>
            </section>
            {data.featuredStory ? (
              <section className="panel" aria-labelledby="team-story-title">
                <h2 id="team-story-title">Featured story</h2>
                <p>
                  <Link to={`/app/explore/story/${data.featuredStory.urlId}`}>{data.featuredStory.name}</Link>
                </p>
                {data.featuredStory.overview ? <p>{data.featuredStory.overview}</p> : null}
              </section>
            ) : null}
            {data.journeys ? (
              <section className="panel" aria-labelledby="team-journeys-title">
                <h2 id="team-journeys-title">Team Journeys</h2>
                {data.journeys.kind === 'journeys' ? (
                  <ul className="team-journey-list">
                    {data.journeys.journeys.map((j) => (
                      <li key={j.teamJourneyId}>
                        <span>{j.name}</span>{' '}
                        {j.button ? (
                          <Link to={`/app/journey/${j.urlId}`} className="button small">
                            {j.button}
                          </Link>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : data.journeys.kind === 'next' ? (
                  <p>
                    Next: {data.journeys.journey.name}, starting <When value={data.journeys.startsAt} format="date" />
                  </p>
                ) : (
                  <p className="empty-message">{data.journeys.message}</p>
                )}
              </section>
            ) : null}
          </aside>
        ) : null}
      </div>
    </section>
  );
}
