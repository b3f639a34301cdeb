import type { AppLoadContext } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import type { CurrentUser } from '@modules/identity/index.server';
import { homeTeamJourneys, journeysOfSteps, listJourneyBadges } from '@modules/journeys/index.server';
import { listMyActivities } from '@modules/activities/index.server';
import { listNewestTeamPosts } from '@modules/social/index.server';

/** How many activities in progress and posts the home lists (the full lists are a link away). */
export const HOME_ACTIVITIES = 5;
export const HOME_POSTS = 3;

const plain = (markdown: string) =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const excerpt = (text: string) => {
  const t = plain(text);
  if (t.length <= 140) return t;
  const cut = t.slice(0, 140);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).trimEnd()}…`;
};

/**
 * The learner home (issue 25, decision 272): on one screen what to do next. Every part is one or a
 * few statements whatever the number of teams, journeys, activities and posts (query-count test).
 */
export async function loadLearnerHome(request: Request, context: AppLoadContext, user: CurrentUser) {
  const db = getDb();
  const teams = await context.teams();
  const [journeys, activities, posts, badges] = await Promise.all([
    homeTeamJourneys(db, user, teams),
    listMyActivities(db, user.userId, { completed: false, limit: HOME_ACTIVITIES + 1 }),
    listNewestTeamPosts(db, user, HOME_POSTS),
    listJourneyBadges(db, user.userId),
  ]);
  const shown = activities.slice(0, HOME_ACTIVITIES);
  const stepJourneys = await journeysOfSteps(db, shown.flatMap((a) => (a.journeyStepId === null ? [] : [a.journeyStepId])));
  const teamName = new Map(teams.map((t) => [t.teamId, t.name]));
  return {
    firstName: user.firstName,
    teamCount: teams.length,
    journeys,
    activities: shown.map((a) => ({
      myActivityId: a.myActivityId,
      name: a.name,
      taskCount: a.taskCount,
      completedTaskCount: a.completedTaskCount,
      journeyName: a.journeyStepId === null ? null : (stepJourneys.get(a.journeyStepId)?.name ?? null),
    })),
    moreActivities: activities.length > HOME_ACTIVITIES,
    posts: posts.map((p) => ({
      postId: p.postId,
      author: p.userCreator?.fullName ?? 'Leda',
      teamName: p.teamId !== null ? (teamName.get(p.teamId) ?? null) : null,
      postedAt: p.postedAt,
      excerpt: excerpt(p.text),
      likeCount: p.likeCount,
      commentCount: p.commentCount,
    })),
    badges: badges.map((b) => ({ journeyId: b.journeyId, urlId: b.urlId, name: b.name, completedAt: b.completedAt })),
  };
}
