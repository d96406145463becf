/**
 * Where /auth sends a member once signed in: the page they were on, carried in `?returnTo=`.
 * The address comes from the URL, so anyone can craft it; only a path on this site is honoured.
 */
export const RETURN_PARAM = 'returnTo';
/** `?tab=join` opens /auth on Join Now instead of Sign In. */
export const TAB_PARAM = 'tab';
export const JOIN_TAB = 'join';

const BASE = 'https://plates.invalid';

/**
 * `raw` if it is a path on this site, normalised; "/" for anything else. A path starts with one
 * "/" (not "//" or "/\", which browsers read as another host), carries no whitespace, control
 * character or backslash (the URL parser drops or turns them into slashes: "/\t/evil.example"
 * becomes "//evil.example"), and does not lead back to /auth itself (signed in there, it would
 * send the member round in a circle).
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length > 2000) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- the characters a URL parser strips or reinterprets
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return '/';
  }
  // routes match without regard to case or a trailing slash
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth on Sign In (or Join Now), coming back to `returnTo` afterwards; "/" needs no return. */
export function signInPath(returnTo: string, tab: 'signIn' | 'join' = 'signIn'): string {
  const params = new URLSearchParams();
  if (tab === 'join') params.set(TAB_PARAM, JOIN_TAB);
  const back = safeReturnPath(returnTo);
  if (back !== '/') params.set(RETURN_PARAM, back);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}

/** The address of the page being shown, for `signInPath`. */
export function currentPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

