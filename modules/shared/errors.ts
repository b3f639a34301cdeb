/**
 * Typed domain errors. Modules throw these; the /api helper and route actions map the
 * code to an HTTP status and show the message (never a stack trace).
 */
export type ErrorCode =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'locked'
  | 'gone';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  locked: 403,
  gone: 410,
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** `cause`: the error this one explains (a constraint violation, a failed fetch), kept for the logs. */
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
  }
  get status() {
    return STATUS[this.code];
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

export const GENERIC_ERROR = "We're sorry, something went wrong. Please wait a moment and try again.";
