import { describe, expect, it, vi } from 'vitest';
import { logger } from '@modules/shared/index.server';
import { loader, action } from './$';
import { args, getRequest, jsonRequest, run, ORIGIN } from '../../../tests/support/remix';

/** Unknown /api paths: a JSON 404 with errorMsg for every method, and one log line, no stack trace. */
describe('unknown /api paths', () => {
  it('answer a JSON 404 with errorMsg for GET, POST, PUT, PATCH, DELETE and OPTIONS', async () => {
    const info = vi.spyOn(logger(), 'info');
    const error = vi.spyOn(logger(), 'error');
    const paths = ['/api/nope', '/api/auth/nope', '/api/feedback/submitSystemFeedback/extra', '/api/%E0%A4%A'];
    for (const path of paths) {
      const get = await run(() => loader(args(getRequest(path), { '*': path.slice(5) })));
      expect(get.status, `GET ${path}`).toBe(404);
      expect(get.headers.get('content-type'), `GET ${path}`).toContain('application/json');
      expect(get.data, `GET ${path}`).toEqual({ errorMsg: 'Unknown API path.' });
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await run(() => action(args(jsonRequest(path, { a: 1 }, { method }))));
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.data, `${method} ${path}`).toEqual({ errorMsg: 'Unknown API path.' });
      }
      const options = await run(() => action(args(new Request(`${ORIGIN}${path}`, { method: 'OPTIONS' }))));
      expect(options.status).toBe(404);
    }
    expect(info.mock.calls.filter((c) => c[1] === 'unknown /api path')).toHaveLength(paths.length * 6);
    expect(error).not.toHaveBeenCalled();
    info.mockRestore();
    error.mockRestore();
  });
});
