import type { ImageAspect, ImageDto } from '@plates/common';
import { thumbHashToDataURL } from 'thumbhash';

/** CSS aspect ratios of document 2 §9: landscape 1.91:1, portrait 4:5, square. */
export const ASPECT_RATIO: Record<ImageAspect, string> = {
  landscape: '1.91 / 1',
  portrait: '4 / 5',
  square: '1 / 1',
};

/** Over 1.5 landscape, under 0.9 portrait, else square (document 2 §9). */
export function aspectOf(image: Pick<ImageDto, 'aspect' | 'width' | 'height'>): ImageAspect {
  if (image.aspect) return image.aspect;
  if (image.width && image.height) {
    const ratio = image.width / image.height;
    if (ratio > 1.5) return 'landscape';
    if (ratio < 0.9) return 'portrait';
  }
  return 'square';
}

const placeholders = new Map<string, string | null>();

/** The ThumbHash (base64) as a PNG data URL, decoded once per hash. */
export function placeholderUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const cached = placeholders.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null;
  try {
    const binary = atob(hash);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    url = thumbHashToDataURL(bytes);
  } catch {
    url = null; // a malformed hash: no placeholder, the muted background shows
  }
  if (placeholders.size > 500) placeholders.clear();
  placeholders.set(hash, url);
  return url;
}
