/**
 * The one check for redirect targets built from input (thenTo, redirectTo). A target is resolved
 * with the WHATWG URL parser (what a browser does with a Location header) and accepted only when it
 * is a path on this site, before and after resolution: dot segments ('/.//evil', '/a/../..//evil',
 * '/%2e%2e//evil') must not collapse into a protocol-relative '//host', backslashes ('/\evil') and
 * tabs or newlines (which browsers drop: '/\t/evil') are refused, and schemes never pass. The answer
 * is ASCII (percent-encoded as URL does), so the Location header can always be set.
 */
const SELF = 'http://self.invalid';
const OTHER = 'https://other.invalid';

function resolvesToOwnPath(target: string, base: string) {
  const url = new URL(target, base);
  return url.origin === new URL(base).origin ? url.pathname + url.search + url.hash : null;
}

export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== 'string' || to.length > 2000 || !to.startsWith('/')) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const out = resolvesToOwnPath(to, SELF);
    // A single leading slash followed by something other than '/' or '\': never '//host'.
    if (out === null || !/^\/(?![/\\])/.test(out)) return fallback;
    // Read again by a browser (on any origin) the answer must name the same path on that origin.
    if (resolvesToOwnPath(out, SELF) !== out || resolvesToOwnPath(out, OTHER) !== out) return fallback;
    return out;
  } catch {
    return fallback;
  }
}

/** The thenTo of a URL when it is safe, else null. */
export function safeThenTo(url: URL): string | null {
  const raw = url.searchParams.get('thenTo');
  if (raw === null) return null;
  const to = safeRedirectPath(raw, '');
  return to === '' ? null : to;
}
