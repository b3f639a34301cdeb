import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch } from './safe-fetch.server';

/**
 * The SSRF-safe fetch against local HTTP servers this test starts. With the default policy a
 * loopback server is never reached; the cap, timeout, type and redirect checks are shown by
 * letting this test's own 127.0.0.1 port through (the test hook), and nothing else.
 */
let server: http.Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const u = req.url ?? '/';
    if (u === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><meta property="og:title" content="Hello &lt;b&gt;there&lt;/b&gt;"></head></html>');
    } else if (u === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 20 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else if (u === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
      setTimeout(() => res.end('</html>'), 5_000);
    } else if (u === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    } else if (u === '/to-private') {
      res.writeHead(302, { location: 'http://10.0.0.7/secret' });
      res.end();
    } else if (u === '/to-mapped') {
      res.writeHead(302, { location: 'http://[::ffff:169.254.169.254]/latest/meta-data' });
      res.end();
    } else if (u.startsWith('/loop')) {
      const n = Number(u.slice(5) || 0);
      res.writeHead(302, { location: `/loop${n + 1}` });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The test hook: this server's port and 127.0.0.1 only. */
const local = () => ({ allowedPorts: [port], isAllowedAddress: (a: string) => a === '127.0.0.1' });

describe('safeFetch', () => {
  it('refuses loopback, private, link-local/metadata, CGNAT and IPv4-mapped addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c7:1946')).toBe(true);
  });

  it('judges every IPv6 form that carries an IPv4 address, and refuses the non-global IPv6 ranges', () => {
    const refused = [
      // IPv4-compatible ::/96 (deprecated): refused even around a public IPv4 address
      '::8.8.8.8',
      '::1.2.3.4',
      '::808:808',
      '::10.0.0.1',
      '::127.0.0.1',
      '::',
      // IPv4-mapped with a private address, IPv4-translated ::ffff:0:0:0/96
      '::ffff:192.168.0.1',
      '::ffff:0:8.8.8.8',
      // NAT64 with a private address, local-use NAT64
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::808:808',
      // 6to4 embedding a private or loopback address
      '2002:a00:1::1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
      // Teredo, site-local, unique-local, link-local, multicast, documentation, discard, ORCHID, benchmarking
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      'feff::1',
      'fd00::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      'ff0e::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      '2001:20::1',
      '2001:2::1',
      '4000::1',
      // IPv4 special ranges and non-dotted forms
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '127.1',
      '0x7f000001',
      'not-an-address',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1', '2606:4700::1111', '2001:4860:4860::8888']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it('a URL with an IPv4-compatible IPv6 literal is refused before any connection', async () => {
    hits.length = 0;
    await expect(safeFetch(`http://[::127.0.0.1]:${port}/page`, { allowedPorts: [port] })).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch('http://[::8.8.8.8]/')).rejects.toThrow('This address cannot be fetched.');
    expect(hits).toEqual([]);
  });

  it('a URL resolving to 127.0.0.1 is refused and the server is never reached', async () => {
    hits.length = 0;
    await expect(safeFetch(`http://127.0.0.1:${port}/page`, { allowedPorts: [port] })).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch(`http://localhost:${port}/page`, { allowedPorts: [port] })).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch(`http://[::ffff:127.0.0.1]:${port}/page`, { allowedPorts: [port] })).rejects.toThrow('This address cannot be fetched.');
    expect(hits).toEqual([]);
  });

  it('only http/https on ports 80/443', async () => {
    await expect(safeFetch('ftp://example.com/x')).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch('http://example.com:8080/x')).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch('http://user:pw@example.com/x')).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch('file:///etc/passwd')).rejects.toThrow('This address cannot be fetched.');
  });

  it('fetches an allowed page (the test hook) and refuses a redirect to a private or mapped metadata address', async () => {
    const ok = await safeFetch(`http://127.0.0.1:${port}/page`, local());
    expect(ok.body.toString()).toContain('og:title');
    hits.length = 0;
    await expect(safeFetch(`http://127.0.0.1:${port}/to-private`, local())).rejects.toThrow('This address cannot be fetched.');
    await expect(safeFetch(`http://127.0.0.1:${port}/to-mapped`, local())).rejects.toThrow('This address cannot be fetched.');
    expect(hits).toEqual(['/to-private', '/to-mapped']);
  });

  it('follows at most 3 redirects', async () => {
    hits.length = 0;
    await expect(safeFetch(`http://127.0.0.1:${port}/loop0`, local())).rejects.toThrow('The address redirects too many times.');
    expect(hits).toEqual(['/loop0', '/loop1', '/loop2', '/loop3']);
  });

  it('caps a huge body at 1 MB, gives up on a slow server, refuses a non-HTML answer', async () => {
    const big = await safeFetch(`http://127.0.0.1:${port}/huge`, local());
    expect(big.body.length).toBe(1024 * 1024);
    expect(big.truncated).toBe(true);
    const started = Date.now();
    await expect(safeFetch(`http://127.0.0.1:${port}/slow`, { ...local(), totalTimeoutMs: 500 })).rejects.toThrow('The address took too long to answer.');
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(safeFetch(`http://127.0.0.1:${port}/json`, local())).rejects.toThrow('The address did not answer with a web page.');
  });
});
