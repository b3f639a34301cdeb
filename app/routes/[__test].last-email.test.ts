import { afterEach, describe, expect, it } from 'vitest';
import { getDb, sendEmail } from '@modules/shared/index.server';
import { resetEnvCache } from '@modules/shared/env.server';
import { loader } from './[__test].last-email';
import { args, getRequest, run } from '../../tests/support/remix';

const open = (to: string) => run<string>(() => loader(args(getRequest(`/__test/last-email?to=${encodeURIComponent(to)}`))));

async function mail(to: string, subject: string, html: string) {
  await sendEmail(getDb(), { to, subject, html, kind: 'test', key: `test:${to}:${subject}:${Math.random()}` });
}

describe('/__test/last-email (browser-test hook)', () => {
  afterEach(() => {
    delete process.env.E2E_TEST_HOOKS;
    process.env.APP_ENV = 'development';
    resetEnvCache();
  });

  it('is a 404 without E2E_TEST_HOOKS=1, even in development and with an email stored', async () => {
    await mail('hidden@example.test', 'Secret', '<p>secret link</p>');
    for (const flag of [undefined, '0', 'true']) {
      if (flag === undefined) delete process.env.E2E_TEST_HOOKS;
      else process.env.E2E_TEST_HOOKS = flag;
      const res = await open('hidden@example.test');
      expect(res.status).toBe(404);
      expect(res.data).not.toContain('secret');
    }
  });

  it('is a 404 outside development even with the flag', async () => {
    await mail('prod@example.test', 'Secret', '<p>secret link</p>');
    process.env.E2E_TEST_HOOKS = '1';
    for (const appEnv of ['production', 'staging']) {
      process.env.APP_ENV = appEnv;
      resetEnvCache();
      const res = await open('prod@example.test');
      expect(res.status).toBe(404);
      expect(res.data).not.toContain('secret');
    }
  });

  it('with the flag in development, shows the newest email for the recipient (any case), 404 for none', async () => {
    process.env.E2E_TEST_HOOKS = '1';
    await mail('reader@example.test', 'First', '<p>first</p>');
    await mail('reader@example.test', 'Second', '<p>second <a href="http://localhost:3000/x">link</a></p>');
    await mail('other@example.test', 'Third', '<p>someone else</p>');
    const res = await open('Reader@Example.test');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.data).toContain('second');
    expect(decodeURIComponent(res.headers.get('x-email-subject') ?? '')).toBe('Second');
    expect((await open('nobody@example.test')).status).toBe(404);
    expect((await run(() => loader(args(getRequest('/__test/last-email'))))).status).toBe(404);
  });
});
