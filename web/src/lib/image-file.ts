import { LIMITS } from '@plates/common';

const IMAGE_EXTENSIONS = /\.(heic|heif|jpe?g|png|gif|webp|bmp|tiff?|avif)$/i;

/**
 * Client-side check before upload; the server checks again. `maxBytes`: the admin's largest photo
 * (useSite), never above the ceiling. Null when the file is acceptable.
 */
export function checkImageFile(file: File, maxBytes: number = LIMITS.uploadBytes): string | null {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) {
    return 'SVG images are not allowed. Please choose a JPG, PNG or GIF photo.';
  }
  if (!file.type.startsWith('image/') && !IMAGE_EXTENSIONS.test(file.name)) {
    return 'Please choose an image file (JPG, PNG or GIF).';
  }
  const limit = Math.min(maxBytes, LIMITS.uploadBytes);
  if (file.size > limit) return `File too large. Images must be ${Math.round(limit / (1024 * 1024))}MB or smaller.`;
  return null;
}
