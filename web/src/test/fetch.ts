import { vi } from 'vitest';

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;
type Handler = (req: Recorded) => Reply | Promise<Reply>;

/**
 * Stubs global fetch with routes keyed "METHOD /path" (query ignored). Unrouted calls answer
 * 404. Returns the recorded requests.
 */
export function stubFetch(routes: Record<string, Handler | Reply>) {
  const calls: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const req: Recorded = { method, url, headers, body };
    calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    const reply: Reply =
      route === undefined
        ? { status: 404, body: { message: 'The requested resource was not found.', code: 'NOT_FOUND' } }
        : typeof route === 'function'
          ? await route(req)
          : route;
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

export const sampleUser = {
  id: 7,
  username: 'chef_ana',
  displayName: 'Ana Cook',
  email: 'ana@example.com',
  profileImage: null,
  bio: null,
  location: null,
  isAdmin: false,
  emailVerified: true,
  isVerified: false,
  isPrivate: false,
  chatEnabled: true,
  points: 10,
  level: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
};
