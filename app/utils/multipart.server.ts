/**
 * A multipart/form-data reader for our upload paths. Remix's parser (@web3-storage/multipart-parser)
 * splits Content-Disposition on every ';' and '=', so a file named `a;b=c.png` or `say "hi".png`
 * made the whole upload fail. This one reads the quoted parameters as RFC 7578 / the HTML spec
 * write them (quoted strings with \" escapes, %22 %0D %0A as browsers encode them, filename*=UTF-8''…);
 * the stored name is cleaned later (safeFileName in modules/social).
 *
 * The body is read whole: it is already bounded by the route's upload limit, counted as it arrives
 * (body-limit.server.ts), and the files were kept in memory anyway. Parts are views into it, not copies.
 */
export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  bytes: Uint8Array;
}

export class MultipartError extends Error {}

export function boundaryOf(contentType: string | null): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]!) : null;
}

export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let at = buf.indexOf(delimiter);
  if (at === -1 || (at > 0 && buf.indexOf(next) !== at - 2)) throw new MultipartError('no opening boundary');
  at += delimiter.length;
  const parts: MultipartPart[] = [];
  for (;;) {
    if (buf[at] === 0x2d && buf[at + 1] === 0x2d) return parts; // "--": the closing boundary
    if (buf[at] !== 0x0d || buf[at + 1] !== 0x0a) throw new MultipartError('malformed boundary line');
    const headersEnd = buf.indexOf('\r\n\r\n', at + 2);
    if (headersEnd === -1) throw new MultipartError('part headers without an end');
    const headers = buf.toString('utf8', at + 2, headersEnd);
    const dataStart = headersEnd + 4;
    const dataEnd = buf.indexOf(next, dataStart);
    if (dataEnd === -1) throw new MultipartError('part without a closing boundary');
    let disposition: Record<string, string> | null = null;
    let contentType: string | null = null;
    for (const line of headers.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon === -1) throw new MultipartError('header line without a colon');
      const key = line.slice(0, colon).trim().toLowerCase();
      if (key === 'content-disposition') disposition = parseDisposition(line.slice(colon + 1));
      else if (key === 'content-type') contentType = line.slice(colon + 1).trim();
    }
    if (!disposition || disposition.name === undefined) throw new MultipartError('part without a form-data name');
    parts.push({ name: disposition.name, filename: disposition.filename ?? null, contentType, bytes: body.subarray(dataStart, dataEnd) });
    at = dataEnd + next.length;
  }
}

/** `form-data; name="files"; filename="a;b=\"c\".png"` -> { name, filename }; filename* (RFC 5987) wins. */
export function parseDisposition(value: string): Record<string, string> {
  const s = value.trim();
  const first = /^form-data\s*(;|$)/i.exec(s);
  if (!first) throw new MultipartError('not form-data');
  const out: Record<string, string> = {};
  let i = first[0].length;
  while (i < s.length) {
    while (s[i] === ' ' || s[i] === '\t' || s[i] === ';') i++;
    const eq = s.indexOf('=', i);
    if (eq === -1) break;
    const key = s.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (s[i] === ' ' || s[i] === '\t') i++;
    let val = '';
    if (s[i] === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\' && i + 1 < s.length) i++;
        val += s[i];
        i++;
      }
      i++; // the closing quote
      // Browsers write '"', CR and LF of a name as %22, %0D, %0A (HTML spec, multipart/form-data encoding).
      val = val.replace(/%(22|0D|0A)/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    } else {
      const end = s.indexOf(';', i);
      val = s.slice(i, end === -1 ? s.length : end).trim();
      i = end === -1 ? s.length : end;
    }
    if (key === 'filename*') {
      const m = /^([\w-]+)'[^']*'(.*)$/.exec(val);
      try {
        if (m) out.filename = decodeURIComponent(m[2]!);
      } catch {
        // A malformed extended name: keep the plain filename, if any.
      }
    } else if (!(key === 'filename' && 'filename' in out && s.toLowerCase().includes('filename*='))) {
      out[key] = val;
    }
  }
  return out;
}
