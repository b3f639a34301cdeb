import { sql } from 'kysely';
import {
  DomainError,
  emailLayout,
  LINK_REMOVED,
  loadEnv,
  logger,
  rateLimiter,
  registerOneTimeLink,
  sendEmail,
  tryConsume,
  type Db,
} from '@modules/shared/index.server';
import { DAY, HOUR, MINUTE } from '@modules/shared/clock';
import { hashToken, isTokenShaped, mintToken, policy, type PolicyUser } from '@modules/identity/index.server';
import { getReferenceData } from '@modules/catalogue/index.server';
import {
  ADDITIONAL_COMMENT,
  FEEDBACK_LINK_EXPIRED,
  FEEDBACK_SAME_SKILL_MESSAGE,
  FEEDBACK_SKILL_URL_IDS,
  FEEDBACK_SKILLS_MESSAGE,
  FEEDBACK_SKILLS_PER_SECTION,
} from './constants';
import { checkRespondent, COOKIE_NEEDED_MESSAGE, NO_RESPONDENT, recordRespondent, respondentKeys, type Respondent } from './peer-feedback-respondents.server';

/**
 * Peer feedback (learner-app 3, 4, 5, 7, 9; public-site 4, 5, 7, 8; docs/decisions/202-205, 240).
 *
 * A learner asks a contact by email, or shares a copied public link; a colleague opens
 * /user-feedback/{token} without signing in and picks 2 of the 6 feedback skills done well and 2 to
 * improve, with an optional comment. Tokens are 256 random bits, stored as their SHA-256 (identity's
 * hashToken), and expire; a contact's link is answered once, the public link once per browser or
 * signed-in colleague, and never by the learner themself (peer-feedback-respondents). The emailed
 * link is minted when the email is delivered (decision 112), so no stored email holds a usable link.
 */
export const FEEDBACK_REQUEST_WAIT_MS = 14 * DAY;
export const FEEDBACK_TOKEN_TTL_MS = 30 * DAY;
/** Feedback request emails one learner may send a day (the mailer is not an open relay). */
export const FEEDBACK_REQUESTS_PER_DAY = 20;
export const MAX_CONTACTS = 200;
/** Public feedback answers per client address, like the other public forms. */
export const FEEDBACK_ANSWERS_PER_WINDOW = 10;
export const FEEDBACK_ANSWER_WINDOW_SECONDS = 10 * 60;

export const FEEDBACK_REQUEST_KIND = 'feedback-request';
export const CONTACT_NOT_FOUND = 'This contact is no longer in your list.';
export const OWN_EMAIL_MESSAGE = 'You cannot ask yourself for feedback. Enter a colleague\u2019s email address.';
export const TOO_MANY_REQUESTS = 'You have sent a lot of feedback requests today. Please try again tomorrow.';
export const TOO_MANY_CONTACTS = `You can keep up to ${MAX_CONTACTS} contacts. Delete some before adding more.`;
export const ANSWERS_RATE_LIMITED = 'Too many answers from your network. Please wait a few minutes and try again.';

export interface UserContact {
  userContactId: number;
  email: string;
  lastFeedbackRequestAt: string | null;
}

export interface FeedbackSkill {
  skillId: number;
  urlId: string;
  name: string;
  overview: string;
}

export interface FeedbackConfig {
  skills: FeedbackSkill[];
  userName: string;
}

