import type { AppLoadContext } from '@remix-run/node';
import { randomUUID } from 'node:crypto';
import { loadEnv, getDb } from '@modules/shared/index.server';
import { isAccessBlocked, type CurrentUser } from '@modules/identity/index.server';
import { getUserProgress, getVersionedReferenceData } from '@modules/catalogue/index.server';
import { getActivityProgress, listMyActivities } from '@modules/activities/index.server';
import { listReadableJourneys, listUserJourneys } from '@modules/journeys/index.server';
import { getAuth, underConstructionUntil } from '../../utils/session.server';

/**
 * The session-start answer of /api/auth/authenticate (public-site sections 3, 4 and 7):
 * who is signed in (or an anonymous id), the environment, the under-construction date,
 * and the data the app starts with. Parts owned by later features are empty until they
 * land: they plug in here (referenceDataFor, userProgressFor, ...), not in the route.
 */
export interface ReferenceData {
  assessments: unknown[];
  capabilities: unknown[];
  games: unknown[];
  journeys: unknown[];
  modules: unknown[];
}

export interface UserProgress {
  activity: Record<string, unknown>;
  assessment: Record<string, unknown>;
  content: Record<string, unknown>;
  game: Record<string, unknown>;
  video: Record<string, unknown>;
}

export interface SessionStartPayload {
  env: string;
  underConstructionDate: string | null;
  token: string | null;
  user: CurrentUser | null;
  anonymousId: string;
  /**
   * The catalogue, in full unless the caller said it holds the current version (then null);
   * the same data is at referenceDataUrl, cached by the browser (docs/decisions/144).
   */
  referenceData: ReferenceData | null;
  referenceDataVersion: number | null;
  referenceDataUrl: string | null;
  /**
   * The learner's my activities as summaries (id, names, dates, task progress, skills; newest first),
   * not in full: the tasks and answers come with each my-activity answer and the My Activities
   * pages, so this answer does not grow with what the learner wrote (docs/decisions/147).
   */
  myActivities: unknown[];
  userJourneys: unknown[];
  userNotifications: unknown[];
  userProgress: UserProgress;
}

export interface SessionStartBody {
  mlt?: string | null;
  cid?: string | null;
  /** The catalogue version the caller already holds (from an earlier answer or referenceDataUrl). */
  referenceDataVersion?: number | null;
}

/** A client id we keep as given: a UUID or a similar opaque id, nothing that could carry markup. */
const SANE_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function anonymousIdFrom(cid: string | null | undefined) {
  return cid && SANE_CLIENT_ID.test(cid) ? cid : randomUUID();
}

const NO_REFERENCE_DATA: ReferenceData = { assessments: [], capabilities: [], games: [], journeys: [], modules: [] };

/**
 * The catalogue as the app starts with it (modules/catalogue plugs in here): for signed-in
 * learners, from the catalogue's in-process cache; left out (null) when the caller already holds
 * the current version.
 */
export async function referenceDataFor(
  user: CurrentUser | null,
  heldVersion?: number | null,
): Promise<{ referenceData: ReferenceData | null; referenceDataVersion: number | null; referenceDataUrl: string | null }> {
  if (!user) return { referenceData: NO_REFERENCE_DATA, referenceDataVersion: null, referenceDataUrl: null };
  const { data, version } = await getVersionedReferenceData(getDb());
  if (heldVersion === version) return { referenceData: null, referenceDataVersion: version, referenceDataUrl: `/reference-data/${version}` };
  // Journeys are the ones this learner may read (global or their teams'; none for a student licence).
  const journeys = await listReadableJourneys(getDb(), user);
  return { referenceData: { ...data, journeys }, referenceDataVersion: version, referenceDataUrl: `/reference-data/${version}` };
}

/** The signed-in user's progress by kind (modules/catalogue, journeys and activities plug in here). */
export async function userProgressFor(user: CurrentUser | null): Promise<UserProgress> {
  if (!user) return { activity: {}, assessment: {}, content: {}, game: {}, video: {} };
  // Activity completion is owned by modules/activities (the first completed copy per activity).
  const [progress, activity] = await Promise.all([getUserProgress(getDb(), user.userId), getActivityProgress(getDb(), user.userId)]);
  return { ...progress, activity };
}

/**
 * A rejected, expired or blocked token is not an error here: the answer is simply the
 * logged-out one (token and user null), which is the spec's 'failure leads to logged-out'.
 * The `mlt` value is accepted and ignored (docs/decisions/013-session-start.md).
 */
export async function startSessionPayload(request: Request, context: AppLoadContext, body: SessionStartBody): Promise<SessionStartPayload> {
  const auth = await getAuth(request, context);
  const signedIn = auth && !isAccessBlocked(auth.user) ? auth : null;
  const user = signedIn?.user ?? null;
  const until = underConstructionUntil();
  const [reference, userProgress, myActivities, userJourneys] = await Promise.all([
    referenceDataFor(user, body.referenceDataVersion),
    userProgressFor(user),
    user ? listMyActivities(getDb(), user.userId) : [],
    user ? listUserJourneys(getDb(), user) : [],
  ]);
  return {
    env: loadEnv().APP_ENV,
    underConstructionDate: until ? until.toISOString() : null,
    token: signedIn?.sessionId ?? null,
    user,
    anonymousId: anonymousIdFrom(body.cid),
    ...reference,
    myActivities,
    userJourneys,
    userNotifications: [],
    userProgress,
  };
}
