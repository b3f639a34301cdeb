import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { DomainError } from './errors';

/**
 * Outbound fetches of user-given URLs (link previews) are hostile (conventions 16; Discourse's
 * FinalDestination, Mastodon's Request): only http/https on ports 80/443; the host is resolved and
 * EVERY address checked (isPublicAddress: public unicast only, IPv6 forms that embed an IPv4 address
 * judged by it or refused); the connection is made to
 * the checked address (our own lookup hands the socket that address, so a DNS answer cannot change
 * between check and connect); at most 3 redirects, each checked again; 5 s to connect, 10 s in all;
 * the body capped at 1 MB; only the content types asked for.
 */
export interface SafeFetchOptions {
  maxRedirects?: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBytes?: number;
  /** Accepted content types (the part before ';'), e.g. ['text/html']. */
  accept?: string[];
  /** Tests only: which ports and addresses are allowed (defaults: 80/443, public unicast). */
  allowedPorts?: number[];
  isAllowedAddress?: (address: string) => boolean;
  /** GET unless said (identity providers' token endpoints take a POST; a POST is never redirected). */
  method?: 'GET' | 'POST';
  /** Request headers, over the defaults (user-agent, accept: text/html). */
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface SafeFetchResult {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

export const BLOCKED_URL = 'This address cannot be fetched.';

/**
 * A public unicast address; everything else is refused. IPv4: ipaddr.js's 'unicast' range only (no
 * private, loopback, link-local/metadata, CGNAT, multicast, broadcast, benchmarking, documentation,
 * reserved). IPv6 is judged on the address as written, never converted first:
 * - the formats that carry an IPv4 address a gateway or the kernel will reach (IPv4-mapped
 *   ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged as that IPv4 address;
 * - IPv4-compatible ::/96 (deprecated, RFC 4291; includes :: and ::1), IPv4-translated
 *   ::ffff:0:0:0/96, local-use NAT64 64:ff9b:1::/48 and Teredo 2001::/32 are refused outright;
 * - anything else must be global unicast (2000::/3) and in no special range of ipaddr.js (which
 *   leaves out unique-local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8,
 *   documentation, benchmarking, ORCHID, discard-only 100::/64 and the other reserved blocks);
 * - a zone id (fe80::1%eth0) is refused.
 */
function parseIPv6(address: string): ipaddr.IPv6 | null {
  // ipaddr.js reads '::1.2.3.4' as IPv4-mapped (::ffff:1.2.3.4); the URL parser writes any IPv6
  // address as plain hex groups first ('::102:304'), which ipaddr.js then reads right.
  try {
    const hex = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    return ipaddr.IPv6.isValid(hex) ? ipaddr.IPv6.parse(hex) : null;
  } catch {
    return null;
  }
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6 || address.includes('%')) return false;
  const ip = parseIPv6(address);
  if (!ip) return false;
  const parts = ip.parts; // eight 16-bit groups
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const [p0, p1, p2, p3, p4, p5, p6, p7] = parts as [number, number, number, number, number, number, number, number];
  const zeroUpTo = (n: number) => parts.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && p5 === 0xffff) return v4(p6, p7).range() === 'unicast'; // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeroUpTo(6)) return false; // ::a.b.c.d (IPv4-compatible), ::, ::1
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) return v4(p6, p7).range() === 'unicast'; // NAT64 well-known prefix
  if (p0 === 0x2002) return v4(p1, p2).range() === 'unicast'; // 6to4 embeds the IPv4 router address
  if (p0 >> 13 !== 0b001) return false; // outside global unicast 2000::/3 (also 64:ff9b:1::/48, ::ffff:0:0:0/96)
  if (p0 === 0x2001 && p1 === 0) return false; // Teredo
  return ip.range() === 'unicast';
}

async function resolveChecked(hostname: string, isAllowed: (a: string) => boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) as 4 | 6 }] : await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (!addresses.length) throw new DomainError('invalid', BLOCKED_URL);
  // Every address must pass: a host answering one public and one private address is refused.
  for (const a of addresses) if (!isAllowed(a.address)) throw new DomainError('invalid', BLOCKED_URL);
  const first = addresses[0]!;
  return { address: first.address, family: first.family as 4 | 6 };
}

function checkUrl(raw: string, allowedPorts: number[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DomainError('invalid', 'URL is invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('invalid', BLOCKED_URL);
  if (url.username || url.password) throw new DomainError('invalid', BLOCKED_URL);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!allowedPorts.includes(port)) throw new DomainError('invalid', BLOCKED_URL);
  return url;
}

function requestOnce(url: URL, target: { address: string; family: 4 | 6 }, opts: Required<Pick<SafeFetchOptions, 'connectTimeoutMs' | 'maxBytes' | 'accept'>> & Pick<SafeFetchOptions, 'method' | 'headers' | 'body'>, deadline: number) {
  return new Promise<{ status: number; location?: string; contentType: string; body: Buffer; truncated: boolean }>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new DomainError('invalid', 'The address took too long to answer.'));
    const req = mod.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: {
          'user-agent': 'LedaLinkPreview/1.0',
          accept: 'text/html',
          ...opts.headers,
          'accept-encoding': 'identity',
          ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
        },
        // Connect to the checked address, whatever DNS says now; Host and SNI stay the URL's name.
        lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (options?.all) cb(null, [{ address: target.address, family: target.family }]);
          else cb(null, target.address, target.family);
        }) as never,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType: '', body: Buffer.alloc(0), truncated: false });
          return;
        }
        const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!opts.accept.includes(contentType)) {
          res.destroy();
          reject(new DomainError('invalid', 'The address did not answer with a web page.'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = opts.maxBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            truncated = true;
            res.destroy();
            resolve({ status, contentType, body: Buffer.concat(chunks), truncated });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks), truncated }));
        res.on('error', (err) => (truncated ? undefined : reject(err)));
      },
    );
    const total = setTimeout(() => req.destroy(new DomainError('invalid', 'The address took too long to answer.')), remaining);
    const connect = setTimeout(() => req.destroy(new DomainError('invalid', 'The address took too long to answer.')), opts.connectTimeoutMs);
    req.on('socket', (socket) => {
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connect));
    });
    req.on('error', (err) => reject(err instanceof DomainError ? err : new DomainError('invalid', 'The address could not be reached.')));
    req.on('close', () => {
      clearTimeout(total);
      clearTimeout(connect);
    });
    req.end(opts.body);
  });
}

export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const opts = {
    maxRedirects: options.maxRedirects ?? 3,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    totalTimeoutMs: options.totalTimeoutMs ?? 10_000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    accept: options.accept ?? ['text/html'],
    allowedPorts: options.allowedPorts ?? [80, 443],
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
    method: options.method,
    headers: options.headers,
    body: options.body,
  };
  const deadline = Date.now() + opts.totalTimeoutMs;
  let url = checkUrl(rawUrl, opts.allowedPorts);
  for (let hop = 0; ; hop++) {
    const target = await resolveChecked(url.hostname, opts.isAllowedAddress);
    const res = await requestOnce(url, target, opts, deadline);
    if (res.location === undefined) return { url: url.toString(), status: res.status, contentType: res.contentType, body: res.body, truncated: res.truncated };
    if (hop >= opts.maxRedirects || opts.method === 'POST') throw new DomainError('invalid', 'The address redirects too many times.');
    url = checkUrl(new URL(res.location, url).toString(), opts.allowedPorts);
  }
}
