import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { DomainError } from './errors';

/**
 * Outbound fetches of user-given URLs (link previews) are hostile (conventions 16; Discourse's
 * FinalDestination, Mastodon's Request): only http/https on ports 80/443; the host is resolved and
 * EVERY address checked (no private, loopback, link-local/metadata, CGNAT, multicast, reserved,
 * IPv6 unique-local, and IPv4-mapped IPv6 is judged as the IPv4 inside); the connection is made to
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
}

export interface SafeFetchResult {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

export const BLOCKED_URL = 'This address cannot be fetched.';

/** A public unicast address: everything else (private, loopback, link-local, metadata, mapped, reserved) is refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address); // ::ffff:10.0.0.1 is judged as 10.0.0.1
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

function requestOnce(url: URL, target: { address: string; family: 4 | 6 }, opts: Required<Pick<SafeFetchOptions, 'connectTimeoutMs' | 'maxBytes' | 'accept'>>, deadline: number) {
  return new Promise<{ status: number; location?: string; contentType: string; body: Buffer; truncated: boolean }>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new DomainError('invalid', 'The address took too long to answer.'));
    const req = mod.request(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': 'LedaLinkPreview/1.0', accept: 'text/html', 'accept-encoding': 'identity' },
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
    req.end();
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
  };
  const deadline = Date.now() + opts.totalTimeoutMs;
  let url = checkUrl(rawUrl, opts.allowedPorts);
  for (let hop = 0; ; hop++) {
    const target = await resolveChecked(url.hostname, opts.isAllowedAddress);
    const res = await requestOnce(url, target, opts, deadline);
    if (res.location === undefined) return { url: url.toString(), status: res.status, contentType: res.contentType, body: res.body, truncated: res.truncated };
    if (hop >= opts.maxRedirects) throw new DomainError('invalid', 'The address redirects too many times.');
    url = checkUrl(new URL(res.location, url).toString(), opts.allowedPorts);
  }
}
