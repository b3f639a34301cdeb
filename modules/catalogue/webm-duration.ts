/**
 * The duration of a WebM (Matroska) file, read from its header: Segment > Info > Duration (a float
 * in TimecodeScale units, nanoseconds per unit, 1,000,000 by default). Pure, no dependencies; the
 * catalogue import stores what the media file says, never a hand-typed number (issue 9).
 */
const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;

/** An EBML variable-length integer at `pos`: its value, its length, and whether it is "unknown" (all ones). */
function readVint(buf: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = buf[pos + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(buf: Uint8Array, pos: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + buf[pos + i]!;
  return v;
}

function readFloat(buf: Uint8Array, pos: number, size: number): number | null {
  const view = new DataView(buf.buffer, buf.byteOffset + pos, size);
  if (size === 4) return view.getFloat32(0);
  if (size === 8) return view.getFloat64(0);
  return null;
}

/** Seconds (not rounded), or null when the bytes are not a WebM with a duration in its header. */
export function webmDurationSeconds(buf: Uint8Array): number | null {
  let pos = 0;
  const header = readVint(buf, pos, true);
  if (!header || header.value !== EBML) return null;
  const headerSize = readVint(buf, pos + header.length, false);
  if (!headerSize) return null;
  pos += header.length + headerSize.length + headerSize.value;

  const segmentId = readVint(buf, pos, true);
  if (!segmentId || segmentId.value !== SEGMENT) return null;
  const segmentSize = readVint(buf, pos + segmentId.length, false);
  if (!segmentSize) return null;
  pos += segmentId.length + segmentSize.length;
  const segmentEnd = segmentSize.unknown ? buf.length : Math.min(buf.length, pos + segmentSize.value);

  // Walk the segment's children up to Info (it precedes the clusters in files from muxers and recorders alike).
  while (pos < segmentEnd) {
    const id = readVint(buf, pos, true);
    const size = id && readVint(buf, pos + id.length, false);
    if (!id || !size) return null;
    const body = pos + id.length + size.length;
    if (id.value === CLUSTER) return null;
    if (id.value === INFO) {
      const end = Math.min(buf.length, body + size.value);
      let scale = 1_000_000;
      let duration: number | null = null;
      for (let p = body; p < end; ) {
        const cid = readVint(buf, p, true);
        const csize = cid && readVint(buf, p + cid.length, false);
        if (!cid || !csize) break;
        const cbody = p + cid.length + csize.length;
        if (cid.value === TIMECODE_SCALE) scale = readUint(buf, cbody, csize.value);
        if (cid.value === DURATION) duration = readFloat(buf, cbody, csize.value);
        p = cbody + csize.value;
      }
      return duration === null || !Number.isFinite(duration) || duration < 0 ? null : (duration * scale) / 1e9;
    }
    if (size.unknown) return null;
    pos = body + size.value;
  }
  return null;
}
