import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch';
import { ApiError, apiRequest, getQueryFn, withTimestamp } from './api';

const queryContext = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

describe('apiRequest', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('adds the _t timestamp, no-cache headers and credentials to every request', async () => {
    const { fetchMock, calls } = stubFetch({ 'GET /api/things': { body: { ok: true } } });
    await expect(apiRequest('GET', '/api/things?page=2')).resolves.toEqual({ ok: true });
    expect(calls[0]!.url.searchParams.get('_t')).toBe(String(Date.parse('2025-06-01T12:00:00Z')));
    expect(calls[0]!.url.searchParams.get('page')).toBe('2');
    expect(calls[0]!.headers.get('Cache-Control')).toBe('no-cache');
    expect(calls[0]!.headers.get('Pragma')).toBe('no-cache');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include', method: 'GET' });
  });

  it('sends a JSON body, and FormData as it is', async () => {
    const { fetchMock, calls } = stubFetch({ 'POST /api/x': { body: {} } });
    await apiRequest('POST', '/api/x', { a: 1 });
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ a: 1 });

    const data = new FormData();
    data.append('title', 'Soup');
    await apiRequest('POST', '/api/x', data);
    expect(fetchMock.mock.calls[1]![1]!.body).toBe(data);
    expect(calls[1]!.headers.get('Content-Type')).toBeNull();
  });

  it('sends the stored token as a bearer and never an X-User-ID header', async () => {
    const { calls } = stubFetch({ 'GET /api/user': { body: {} } });
    localStorage.setItem('userId', '42');
    await apiRequest('GET', '/api/user');
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
    expect(calls[0]!.headers.has('X-User-ID')).toBe(false);

    localStorage.setItem('auth_token', 'tok-123');
    await apiRequest('GET', '/api/user');
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(calls[1]!.headers.has('X-User-ID')).toBe(false);
  });

  it('stores a token answered in an Authorization header', async () => {
    stubFetch({ 'POST /api/login': { body: {}, headers: { Authorization: 'Bearer fresh-token' } } });
    await apiRequest('POST', '/api/login', { username: 'ana', password: 'secret1' });
    expect(localStorage.getItem('auth_token')).toBe('fresh-token');
  });

  it('turns an error answer into an ApiError with code, field, message and title', async () => {
    stubFetch({
      'POST /api/register': {
        status: 400,
        body: { message: 'Username already exists', code: 'ALREADY_EXISTS', field: 'username' },
      },
    });
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'ALREADY_EXISTS',
      field: 'username',
      message: 'Username already exists',
      title: 'Already Exists',
    });
  });

  it('uses the status text and the status defaults when the body is empty', async () => {
    stubFetch({ 'GET /api/boom': { status: 503 } });
    const error = (await apiRequest('GET', '/api/boom').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.title).toBe('Service Unavailable');
  });

  it('turns a failed fetch into NETWORK_ERROR', async () => {
    stubFetch({ 'GET /api/user': new TypeError('Failed to fetch') });
    const error = (await apiRequest('GET', '/api/user').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
    expect(error.title).toBe('Connection Problem');
    expect(error.message).toBe('Network error. Please check your internet connection and try again.');
  });

  it('answers null for an empty success', async () => {
    stubFetch({ 'POST /api/logout': { status: 204 } });
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeNull();
  });
});

describe('withTimestamp', () => {
  it('keeps the query and the fragment', () => {
    expect(withTimestamp('/a', 5)).toBe('/a?_t=5');
    expect(withTimestamp('/a?b=1#c', 5)).toBe('/a?b=1&_t=5#c');
  });
});

describe('getQueryFn', () => {
  it('GETs the path in the query key', async () => {
    const { calls } = stubFetch({ 'GET /api/stats/community': { body: { posts: 1, users: 2, ratings: 3 } } });
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/stats/community'))).resolves.toEqual({
      posts: 1,
      users: 2,
      ratings: 3,
    });
    expect(calls[0]!.method).toBe('GET');
  });

  it('answers null on 401 with returnNull, and throws with throw', async () => {
    stubFetch({ 'GET /api/user': { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } } });
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/user'))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/user'))).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('still throws other errors with returnNull', async () => {
    stubFetch({ 'GET /api/user': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } } });
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/user'))).rejects.toMatchObject({
      code: 'INTERNAL_ERROR',
    });
  });
});
