import { data } from '@remix-run/node';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { getUserProfile, policy, type CurrentUser } from '@modules/identity/index.server';
import { listJourneyBadges } from '@modules/journeys/index.server';
import { mayErase } from '@modules/admin/index.server';
import type { ProfileViewData } from '~/components/profile/profile-view';
import { attempt } from '~/utils/domain-error.server';

/**
 * The profile page's data for /app/profile and /app/profile/{userId}: the profile (identity decides
 * who may see it) and its journey badges (journeys module), hidden when the viewer's licence hides
 * journeys. A malformed, unknown or invisible id answers 404 with { notFound: true }.
 */
export type ProfileLoaderData = (ProfileViewData & { notFound: false }) | { notFound: true };

export async function profilePageData(viewer: CurrentUser, rawUserId: string | number) {
  const userId = typeof rawUserId === 'number' ? rawUserId : boundedInt(rawUserId);
  if (userId === undefined) return data<ProfileLoaderData>({ notFound: true }, { status: 404 });
  const found = await attempt(() =>
    Promise.all([getUserProfile(getDb(), viewer, userId), policy.canSeeJourneys(viewer) ? listJourneyBadges(getDb(), userId) : Promise.resolve(null)]),
  );
  if (!found.ok) {
    if (found.error.code === 'not_found') return data<ProfileLoaderData>({ notFound: true }, { status: 404 });
    throw found.error;
  }
  const [profile, badges] = found.value;
  const isOwner = policy.canEditProfile(viewer, profile);
  const canErase = !isOwner && (await mayErase(getDb(), viewer, userId));
  return data<ProfileLoaderData>({ notFound: false, profile, isOwner, canErase, badges });
}
