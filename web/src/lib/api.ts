import { parseRawError, type DescribedError, type ErrorCode } from '@plates/common';
import type { QueryFunction } from '@tanstack/react-query';
import { authStorage } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every failed call becomes an ApiError. Components branch on `code` (never on `message`), show
 * `message` to the person and use `title` for a toast.
 */
export class ApiError extends Error implements DescribedError {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly title: string;
  /** ACCOUNT_SUSPENDED to the right password: the pass to read one's strikes and appeal. */
  readonly appealToken?: string;

  constructor(described: DescribedError) {
    super(described.message);
    this.status = described.status;
    this.code = described.code;
    this.title = described.title;
    if (described.field) this.field = described.field;
    if (described.appealToken) this.appealToken = described.appealToken;
  }

  /** Builds the error from the specification's raw text, `"<status>: <body or status text>"`. */
  static fromRaw(raw: string): ApiError {
    return new ApiError(parseRawError(raw));
  }

  static network(): ApiError {
    // parseRawError gives NETWORK_ERROR for text without a status
    return ApiError.fromRaw('network');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The words of a failure for a toast: its message, or a plain "Please try again.". */
export function describeError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/** Adds the cache-busting timestamp `_t` to a same-origin path, keeping its query and fragment. */
export function withTimestamp(url: string, now: number = Date.now()): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}_t=${now}${hash}`;
}

const BEARER = /^Bearer\s+(\S+)$/i;

export interface RequestOptions {
  /** Sent instead of the session's bearer token (a suspended member's `Appeal <token>`). */
  authorization?: string;
  /** Aborts the call (a newer one replaced it); the fetch's own AbortError is thrown, not an ApiError. */
  signal?: AbortSignal;
}

async function send(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    Accept: 'application/json',
  };
  const token = authStorage.getToken();
  // The session cookie authenticates; the bearer token is the specification's second channel.
  // No X-User-ID header is ever sent: the server ignores it and it must not be trusted.
  if (options.authorization) headers.Authorization = options.authorization;
  else if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(withTimestamp(url), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      cache: 'no-store',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network();
  }

  const answered = BEARER.exec(res.headers.get('Authorization') ?? '');
  if (answered?.[1]) authStorage.setToken(answered[1]);

  if (!res.ok) {
    let text = '';
    try {
      text = await res.text();
    } catch {
      // body unreadable: fall back to the status text
    }
    throw ApiError.fromRaw(`${res.status}: ${text || res.statusText}`);
  }
  return res;
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  const text = await res.text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw ApiError.fromRaw(`${res.status}: ${text}`);
  }
}

/**
 * Calls the API on the same origin with the session cookie and answers the parsed JSON body
 * (`null` for an empty answer). Throws ApiError on any failure.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await send(method, url, body, options);
  return readJson<T>(res);
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query function: GET the path in the query key (its first element). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = queryKey[0];
    if (typeof path !== 'string') throw new Error('The first query key element must be a path');
    try {
      return await apiRequest<T>('GET', path);
    } catch (error) {
      if (options.on401 === 'returnNull' && isApiError(error) && error.status === 401) return null;
      throw error;
    }
  };
}
