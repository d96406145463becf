import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CARD_IMAGE_SIZES,
  PAGE_DATA_ID,
  PLATE_IMAGE_SIZES,
  VIEWER_PATH,
  imageSrcSet,
  pageApiPaths,
  type ImageDto,
  type PageData,
} from '@plates/common';
import { escapeHtml } from '../modules/posts/share-meta.js';

/** What the page request says of who is asking, passed on to the API requests made for it. */
const PASSED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/**
 * The API answers the page at `pagePath` starts with (`pageApiPaths`), for the viewer of
 * `request`: each GET is sent through the app's own routes (`inject`), with the page request's
 * cookie and address, so permissions, blocks, private profiles and rate limits apply exactly as
 * when the app asks itself. An answer that is not a 200 is left out (the app asks for it as
 * usual); the viewer's 401 is kept as null (a visitor). Undefined when the viewer is unknown.
 */
export async function collectPageData(app: FastifyInstance, request: FastifyRequest, pagePath: string): Promise<PageData | undefined> {
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const paths = pageApiPaths(pagePath);
  const responses = await Promise.all(
    paths.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip }).catch(() => undefined)),
  );
  const answers: Record<string, unknown> = {};
  let viewer: number | null | undefined;
  paths.forEach((url, i) => {
    const response = responses[i];
    if (!response) return;
    if (url === VIEWER_PATH && response.statusCode === 401) {
      answers[url] = null;
      viewer = null;
      return;
    }
    if (response.statusCode !== 200 || !String(response.headers['content-type']).startsWith('application/json')) return;
    const body: unknown = response.json();
    answers[url] = body;
    if (url === VIEWER_PATH) viewer = (body as { id: number }).id;
  });
  return viewer === undefined ? undefined : { viewer, answers };
}

/**
 * The data block: JSON with every `<`, `>`, `&` and line separator escaped, so no member's words
 * (a title holding `</script>`) can end the block or start markup. A `type="application/json"`
 * script is data, never run, and needs no exception in the Content-Security-Policy.
 */
export function renderPageData(data: PageData): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/**
 * Asks for a page's first photo from the HTML itself, at high priority, so the browser fetches it
 * alongside the scripts instead of after they have run (it is the page's largest paint). Same
 * `srcset` and `sizes` as the page's `<img>` (a feed card's, or the plate page's photo), or the
 * preload goes unused and the photo is downloaded twice.
 */
export function renderImagePreload(image: ImageDto, sizes: string): string {
  const srcset = imageSrcSet(image.variants);
  const set = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.url)}"${set} fetchpriority="high">`;
}

/**
 * The preload of the photo a page opens with, from the answers it carries: the plate of a plate
 * page, or the first plate of a feed, as this viewer sees it; '' when it opens with none.
 */
export function renderFirstPhotoPreload(pagePath: string, data: PageData): string {
  const own = pageApiPaths(pagePath)[1];
  const first = (own === undefined ? undefined : data.answers[own]) as
    | { image?: ImageDto; posts?: Array<{ image?: ImageDto }> }
    | undefined;
  if (first?.image) return renderImagePreload(first.image, PLATE_IMAGE_SIZES);
  const card = first?.posts?.[0]?.image;
  return card ? renderImagePreload(card, CARD_IMAGE_SIZES) : '';
}
