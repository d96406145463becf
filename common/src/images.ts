/**
 * How a plate's photo is asked for, shared by the web app's `<img>` and the server's
 * `<link rel="preload">` for the first photo of a page: a preload is only used when its
 * `imagesrcset` and `imagesizes` match the image's `srcset` and `sizes` exactly.
 */

/** Below the lg breakpoint every photo is as wide as the one column: the screen on phones, 640px from sm up. */
const ONE_COLUMN_SIZES = '(min-width: 640px) 640px, 100vw';

/** Card width on each layout: full width on phones, the 42rem centre column from sm up. */
export const CARD_IMAGE_SIZES = `(min-width: 1024px) 672px, ${ONE_COLUMN_SIZES}`;

/**
 * The plate page's photo: from lg up the left 3/5 of the page's column (the layout's 1232px less
 * the side nav and its gap: 952px at xl, 100vw - 296px at lg), less the 24px gap to the details;
 * one column, as the cards, below lg.
 */
export const PLATE_IMAGE_SIZES = `(min-width: 1280px) 557px, (min-width: 1024px) calc(60vw - 192px), ${ONE_COLUMN_SIZES}`;

/** `srcset` of an image's renditions, narrowest first; undefined when it has none. */
export function imageSrcSet(variants: ReadonlyArray<{ width: number; url: string }>): string | undefined {
  if (!variants.length) return undefined;
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}
