import { DomainError, type Db } from '@modules/shared/index.server';
import { hashToken, isTokenShaped } from '@modules/identity/index.server';

/**
 * Who may answer a learner's feedback (decision 240). The learner never: signed in, or in a browser
 * they opened their own link in while signed in, they are refused. Through the shared (public) link,
 * one answer per browser (a cookie the page sets) and per signed-in colleague; an emailed link is
 * answered once (its token). Keys are stored hashed with the learner's id, so the same browser is
 * not recognisable across learners, and never next to an answer (no answer id, no time).
 */
export const OWN_FEEDBACK_MESSAGE = 'You can\u2019t answer your own feedback request.';
export const ALREADY_ANSWERED_MESSAGE = 'You have already answered this feedback request. Each person can answer once.';
export const COOKIE_NEEDED_MESSAGE =
  'Please allow cookies for this site and send your answer again: a shared feedback link takes one answer per person, and a cookie is how we tell.';

export interface Respondent {
  /** The browser's feedback cookie (random, set by the page or the config call), if it sent one. */
  browserKey: string | null;
  /** The signed-in viewer, if any. */
  viewerUserId: number | null;
}

export const NO_RESPONDENT: Respondent = { browserKey: null, viewerUserId: null };


const browserHash = (ownerId: number, key: string | null) =>
  key && isTokenShaped(key) ? hashToken(`feedback:${ownerId}:browser:${key}`) : null;
const userHash = (ownerId: number, userId: number | null) => (userId ? hashToken(`feedback:${ownerId}:user:${userId}`) : null);

/** The hashed keys this respondent is known by for this learner (none for an anonymous caller without the cookie). */
export function respondentKeys(ownerId: number, r: Respondent): string[] {
  return [browserHash(ownerId, r.browserKey), userHash(ownerId, r.viewerUserId)].filter((k): k is string => k !== null);
}

/**
 * Refuses the learner themself, and (for the shared link, `once`) a respondent who already
 * answered. A learner signed in on their own link marks that browser, so signing out there does
 * not make them a respondent either.
 */
export async function checkRespondent(db: Db, ownerId: number, r: Respondent, opts: { once: boolean }): Promise<void> {
  if (r.viewerUserId === ownerId) {
    const browser = browserHash(ownerId, r.browserKey);
    if (browser) {
      await db
        .insertInto('feedback_respondents')
        .values({ user_id: ownerId, key_hash: browser, role: 'owner' })
        .onConflict((oc) => oc.columns(['user_id', 'key_hash']).doUpdateSet({ role: 'owner' }))
        .execute();
    }
    throw new DomainError('forbidden', OWN_FEEDBACK_MESSAGE);
  }
  const keys = respondentKeys(ownerId, r);
  if (!keys.length) return;
  const rows = await db.selectFrom('feedback_respondents').select('role').where('user_id', '=', ownerId).where('key_hash', 'in', keys).execute();
  if (rows.some((row) => row.role === 'owner')) throw new DomainError('forbidden', OWN_FEEDBACK_MESSAGE);
  if (opts.once && rows.length) throw new DomainError('conflict', ALREADY_ANSWERED_MESSAGE);
}

/**
 * In the answer's transaction, for the shared link: records the respondent. A key already there
 * (a second answer, or two at once from the same browser) refuses the answer, and the transaction
 * rolls back; a caller with no key at all is asked to allow the cookie.
 */
export async function recordRespondent(trx: Db, ownerId: number, r: Respondent): Promise<void> {
  const keys = respondentKeys(ownerId, r);
  if (!keys.length) throw new DomainError('invalid', COOKIE_NEEDED_MESSAGE);
  const inserted = await trx
    .insertInto('feedback_respondents')
    .values(keys.map((key_hash) => ({ user_id: ownerId, key_hash, role: 'answer' as const })))
    .onConflict((oc) => oc.columns(['user_id', 'key_hash']).doNothing())
    .returning('key_hash')
    .execute();
  if (inserted.length < keys.length) {
    await checkRespondent(trx, ownerId, r, { once: true });
    throw new DomainError('conflict', ALREADY_ANSWERED_MESSAGE);
  }
}
