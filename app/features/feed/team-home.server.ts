import type { AppLoadContext } from '@remix-run/node';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { getTeamFeaturedStoryId, policy } from '@modules/identity/index.server';
import { featuredStoryCard } from '@modules/catalogue/index.server';
import { FEED_PAGE_SIZE, listFeedSummaries, teamAvatars, withLinkPreviews } from '@modules/social/index.server';
import { getTeamJourneyPanel } from '@modules/journeys/index.server';
import { postFormSchema } from '~/utils/form-schemas.server';
import { formConstraint } from '~/utils/form.server';
import { requireTeamAccess } from '~/utils/team-access.server';
import { audienceOptions } from './post-actions.server';
import { toFeedCards } from './feed-cards.server';

/*
 * The team home's server side (/app/team/{teamId}). The route imports only this module on the server
 * side: in the browser build every `.server` module a route names becomes an empty stub, and a stub
 * that two routes share is a chunk of its own, one more request before the page can hydrate (seven
 * on the team home: decision 351). Its action's guard and handler are re-exported for that reason.
 */
export { requireTeamAccess } from '~/utils/team-access.server';
export { handlePostAction } from './post-actions.server';

const MAX_OFFSET = 1_000_000;
const AVATARS = 6;
const NO_AVATARS = { admins: { shown: [], total: 0 }, members: { shown: [], total: 0 } };

/**
 * The team home's data: one page of the feed (10; 'Load more posts' names the last post shown, keyset,
 * decision 352; offset only numbers the page), and on the first page Team Information, the team's
 * journeys, its featured story and the post editor's options. The feed's cards carry only what they
 * show (decision 351).
 */
export async function loadTeamHome(request: Request, context: AppLoadContext, teamIdParam: string | undefined) {
  const { user, team } = await requireTeamAccess(request, context, teamIdParam, 'member');
  const url = new URL(request.url);
  // A malformed offset shows the first page.
  const offset = boundedInt(url.searchParams.get('offset'), 0, MAX_OFFSET) ?? 0;
  const after = url.searchParams.get('after');
  const scope = { teamId: team.teamId, organisationId: team.organisationId };
  const [rows, avatars, journeys, featuredStory] = await Promise.all([
    // Cards show like and comment counts: the lists, which grow with the team, stay on the post page.
    listFeedSummaries(getDb(), user, scope, { offset, limit: FEED_PAGE_SIZE + 1, after }),
    // Team Information shows at most 6 avatars of each role then '+N': only those are read.
    offset === 0 ? teamAvatars(getDb(), user, scope, AVATARS) : Promise.resolve(NO_AVATARS),
    // The current-journey banner and the Team Journeys panel (journeys module; null for a student licence).
    offset === 0 ? getTeamJourneyPanel(getDb(), user, team.teamId) : Promise.resolve(null),
    // The story the team features (set in the admin team editor's General settings), if any.
    offset === 0 ? getTeamFeaturedStoryId(getDb(), team.teamId).then((id) => featuredStoryCard(getDb(), id)) : Promise.resolve(null),
  ]);
  const canPost = policy.canUsePostEditor(user, scope);
  const scheduled = url.searchParams.get('scheduled');
  const shown = rows.slice(0, FEED_PAGE_SIZE);
  return {
    teamId: team.teamId,
    teamName: team.name,
    offset,
    pageSize: FEED_PAGE_SIZE,
    // Link previews from the cache the editor filled (no fetch while rendering).
    posts: toFeedCards(user, await withLinkPreviews(getDb(), shown)),
    hasMore: rows.length > FEED_PAGE_SIZE,
    nextCursor: rows.length > FEED_PAGE_SIZE ? shown[shown.length - 1]!.feedCursor : null,
    ...avatars,
    journeys,
    featuredStory,
    editor: canPost
      ? { audiences: await audienceOptions(request, context, user), canMarkOfficial: policy.canMarkPostOfficial(user), constraint: formConstraint(postFormSchema) }
      : null,
    scheduledAt: scheduled && !Number.isNaN(Date.parse(scheduled)) ? new Date(scheduled).toISOString() : null,
  };
}
