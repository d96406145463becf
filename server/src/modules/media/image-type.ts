import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_MESSAGES } from './media.messages.js';
import { RefusedUpload } from './refused-upload.js';

/** The formats an upload may be in, decided by content alone. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'bmp' | 'tiff';

const BY_EXTENSION: Record<string, ImageFormat> = {
  jpg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  heic: 'heic',
  bmp: 'bmp',
  tif: 'tiff',
};

/**
 * Sniffs the bytes (magic numbers via file-type; never the file name or declared type). SVG is
 * refused with its own words; file-type does not report SVG (only generic XML, or nothing), so
 * text that looks like SVG markup is detected here.
 */
export async function detectImageFormat(bytes: Uint8Array): Promise<ImageFormat> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const format = sniffed ? BY_EXTENSION[sniffed.ext] : undefined;
  if (format) return format;
  if (looksLikeSvg(bytes)) throw new RefusedUpload('svg', MEDIA_MESSAGES.svgNotAllowed);
  throw new RefusedUpload('unknown_type', MEDIA_MESSAGES.invalidType);
}

/**
 * True for SVG markup in UTF-8 or UTF-16, with or without a BOM, XML prolog, comments or DOCTYPE:
 * the first element in the first 4 KB of text is `<svg` (optionally namespace-prefixed).
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  let rest = decodeHead(bytes.subarray(0, 4096));
  for (let i = 0; i < 100; i++) {
    rest = rest.trimStart();
    const skipTo = rest.startsWith('<?')
      ? '?>'
      : rest.startsWith('<!--')
        ? '-->'
        : /^<!doctype/i.test(rest)
          ? rest.indexOf('[') !== -1 && rest.indexOf('[') < rest.indexOf('>')
            ? ']>'
            : '>'
          : undefined;
    if (!skipTo) break;
    const end = rest.indexOf(skipTo);
    if (end === -1) return false;
    rest = rest.slice(end + skipTo.length);
  }
  return /^<(?:[\w.-]+:)?svg[\s>/]/i.test(rest);
}

function decodeHead(head: Uint8Array): string {
  const b0 = head[0];
  const b1 = head[1];
  if (b0 === 0xff && b1 === 0xfe) return new TextDecoder('utf-16le').decode(head.subarray(2));
  if (b0 === 0xfe && b1 === 0xff) return new TextDecoder('utf-16be').decode(head.subarray(2));
  // UTF-16 without a BOM: `<` followed or preceded by a zero byte
  if (b0 === 0x3c && b1 === 0) return new TextDecoder('utf-16le').decode(head);
  if (b0 === 0 && b1 === 0x3c) return new TextDecoder('utf-16be').decode(head);
  return new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
}
