import { data } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import { isDomainError, type DomainError } from '@modules/shared/index.server';
import { notFound } from './route-params.server';

/**
 * The one way a screen's action or loader meets a module's DomainError (issue 30 s.3, decision 342).
 * `attempt` runs the module call and hands back its value or the DomainError that refused it; anything
 * else (a redirect thrown on purpose, a bug) is rethrown untouched, so it still reaches the error
 * boundary. The error's own status and message are what the user is shown: `formRefusal` for a conform
 * form, `refusal` for a screen whose answer has its own keys. No route writes its own try/catch for it.
 */
export type Attempt<T> = { ok: true; value: T; error?: undefined } | { ok: false; value?: undefined; error: DomainError };

export async function attempt<T>(fn: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, error };
    throw error;
  }
}

type RefusedFormOptions = { field?: string; hideFields?: string[]; message?: string };

/** What formRefusal needs of conform's submission: its reply. */
interface Replies {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

/**
 * conform's reply for a refused form, with the error's message (or `message`, a screen's own wording
 * of it) on the form or on `field`, and the fields in `hideFields` emptied (passwords): the action-data
 * useLedaForm shows.
 */
export function refusedReply(submission: Replies, error: DomainError, opts: RefusedFormOptions = {}): SubmissionResult<string[]> {
  const messages = [opts.message ?? error.message];
  return submission.reply(opts.field ? { fieldErrors: { [opts.field]: messages }, hideFields: opts.hideFields } : { formErrors: messages, hideFields: opts.hideFields });
}

/** A refused conform form, answered with the error's status. */
export function formRefusal(submission: Replies, error: DomainError, opts: RefusedFormOptions = {}) {
  return data(refusedReply(submission, error, opts), { status: error.status });
}

/** A refused action whose screen reads its own keys (`body`, built around error.message), answered with the error's status. */
export function refusal<B>(error: DomainError, body: B, init: { headers?: HeadersInit } = {}) {
  return data(body, { status: error.status, headers: init.headers });
}

/** Runs an action's block: its answer, or for a DomainError `body(error)` answered with the error's status. */
export async function orRefusal<T, B>(fn: () => Promise<T>, body: (error: DomainError) => B, init: { headers?: HeadersInit } = {}) {
  const result = await attempt(fn);
  return result.ok ? result.value : refusal(result.error, body(result.error), init);
}

/** A module call where every refusal (missing, foreign, locked) is the plain 404 page: a journey that may not be read. */
export async function orNotFoundPage<T>(fn: () => Promise<T>): Promise<T> {
  const result = await attempt(fn);
  return result.ok ? result.value : notFound();
}

/** A loader's module call: a DomainError becomes a thrown plain-text Response with its message and status (the layout's error panel). */
export async function orErrorPage<T>(fn: () => Promise<T>): Promise<T> {
  const result = await attempt(fn);
  if (!result.ok) throw new Response(result.error.message, { status: result.error.status });
  return result.value;
}
