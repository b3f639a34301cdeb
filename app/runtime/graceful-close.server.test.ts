import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { connectionCloseWhile, gracefulClose } from './graceful-close.server';

/**
 * SIGTERM with a slow request in flight: the write it committed reaches its client, new
 * connections are refused, and a request slower than the drain window is cut at the window.
 */
function slowServer(delayMs: number) {
  let draining = false;
  const mark = connectionCloseWhile(() => draining);
  const server = http.createServer((req, res) => {
    mark(req, res, async () => {
      const key = new URL(req.url ?? '/', 'http://x').searchParams.get('key')!;
      // A committed write, then a slow answer.
      await getDb()
        .insertInto('rate_limits')
        .values({ key: `drain:${key}`, points: 1, expires_at: sql<Date>`now() + interval '1 hour'` })
        .execute();
      setTimeout(() => res.end(JSON.stringify({ saved: key })), delayMs);
    });
  });
  return {
    server,
    startDraining: () => {
      draining = true;
    },
  };
}

async function listen(server: http.Server) {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: new http.Agent({ keepAlive: true }) }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('graceful close (SIGTERM)', () => {
  it('lets a slow request in flight finish: its committed write reaches the client; new connections are refused', async () => {
    const { server, startDraining } = slowServer(600);
    const port = await listen(server);
    const key = randomBytes(4).toString('hex');
    const inFlight = get(port, `/?key=${key}`);
    await new Promise((r) => setTimeout(r, 150)); // the request is being handled
    startDraining();
    const started = Date.now();
    const closing = gracefulClose(server, { drainMs: 5000 });

    await expect(get(port, '/?key=late')).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ saved: key }) });
    expect(await closing).toBe(true);
    // It closed as soon as the request finished, not at the end of the 5 s window (a loaded machine may take ~3 s).
    expect(Date.now() - started).toBeLessThan(5000);
    const rows = await getDb().selectFrom('rate_limits').select('key').where('key', '=', `drain:${key}`).execute();
    expect(rows).toHaveLength(1);
  });

  it('cuts a request slower than the drain window, at the window', async () => {
    const { server, startDraining } = slowServer(10_000);
    const port = await listen(server);
    const inFlight = get(port, `/?key=${randomBytes(4).toString('hex')}`).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 150));
    startDraining();
    const started = Date.now();
    let cut = -1;
    expect(await gracefulClose(server, { drainMs: 300, onTimeout: (open) => (cut = open) })).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(cut).toBe(1);
    expect(await inFlight).toBeInstanceOf(Error);
  });
});
