import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankSessionCookie, startSession } from './sessions.server';
import { createUser } from './directory.server';
import { getDb } from '@modules/shared/index.server';

/** The session cookie and the blank cookie logout sends: HttpOnly, SameSite=Lax, Path=/, Secure outside development. */
function attrs(setCookie: string) {
  const [, ...rest] = setCookie.split(';').map((s) => s.trim());
  return rest.map((a) => a.toLowerCase());
}

const appEnv = process.env.APP_ENV;
afterEach(() => {
  process.env.APP_ENV = appEnv;
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ in development (no Secure: plain http on localhost)', async () => {
    const userId = await createUser(getDb(), { email: `c-${Date.now()}@example.test`, firstName: 'C', lastName: 'K', organisationId: null });
    const { setCookie } = await startSession(userId);
    for (const cookie of [setCookie, blankSessionCookie()]) {
      const a = attrs(cookie);
      expect(a).toContain('httponly');
      expect(a).toContain('samesite=lax');
      expect(a).toContain('path=/');
      expect(a).not.toContain('secure');
    }
    expect(attrs(blankSessionCookie())).toContain('max-age=0');
  });

  it('is also Secure outside development, the blank logout cookie included', async () => {
    for (const env of ['staging', 'production']) {
      process.env.APP_ENV = env;
      vi.resetModules();
      const fresh = await import('./sessions.server');
      const a = attrs(fresh.blankSessionCookie());
      expect(a, env).toContain('secure');
      expect(a, env).toContain('httponly');
      expect(a, env).toContain('samesite=lax');
    }
  });
});
