import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShaped, mintToken } from './tokens.server';

describe('tokens: one way to mint and hash', () => {
  it('mints 256 random bits as 43 base64url characters, with the SHA-256 that is stored', () => {
    const a = mintToken();
    const b = mintToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(createHash('sha256').update(a.token).digest('hex'));
    expect(hashToken(a.token)).toBe(a.tokenHash);
  });

  it('refuses what cannot be a token before any query', () => {
    expect(isTokenShaped(mintToken().token)).toBe(true);
    for (const bad of ['', 'short', 'a'.repeat(101), 'has space in it and is long enough', 'äöü'.repeat(10), '../../etc/passwd/abcdefghijk']) {
      expect(isTokenShaped(bad), bad).toBe(false);
    }
  });
});
