import { data } from '@remix-run/node';
import { getDb, isDomainError } from '@modules/shared/index.server';
import { getUserProfile, isUserIdShape, policy, type CurrentUser } from '@modules/identity/index.server';
import { listJourneyBadges } from '@modules/journeys/index.server';
import { mayErase } from '@modules/admin/index.server';
import type { ProfileViewData } from '~/components/profile/profile-view';

/**
 * The profile page's data for /app/profile and /app/profile/{userId}: the profile (identity decides
 * who may see it) and its journey badges (journeys module), hidden when the viewer's licence hides
 * journeys. A malformed, unknown or invisible id answers 404 with { notFound: true }.
 */
export type ProfileLoaderData = (ProfileViewData & { notFound: false }) | { notFound: true };

export async function profilePageData(viewer: CurrentUser, rawUserId: string | number) {
  const userId = typeof rawUserId === 'number' ? rawUserId : isUserIdShape(rawUserId) ? Number(rawUserId) : null;
  if (userId === null) return data<ProfileLoaderData>({ notFound: true }, { status: 404 });
  try {
    const [profile, badges] = await Promise.all([
      getUserProfile(getDb(), viewer, userId),
      policy.canSeeJourneys(viewer) ? listJourneyBadges(getDb(), userId) : Promise.resolve(null),
    ]);
    const isOwner = policy.canEditProfile(viewer, profile);
    const canErase = !isOwner && (await mayErase(getDb(), viewer, userId));
    return data<ProfileLoaderData>({ notFound: false, profile, isOwner, canErase, badges });
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') return data<ProfileLoaderData>({ notFound: true }, { status: 404 });
    throw error;
  }
}
