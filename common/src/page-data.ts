/**
 * A page's first API answers, sent inside its HTML. On a phone each request the app makes after its
 * script has run costs a round trip before anything paints, so the server answers the requests a
 * page starts with (the same GETs, for the same viewer, through the same routes) and writes them
 * into a `<script type="application/json">` block; the app takes each answer once, on its first
 * render, instead of asking the network.
 */

/** The `id` of the data block in the page. */
export const PAGE_DATA_ID = 'page-data';

/** Plates per page of a feed (the home feed, a location, saved plates). */
export const FEED_PAGE_SIZE = 12;

/** The home feed's Featured row. */
export const FEATURED_PATH = '/api/posts/featured';

/** The site's name, contact address and upload limit: every page's footer and upload form. */
export const SITE_PATH = '/api/site';

/** The signed-in member's own account: every page asks for it first. */
export const VIEWER_PATH = '/api/user';

export interface PageData {
  /** Whose answers these are: the signed-in member's id, or null for a visitor. */
  viewer: number | null;
  /** Each API path's answer, as the route sent it (null: the route's 401 for a visitor). */
  answers: Record<string, unknown>;
}

/** `base` with the given parameters as its query string (empty ones left out), as the app asks for it. */
export function pathWithQuery(base: string, params: Record<string, string | number | null | undefined>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${base}?${pairs.join('&')}` : base;
}

const PAGES: ReadonlyArray<readonly [RegExp, (id: string) => string[]]> = [
  [/^\/$/, () => [pathWithQuery('/api/posts', { limit: FEED_PAGE_SIZE }), FEATURED_PATH]],
  [/^\/posts\/([1-9]\d{0,14})\/?$/, (id) => [`/api/posts/${id}`, `/api/posts/${id}/comments`, `/api/posts/${id}/neighbors`]],
  [/^\/auth\/?$/, () => ['/api/system/maintenance', '/api/stats/community']],
];

/** The GETs a page starts with: the viewer on every page, then the page's own data, then the site's settings. */
export function pageApiPaths(pagePath: string): string[] {
  for (const [pattern, paths] of PAGES) {
    const match = pattern.exec(pagePath);
    if (match) return [VIEWER_PATH, ...paths(match[1] ?? ''), SITE_PATH];
  }
  return [VIEWER_PATH, SITE_PATH];
}
