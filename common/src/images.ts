/**
 * How a plate's photo is asked for, shared by the web app's `<img>` and the server's
 * `<link rel="preload">` for the first photo of a page: a preload is only used when its
 * `imagesrcset` and `imagesizes` match the image's `srcset` and `sizes` exactly.
 */

/** Card width on each layout: full width on phones, the 42rem centre column from sm up. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 672px, (min-width: 640px) 640px, 100vw';

/** `srcset` of an image's renditions, narrowest first; undefined when it has none. */
export function imageSrcSet(variants: ReadonlyArray<{ width: number; url: string }>): string | undefined {
  if (!variants.length) return undefined;
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}
