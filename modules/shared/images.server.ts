import type SharpDefault from 'sharp';
import { DomainError } from './errors';

/**
 * Every uploaded image goes through here (decision 243): one pixel limit, read from the header
 * before anything is decoded; turned upright by its EXIF orientation; re-encoded in its own format
 * (PNG stays PNG for transparency, JPEG stays JPEG) without any metadata (no EXIF GPS position, no
 * camera serial, no ICC payload); the original capped at IMAGE_MAX_SIDE and resized copies at the
 * widths the pages show (IMAGE_WIDTHS, for srcset).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest side of the stored original. */
export const IMAGE_MAX_SIDE = 2048;
/** The widths of the resized copies: feed thumbnails (1/3 of a card), the card's hero, the hero on a 2x screen. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

export const IMAGE_UNREADABLE_MESSAGE = 'This image could not be read. Please choose another.';
export const imageTooLargeMessage = (width: number, height: number) =>
  `This image is too large: ${width} × ${height} pixels. Images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`;

export interface ProcessedImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

type Sharp = typeof SharpDefault;
let sharpModule: Sharp | null = null;
async function loadSharp(): Promise<Sharp> {
  // sharp (libvips) is loaded on the first image, not with every process that imports shared.
  sharpModule ??= (await import('sharp')).default;
  return sharpModule;
}

/** The image's size from its header; refuses unreadable images and images over MAX_IMAGE_PIXELS with a clear message. */
export async function checkImagePixels(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('invalid', IMAGE_UNREADABLE_MESSAGE);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new DomainError('invalid', IMAGE_UNREADABLE_MESSAGE);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('invalid', imageTooLargeMessage(width, height));
  return { width, height };
}

/** The original (at most IMAGE_MAX_SIDE) and its copies narrower than it, all re-encoded without metadata. */
export async function processImage(bytes: Uint8Array, contentType: 'image/png' | 'image/jpeg'): Promise<{ original: ProcessedImage; variants: ProcessedImage[] }> {
  await checkImagePixels(bytes);
  const sharp = await loadSharp();
  const encode = (width: number | null) => {
    let img = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    img = width ? img.resize({ width, withoutEnlargement: true }) : img.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (no withMetadata/keepExif): EXIF, XMP, IPTC and comments are dropped.
    img = contentType === 'image/png' ? img.png({ compressionLevel: 9, adaptiveFiltering: true }) : img.jpeg({ quality: 82 });
    return img.toBuffer({ resolveWithObject: true });
  };
  try {
    const main = await encode(null);
    const original: ProcessedImage = { contentType, bytes: main.data, width: main.info.width, height: main.info.height };
    const variants: ProcessedImage[] = [];
    for (const w of IMAGE_WIDTHS) {
      if (w >= original.width) break;
      const v = await encode(w);
      variants.push({ contentType, bytes: v.data, width: v.info.width, height: v.info.height });
    }
    return { original, variants };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid', IMAGE_UNREADABLE_MESSAGE, { cause: error });
  }
}
