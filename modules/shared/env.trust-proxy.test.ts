import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

/**
 * Issue 7, item 2: with no TRUST_PROXY, X-Forwarded-For is ignored (req.ip, which keys the per-IP
 * limits, is the socket address), so a client cannot pick its own IP. A named proxy may set it.
 */
async function ipSeenBy(trustProxy: string | undefined, headers: Record<string, string>) {
  const env = parseEnv({ TRUST_PROXY: trustProxy });
  const app = express();
  app.set('trust proxy', env.TRUST_PROXY);
  app.get('/', (req, res) => void res.json({ ip: req.ip, protocol: req.protocol, host: req.hostname }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return (await res.json()) as { ip: string; protocol: string; host: string };
  } finally {
    server.close();
  }
}

const SPOOF = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

describe('TRUST_PROXY', () => {
  it('unset: a spoofed X-Forwarded-For (and -Proto, -Host) is ignored', async () => {
    const seen = await ipSeenBy(undefined, SPOOF);
    expect(seen.ip).toMatch(/127\.0\.0\.1$/);
    expect(seen.protocol).toBe('http');
    expect(seen.host).toBe('127.0.0.1');
  });

  it('a named proxy (loopback here, or a hop count) may set the client address', async () => {
    expect((await ipSeenBy('loopback', SPOOF)).ip).toBe('203.0.113.9');
    expect((await ipSeenBy('1', SPOOF)).ip).toBe('203.0.113.9');
    expect((await ipSeenBy('10.0.0.0/8', SPOOF)).ip).toMatch(/127\.0\.0\.1$/);
  });

  it('parses hop counts and lists, and refuses anything else with a message naming the variable', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['yes', 'true', '*', '10.0.0.0/8; rm', 'evil.example']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
