import { dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from '@modules/shared/errors';

/**
 * Common passwords are refused wherever a password is set (reset, create, /api/auth/resetPassword,
 * and the profile password change through setUserPassword). The list is zxcvbn-ts's common-password
 * dictionary (about 49,000 entries from leaked-password frequency lists), loaded on the server only,
 * once, into a Set; the check ignores case.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose a different one.';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  const lower = password.toLowerCase();
  return common.has(lower) || common.has(lower.trim());
}

/** Throws an 'invalid' DomainError with the message when the password is a common one. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new DomainError('invalid', COMMON_PASSWORD_MESSAGE);
}
