import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './errors';

describe('DomainError', () => {
  it('maps its code to an HTTP status and keeps the error it explains as its cause', () => {
    const low = new Error('duplicate key value violates unique constraint "users_email_key"');
    const e = new DomainError('conflict', 'This email address is already in use.', { cause: low });
    expect(isDomainError(e)).toBe(true);
    expect(e.status).toBe(409);
    expect(e.message).toBe('This email address is already in use.');
    expect(e.cause).toBe(low);
    expect(new DomainError('not_found', 'Not found.').cause).toBeUndefined();
  });
});
