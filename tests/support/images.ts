import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real 1x1 PNG (every image upload is decoded and re-encoded, so fixtures must be real images). */
export const TINY_PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);

/** A JPEG of the given size carrying EXIF with a GPS position, as a phone writes it. */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Uint8Array> {
  const buf = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'LedaPhone', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
  return new Uint8Array(buf);
}

/**
 * A PNG of width x height pixels in a few dozen KB (a decompression bomb): 1-bit greyscale, every
 * row zeros, deflated. Built by hand so the test never holds the pixels.
 */
export function pngBomb(width: number, height: number): Uint8Array {
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method change, no interlace
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]));
}
