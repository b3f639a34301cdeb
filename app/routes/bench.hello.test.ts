import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@modules/shared/index.server';
import { loader } from './bench.hello';

describe('/bench/hello (benchmark baseline)', () => {
  afterEach(() => {
    process.env.APP_ENV = 'development';
    resetEnvCache();
  });

  it('answers hello outside production', async () => {
    const res = loader();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
  });

  it('is a 404 in production', () => {
    process.env.APP_ENV = 'production';
    resetEnvCache();
    let thrown: unknown;
    try {
      loader();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
