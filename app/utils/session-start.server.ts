import { randomUUID } from 'node:crypto';
import { loadEnv } from '@modules/shared/index.server';
import { isAccessBlocked, type CurrentUser } from '@modules/identity/index.server';
import { getReferenceData, getUserProgress } from '@modules/catalogue/index.server';
import { getAuth, underConstructionUntil } from './session.server';

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
  referenceData: ReferenceData;
  myActivities: unknown[];
  userJourneys: unknown[];
  userNotifications: unknown[];
  userProgress: UserProgress;
}

export interface SessionStartBody {
  mlt?: string | null;
  cid?: string | null;
}

/** A client id we keep as given: a UUID or a similar opaque id, nothing that could carry markup. */
const SANE_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function anonymousIdFrom(cid: string | null | undefined) {
  return cid && SANE_CLIENT_ID.test(cid) ? cid : randomUUID();
}

/** The catalogue as the app starts with it (modules/catalogue plugs in here). */
export async function referenceDataFor(user: CurrentUser | null): Promise<ReferenceData> {
  // The catalogue is for signed-in learners; served from the catalogue's in-process cache.
  if (!user) return { assessments: [], capabilities: [], games: [], journeys: [], modules: [] };
  return getReferenceData();
}

/** The signed-in user's progress by kind (modules/catalogue, journeys and activities plug in here). */
export async function userProgressFor(user: CurrentUser | null): Promise<UserProgress> {
  if (!user) return { activity: {}, assessment: {}, content: {}, game: {}, video: {} };
  return getUserProgress(user.userId);
}

/**
 * A rejected, expired or blocked token is not an error here: the answer is simply the
 * logged-out one (token and user null), which is the spec's 'failure leads to logged-out'.
 * The `mlt` value is accepted and ignored (docs/decisions/013-session-start.md).
 */
export async function startSessionPayload(request: Request, body: SessionStartBody): Promise<SessionStartPayload> {
  const auth = await getAuth(request);
  const signedIn = auth && !isAccessBlocked(auth.user) ? auth : null;
  const user = signedIn?.user ?? null;
  const until = underConstructionUntil();
  const [referenceData, userProgress] = await Promise.all([referenceDataFor(user), userProgressFor(user)]);
  return {
    env: loadEnv().APP_ENV,
    underConstructionDate: until ? until.toISOString() : null,
    token: signedIn?.sessionId ?? null,
    user,
    anonymousId: anonymousIdFrom(body.cid),
    referenceData,
    myActivities: [],
    userJourneys: [],
    userNotifications: [],
    userProgress,
  };
}
