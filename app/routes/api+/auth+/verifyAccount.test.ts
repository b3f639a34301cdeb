import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createOneTimeToken } from '@modules/identity/index.server';
import { action, loader } from './verifyAccount';
import * as authenticate from './authenticate';
import { args, getRequest, jsonRequest, run, type ApiAnswer } from '../../../../tests/support/remix';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { makeUser } from '../../../../tests/support/factories';

const FAILED = 'Sorry, something went wrong.';
/** What the inline handler answers (apiRoute answers untyped JSON). */
const post = (body: unknown) => run<ApiAnswer<{ token: string | null; isLocked?: boolean }>>(() => action(args(jsonRequest('/api/auth/verifyAccount', body))));

describe('POST /api/auth/verifyAccount', () => {
  it('verifies the account and answers a session token; the token then works once only', async () => {
    const u = await makeUser({ withPassword: false });
    const token = await createOneTimeToken(getDb(), u.userId, 'verify-account');
    const res = await post({ token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ token: expect.stringMatching(/^[a-z0-9]{20,}$/) });
    const row = await getDb().selectFrom('users').select('is_verified').where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.is_verified).toBe(true);
    const who = await run<ApiAnswer<SessionStartPayload>>(() => authenticate.action(args(jsonRequest('/api/auth/authenticate', {}, { token: res.data.token ?? undefined }))));
    expect(who.data.user?.userId).toBe(u.userId);

    const again = await post({ token });
    expect(again.status).toBe(410);
    expect(again.data).toEqual({ errorMsg: FAILED });
  });

  it('an unknown token, or a token of another kind, answers 410 with the failure message', async () => {
    const u = await makeUser();
    const reset = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    for (const token of ['no-such-token-anywhere-at-all', reset, '<script>']) {
      const res = await post({ token });
      expect(res.status).toBe(410);
      expect(res.data.errorMsg).toBe(FAILED);
    }
  });

  it('refuses bad input with 400 and errorMsg, GET with 405, malformed JSON with 400', async () => {
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.data.errorMsg).toMatch(/^token: /);
    const wrongType = await post({ token: 12345 });
    expect(wrongType.status).toBe(400);
    expect((await run(() => loader(args(getRequest('/api/auth/verifyAccount'))))).status).toBe(405);
    const malformed = await post('{"token":');
    expect(malformed.status).toBe(400);
    expect(malformed.data.errorMsg).toBeTruthy();
  });
});
