import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT } from './logger.server';

/** The logger's redaction list: a secret logged by mistake comes out as [redacted]. */
describe('logger redaction', () => {
  it('hides session ids, tokens, passwords and cookies, at the top level and one level down', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const log = pino({ redact: { paths: REDACT, censor: '[redacted]' } }, sink);
    log.info({ token: 'tok-1', sessionId: 'sid-1', user: { password: 'pw-1', email: 'a@b.c' }, req: { headers: { cookie: 'leda_session=sid-2', 'x-access-token': 'sid-3' } } }, 'x');
    const out = lines.join('');
    for (const secret of ['tok-1', 'sid-1', 'pw-1', 'sid-2', 'sid-3']) expect(out).not.toContain(secret);
    expect(out).toContain('a@b.c');
  });
});
