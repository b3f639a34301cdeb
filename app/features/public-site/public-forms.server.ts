import type { PublicFormResult } from '@modules/admin/index.server';
import { apiError } from '../../utils/api.server';

/**
 * Shared answers of the public forms and /api/public paths: a refused honeypot is a 400 and a
 * rate limit a 429 (with the message), success is {}.
 */
export function publicFormAnswer(result: PublicFormResult) {
  if (result.status === 'ok') return {};
  throw apiError(result.status === 'rate_limited' ? 429 : 400, result.message);
}

export const publicFormStatus = (result: Exclude<PublicFormResult, { status: 'ok' }>) => (result.status === 'rate_limited' ? 429 : 400);

/** Tracking bodies are small: anything declared larger is a 400 before it is read. */
export function refuseOversized(request: Request, maxBytes: number): Response | null {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (Number.isFinite(length) && length > maxBytes) return apiError(400, 'The request is too large.');
  return null;
}