export interface SkillRating {
  skillId: number;
  rating: 1 | -1;
}
export interface FeedbackAnswer {
  questionIdentifier: string;
  value: string;
}
export interface FeedbackInput {
  answers: FeedbackAnswer[];
  skillRatings: SkillRating[];
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toContact = (r: { id: number; email: string; last_feedback_request_at: Date | null }): UserContact => ({
  userContactId: r.id,
  email: r.email,
  lastFeedbackRequestAt: iso(r.last_feedback_request_at),
});

/** Whether this user may use peer feedback at all (members of an organisation; decision 203). */
function requireFeedbackUser(user: PolicyUser) {
  if (!policy.canUsePeerFeedback(user)) throw new DomainError('forbidden', 'You do not have permission to do that.');
}

/** The 6 feedback skills from the catalogue, in the spec's order (skills missing from the catalogue are left out). */
export async function feedbackSkills(db: Db): Promise<FeedbackSkill[]> {
  const ref = await getReferenceData(db);
  const byUrl = new Map(ref.capabilities.flatMap((c) => c.skillGroups.flatMap((g) => g.skills)).map((s) => [s.urlId, s]));
  return FEEDBACK_SKILL_URL_IDS.flatMap((u) => {
    const s = byUrl.get(u);
    return s ? [{ skillId: s.skillId, urlId: s.urlId, name: s.name, overview: s.overview }] : [];
  });
}

// ---- Contacts ----

/** The user's contacts, most recently asked first. */
export async function listContacts(db: Db, user: PolicyUser): Promise<UserContact[]> {
  requireFeedbackUser(user);
  const rows = await db
    .selectFrom('user_contacts')
    .select(['id', 'email', 'last_feedback_request_at'])
    .where('user_id', '=', user.userId)
    .orderBy(sql`last_feedback_request_at desc nulls last`)
    .orderBy('id', 'desc')
    .limit(MAX_CONTACTS)
    .execute();
  return rows.map(toContact);
}

/** Deletes one of the user's own contacts; anyone else's (or a missing one) is 'not found'. Answers the list left. */
export async function deleteContact(db: Db, user: PolicyUser, userContactId: number): Promise<UserContact[]> {
  requireFeedbackUser(user);
  const row = await db.selectFrom('user_contacts').select(['id', 'user_id']).where('id', '=', userContactId).executeTakeFirst();
  if (!row || !policy.canManageFeedbackContact(user, { userId: row.user_id })) throw new DomainError('not_found', CONTACT_NOT_FOUND);
  await db.deleteFrom('user_contacts').where('id', '=', row.id).execute();
  return listContacts(db, user);
}

/**
 * Undo of a deletion (decision 331): the contact comes back with the time it was last asked (never
 * later than now), so its 'Wait' comes back too. Nothing happens when the address is in the list
 * again already; the list's limit holds.
 */
export async function restoreContact(db: Db, user: PolicyUser, contact: { email: string; lastAskedAt?: string | undefined }, now = new Date()): Promise<void> {
  requireFeedbackUser(user);
  const asked = contact.lastAskedAt ? new Date(Math.min(new Date(contact.lastAskedAt).getTime(), now.getTime())) : null;
  const { n } = await db.selectFrom('user_contacts').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  if (n >= MAX_CONTACTS) throw new DomainError('conflict', TOO_MANY_CONTACTS);
  await db
    .insertInto('user_contacts')
    .values({ user_id: user.userId, email: contact.email.toLowerCase(), last_feedback_request_at: asked })
    .onConflict((oc) => oc.expression(sql`user_id, lower(email)`).doNothing())
    .execute();
}

/** Time left before a contact may be asked again (0 when it may be asked now). */
export function waitLeftMs(lastFeedbackRequestAt: string | Date | null, now = new Date()): number {
  if (!lastFeedbackRequestAt) return 0;
  return Math.max(0, new Date(lastFeedbackRequestAt).getTime() + FEEDBACK_REQUEST_WAIT_MS - now.getTime());
}

/** 'Wait' plus the remaining time, in the largest whole unit: 'Wait 13 days', 'Wait 5 hours', 'Wait 12 minutes'. */
export function waitLabel(ms: number): string {
  const unit = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (ms >= DAY) return `Wait ${unit(Math.ceil(ms / DAY), 'day')}`;
  if (ms >= HOUR) return `Wait ${unit(Math.ceil(ms / HOUR), 'hour')}`;
  return `Wait ${unit(Math.max(1, Math.ceil(ms / MINUTE)), 'minute')}`;
}

/** The same mailbox, ignoring case and a '+tag' (ada+1@x.org reaches ada@x.org): the learner asking themself. */
export function sameMailbox(a: string, b: string): boolean {
  const base = (e: string) => e.trim().toLowerCase().replace(/\+[^@]*@/, '@');
  return base(a) === base(b);
}

async function userName(db: Db, userId: number): Promise<string | null> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}`.trim() : null;
}

/**
 * Asks a contact (by email) for feedback: adds the contact if new, refuses one asked within the
 * last 2 weeks ('Wait' plus the time left), the user's own address, and more than
 * FEEDBACK_REQUESTS_PER_DAY requests a day; then emails the link. Answers the contact.
 */
export async function requestContactFeedback(db: Db, user: PolicyUser, email: string, now = new Date()): Promise<UserContact> {
  requireFeedbackUser(user);
  const address = email.trim().toLowerCase();
  const me = await db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', user.userId).executeTakeFirstOrThrow();
  if (sameMailbox(me.email, address)) throw new DomainError('invalid', OWN_EMAIL_MESSAGE);
  const existing = await db
    .selectFrom('user_contacts')
    .select(['id', 'email', 'last_feedback_request_at'])
    .where('user_id', '=', user.userId)
    .where(sql<boolean>`lower(email) = ${address}`)
    .executeTakeFirst();
  const left = waitLeftMs(existing?.last_feedback_request_at ?? null, now);
  if (left > 0) throw new DomainError('conflict', `You asked ${address} recently. ${waitLabel(left)} before asking again.`);
  if (!existing) {
    const { n } = await db.selectFrom('user_contacts').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    if (n >= MAX_CONTACTS) throw new DomainError('conflict', TOO_MANY_CONTACTS);
  }
  if (!(await tryConsume(rateLimiter('feedback-request', FEEDBACK_REQUESTS_PER_DAY, 24 * 3600), [`user:${user.userId}`]))) {
    throw new DomainError('rate_limited', TOO_MANY_REQUESTS);
  }
  const row = await db
    .insertInto('user_contacts')
    .values({ user_id: user.userId, email: address, last_feedback_request_at: now })
    .onConflict((oc) => oc.expression(sql`user_id, lower(email)`).doUpdateSet({ last_feedback_request_at: now }))
    .returning(['id', 'email', 'last_feedback_request_at'])
    .executeTakeFirstOrThrow();
  const name = `${me.first_name} ${me.last_name}`.trim();
  await sendEmail(db, requestEmail(address, name, user.userId, row.id, now));
  return toContact(row);
}

/** The subject of every feedback-request email (issue 8): never the requester's free-text name. */
export const FEEDBACK_REQUEST_SUBJECT = 'A colleague would like your feedback on Leda';

function requestEmail(to: string, requesterName: string, userId: number, contactId: number, at: Date) {
  const url = `${loadEnv().PUBLIC_URL}/user-feedback/${LINK_REMOVED}`;
  const paragraphs = [
    `${requesterName} is working on their leadership and soft skills with Leda and would value your honest feedback.`,
    'It takes about two minutes: pick two skills they do well and two they could improve, and add a comment if you like. Your answer is anonymous, and results are only shown once several people have answered.',
    `The link works once and expires in ${FEEDBACK_TOKEN_TTL_MS / DAY} days.`,
  ];
  return {
    to,
    // A fixed subject: the requester's name is free text, and this goes to any outside address.
    subject: FEEDBACK_REQUEST_SUBJECT,
    html: emailLayout({ heading: `Feedback for ${requesterName}`, paragraphs, action: { label: 'Give feedback', url } }),
    text: `${paragraphs.join('\n\n')}\n\n${url}`,
    kind: FEEDBACK_REQUEST_KIND,
    // The minter reads the requester from this key (the stored email holds no link).
    key: `${FEEDBACK_REQUEST_KIND}:${userId}:${contactId}:${at.getTime()}`,
  };
}

// ---- Tokens ----

async function createFeedbackToken(db: Db, userId: number, kind: 'contact' | 'public'): Promise<string> {
  const { token, tokenHash } = mintToken();
  await db
    .insertInto('feedback_tokens')
    .values({ token_hash: tokenHash, user_id: userId, kind, expires_at: new Date(Date.now() + FEEDBACK_TOKEN_TTL_MS) })
    .execute();
  return token;
}

/**
 * The emailed link is minted at delivery (decision 112): the requester is read from the email's
 * message key (`feedback-request:<userId>:<contactId>:<time>`; delivery passes the whole stored row).
 * No such user any more: the email is cancelled.
 */
export async function mintRequestLink(db: Db, email: { recipient: string; kind: string; message_key?: string }) {
  const userId = Number(/^feedback-request:(\d+):/.exec(email.message_key ?? '')?.[1]);
  if (!Number.isInteger(userId) || userId < 1) return null;
  // An erased account (decision 262) asks nobody for feedback any more.
  const exists = await db.selectFrom('users').select('id').where('id', '=', userId).where('erased_at', 'is', null).executeTakeFirst();
  if (!exists) return null;
  return { token: await createFeedbackToken(db, userId, 'contact') };
}
registerOneTimeLink(FEEDBACK_REQUEST_KIND, mintRequestLink);

/** A fresh public link's token for the user (getPublicFeedbackToken); older links keep working until they expire. */
export async function createPublicFeedbackToken(db: Db, user: PolicyUser): Promise<{ token: string; expiresAt: string }> {
  requireFeedbackUser(user);
  const token = await createFeedbackToken(db, user.userId, 'public');
  return { token, expiresAt: new Date(Date.now() + FEEDBACK_TOKEN_TTL_MS).toISOString() };
}


async function liveToken(db: Db, token: string) {
  if (!isTokenShaped(token)) return undefined;
  return db
    .selectFrom('feedback_tokens')
    .select(['id', 'user_id', 'kind'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * getUserFeedbackConfig: the skills and the name of the person asking; 'Sorry, this feedback link
 * has expired.' otherwise. The learner themself is refused (403, and a browser they open it in while
 * signed in is marked), as is a browser or colleague who already answered the shared link (409).
 */
export async function getFeedbackConfig(db: Db, token: string, respondent: Respondent = NO_RESPONDENT): Promise<FeedbackConfig> {
  const row = await liveToken(db, token);
  const name = row ? await userName(db, row.user_id) : null;
  if (!row || name === null) throw new DomainError('not_found', FEEDBACK_LINK_EXPIRED);
  await checkRespondent(db, row.user_id, respondent, { once: row.kind === 'public' });
  return { skills: await feedbackSkills(db), userName: name };
}

/** Checks a feedback: exactly 2 of the feedback skills in each section, never the same skill in both. */
export function checkSkillRatings(ratings: SkillRating[], skills: FeedbackSkill[]): { good: number[]; bad: number[] } {
  const known = new Set(skills.map((s) => s.skillId));
  const good = [...new Set(ratings.filter((r) => r.rating === 1).map((r) => r.skillId))];
  const bad = [...new Set(ratings.filter((r) => r.rating === -1).map((r) => r.skillId))];
  const ok = (ids: number[]) => ids.length === FEEDBACK_SKILLS_PER_SECTION && ids.every((id) => known.has(id));
  if (!ok(good) || !ok(bad)) throw new DomainError('invalid', FEEDBACK_SKILLS_MESSAGE);
  if (good.some((id) => bad.includes(id))) throw new DomainError('invalid', FEEDBACK_SAME_SKILL_MESSAGE);
  return { good, bad };
}

/**
 * submitUserFeedback: stores one anonymous answer for the link's owner, from a distinct respondent
 * (decision 240). The learner themself is refused. A contact's link is used up (atomically, so a
 * double submit stores one answer); the public link takes one answer per browser and per signed-in
 * colleague (a caller without the cookie is asked to allow it). Rate limited per client address like
 * the other public forms. The answer keeps no trace of the link, contact or respondent.
 */
export async function submitFeedback(
  db: Db,
  token: string,
  feedback: FeedbackInput,
  ctx: { clientIp: string; respondent?: Respondent },
): Promise<void> {
  const row = await liveToken(db, token);
  if (!row) throw new DomainError('not_found', FEEDBACK_LINK_EXPIRED);
  const respondent = ctx.respondent ?? NO_RESPONDENT;
  await checkRespondent(db, row.user_id, respondent, { once: row.kind === 'public' });
  if (row.kind === 'public' && !respondentKeys(row.user_id, respondent).length) throw new DomainError('invalid', COOKIE_NEEDED_MESSAGE);
  const { good, bad } = checkSkillRatings(feedback.skillRatings, await feedbackSkills(db));
  const limiter = rateLimiter('user-feedback', FEEDBACK_ANSWERS_PER_WINDOW, FEEDBACK_ANSWER_WINDOW_SECONDS);
  if (!(await tryConsume(limiter, [`ip:${ctx.clientIp}`]))) throw new DomainError('rate_limited', ANSWERS_RATE_LIMITED);
  const comment =
    feedback.answers
      .filter((a) => a.questionIdentifier === ADDITIONAL_COMMENT)
      .map((a) => a.value.trim())
      .find((v) => v !== '') ?? null;
  await db.transaction().execute(async (trx) => {
    if (row.kind === 'contact') {
      const used = await trx.updateTable('feedback_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).returning('id').executeTakeFirst();
      if (!used) throw new DomainError('not_found', FEEDBACK_LINK_EXPIRED);
    } else {
      await recordRespondent(trx, row.user_id, respondent);
    }
    const { id } = await trx.insertInto('feedback_responses').values({ user_id: row.user_id, comment }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('feedback_response_skills')
      .values([...good.map((skill_id) => ({ response_id: id, skill_id, rating: 1 })), ...bad.map((skill_id) => ({ response_id: id, skill_id, rating: -1 }))])
      .execute();
  });
  logger().info({ userId: row.user_id, kind: row.kind }, 'peer feedback answered');
}

/** Housekeeping: feedback tokens expired for over a day are deleted. */
export async function pruneFeedbackTokens(db: Db): Promise<number> {
  const r = await db.deleteFrom('feedback_tokens').where('expires_at', '<', new Date(Date.now() - DAY)).executeTakeFirst();
  return Number(r.numDeletedRows);
}
