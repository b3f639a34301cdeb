import { describe, expect, it } from 'vitest';
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { DomainError } from '@modules/shared/index.server';
import { attempt, formRefusal, orErrorPage, orNotFoundPage, orRefusal, refusal } from './domain-error.server';

/** What data() carries: its body and status. */
const unpack = (d: unknown) => d as { data: unknown; init: { status?: number } | null };

const submission = () => {
  const form = new FormData();
  form.set('email', 'a@example.com');
  form.set('password', 'secret-secret');
  return parseWithZod(form, { schema: z.object({ email: z.string(), password: z.string() }) });
};

describe('the one way a screen meets a DomainError', () => {
  it('attempt hands back the value, or the DomainError, and rethrows anything else', async () => {
    expect(await attempt(async () => 7)).toEqual({ ok: true, value: 7 });
    const refused = new DomainError('conflict', 'Taken.');
    expect(await attempt(() => Promise.reject(refused))).toEqual({ ok: false, error: refused });
    const bug = new TypeError('x is undefined');
    await expect(attempt(() => Promise.reject(bug))).rejects.toBe(bug);
    const redirect = new Response(null, { status: 303 });
    await expect(attempt(() => Promise.reject(redirect))).rejects.toBe(redirect);
  });

  it('formRefusal answers conform’s reply with the message on the form or a field, with the error’s status', () => {
    const onForm = unpack(formRefusal(submission(), new DomainError('forbidden', 'Not yours.'), { hideFields: ['password'] }));
    expect(onForm.init?.status).toBe(403);
    expect(onForm.data).toMatchObject({ status: 'error', error: { '': ['Not yours.'] } });
    expect(JSON.stringify(onForm.data)).not.toContain('secret-secret');
    const onField = unpack(formRefusal(submission(), new DomainError('conflict', 'urlId: Taken.'), { field: 'email', message: 'Taken.' }));
    expect(onField.init?.status).toBe(409);
    expect(onField.data).toMatchObject({ error: { email: ['Taken.'] } });
  });

  it('refusal and orRefusal answer the screen’s own keys with the error’s status', async () => {
    const e = new DomainError('rate_limited', 'Slow down.');
    expect(unpack(refusal(e, { error: e.message }))).toMatchObject({ data: { error: 'Slow down.' }, init: { status: 429 } });
    expect(
      await orRefusal(
        async () => 'done',
        () => ({}),
      ),
    ).toBe('done');
    expect(
      unpack(
        await orRefusal(
          () => Promise.reject(e),
          (x) => ({ formError: x.message }),
        ),
      ),
    ).toMatchObject({ data: { formError: 'Slow down.' }, init: { status: 429 } });
  });

  it('orErrorPage throws the message and status as a page; orNotFoundPage makes any refusal a 404', async () => {
    const thrown = await orErrorPage(() => Promise.reject(new DomainError('not_found', 'That notification was not found.'))).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).text()).toBe('That notification was not found.');
    expect(await orErrorPage(async () => 1)).toBe(1);
    const locked = await orNotFoundPage(() => Promise.reject(new DomainError('locked', 'Locked.'))).catch((r: unknown) => r);
    expect((locked as Response).status).toBe(404);
  });
});
