import type { AppLoadContext } from '@remix-run/node';
import { isTokenShaped, mintToken } from '@modules/identity/index.server';
import { loadEnv } from '@modules/shared/index.server';
import type { Respondent } from '@modules/social/index.server';
import { getOptionalUser } from '../../utils/session.server';

/**
 * Who is answering a feedback link (decision 240): the signed-in viewer, if any, and the browser's
 * feedback cookie, a random value the form page (and getUserFeedbackConfig) sets when it is missing.
 * The shared link takes one answer per cookie; an answer must come with the cookie it was given, so a
 * client that drops cookies cannot answer again and again.
 */
export const FEEDBACK_COOKIE = 'leda_feedback';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=') || null;
  }
  return null;
}

export interface FeedbackVisitor {
  /** For an answer: the cookie the browser sent (none: it is asked to allow cookies). */
  answering: Respondent;
  /** For showing the form: the cookie sent, or the one being set now. */
  viewing: Respondent;
  /** The Set-Cookie header when the browser had no valid cookie yet. */
  headers: Record<string, string>;
}

export async function feedbackVisitor(request: Request, context: AppLoadContext): Promise<FeedbackVisitor> {
  const sent = readCookie(request.headers.get('cookie'), FEEDBACK_COOKIE);
  const existing = sent && isTokenShaped(sent) ? sent : null;
  const viewerUserId = (await getOptionalUser(request, context))?.userId ?? null;
  // One new cookie per HTTP request: after a plain POST the action and the page's loader both run.
  const mintedEarlier = context.feedbackKey;
  const key = existing ?? mintedEarlier ?? mintToken().token;
  if (!existing && !mintedEarlier) context.feedbackKey = key;
  const secure = loadEnv().APP_ENV !== 'development' ? '; Secure' : '';
  return {
    answering: { browserKey: existing, viewerUserId },
    viewing: { browserKey: key, viewerUserId },
    headers: existing || mintedEarlier ? {} : { 'Set-Cookie': `${FEEDBACK_COOKIE}=${key}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}` },
  };
}
